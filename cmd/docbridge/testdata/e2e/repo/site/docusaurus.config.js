// The fixture as a Docusaurus site: the classic preset serves docs/ at /docs/.
export default {
  title: 'Docs demo',
  url: 'https://octo.github.io',
  baseUrl: '/',
  presets: [['classic', { docs: {} }]],
};
