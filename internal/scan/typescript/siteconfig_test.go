package typescript

import (
	"encoding/json"
	"testing"
)

// TestSiteConfig: the literal part of a site configuration's exported
// value is recorded; what is not a literal is left out.
func TestSiteConfig(t *testing.T) {
	cases := []struct {
		name, path, src, want string
	}{
		{"docusaurus ts", "www/docusaurus.config.ts", `
import type { Config } from '@docusaurus/types';
const env = parseEnv(process.env);
const blog = { routeBasePath: 'news' };
export default {
  baseUrl: '/',
  trailingSlash: false,
  presets: [['@docusaurus/preset-classic', {
    docs: { routeBasePath: '/', path: "content", sidebarPath: require.resolve('./sidebars.js'),
            versions: { '10.x': { path: 'v10' } }, lastVersion: 'current' },
    blog,
    pages: false,
  } satisfies Preset.Options]],
  image: ` + "`${env.OG}/x`" + `,
} satisfies Config;
`, `{"baseUrl":"/","presets":[["@docusaurus/preset-classic",{"blog":{"routeBasePath":"news"},"docs":{"lastVersion":"current","path":"content","routeBasePath":"/","versions":{"10.x":{"path":"v10"}}},"pages":false}]],"trailingSlash":false}`},
		{"commonjs", "docusaurus.config.js", `
// @ts-check
const config = { baseUrl: '/docs/', plugins: [['@docusaurus/plugin-content-docs', { id: 'api', path: 'api' }]] };
module.exports = config;
`, `{"baseUrl":"/docs/","plugins":[["@docusaurus/plugin-content-docs",{"id":"api","path":"api"}]]}`},
		{"async function", "docusaurus.config.mjs", `
export default async function createConfig() {
  const x = 'b';
  return { baseUrl: '/a/', tagline: x };
}
`, `{"baseUrl":"/a/","tagline":"b"}`},
		{"vitepress", "docs/.vitepress/config.mts", `
import { defineConfig } from 'vitepress'
export default withPwa(defineConfig({
  srcDir: 'src', cleanUrls: true, base: '/x/',
  rewrites: { 'packages/:pkg/src/(.*)': ':pkg/index.md' },
  ...{ lang: 'en' },
}))
`, `{"base":"/x/","cleanUrls":true,"lang":"en","rewrites":{"packages/:pkg/src/(.*)":":pkg/index.md"},"srcDir":"src"}`},
		{"computed keys", "website/.vitepress/config.ts", `
const isLatest = process.env.DOCS_CHANNEL === 'latest';
const channel = isLatest ? 'latest' : 'next';
const lang = 'en';
export default defineConfig({
  srcDir: 'src',
  rewrites: { [` + "`${channel}/:path*`" + `]: ':path*', [` + "`docs/${lang}/(.*)`" + `]: '(.*)', ['old']: 'new', [lang]: 'x', [channel]: 'y', [f()]: 'z' },
  srcExclude: [` + "`${channel}/**`" + `],
})
`, `{"rewrites":{":channel/:path*":":path*","docs/en/(.*)":"(.*)","en":"x","old":"new"},"srcDir":"src","srcExclude":[null]}`},
		{"vitepress part", "docs/.vitepress/config/shared.ts", `
export const slugify = (s: string) => s
export const sharedConfig = defineConfig({ markdown: { attrs: { leftDelimiter: '%{', rightDelimiter: '}%' }, anchor: { slugify } } })
`, `{"markdown":{"anchor":{},"attrs":{"leftDelimiter":"%{","rightDelimiter":"}%"}}}`},
		{"astro starlight", "docs/astro.config.mjs", `
import { defineConfig } from 'astro/config';
import starlight from '@astrojs/starlight';
import redirects from './redirects.js';
export const locales = { root: { label: 'English', lang: 'en' }, 'pt-br': { label: 'Português', lang: 'pt-BR' } };
const site = process.env.URL || 'https://example.org/';
export default defineConfig({
  site, base: '/docs', trailingSlash: 'always',
  redirects: { ...redirects, '/old/': '/new/' },
  integrations: [starlight({ title: 'Docs', locales }), mdx()],
});
`, `{"base":"/docs","integrations":[{"locales":{"pt-br":{"label":"Português","lang":"pt-BR"},"root":{"label":"English","lang":"en"}},"title":"Docs"},null],"redirects":{"$import:./redirects.js":true,"/old/":"/new/"},"trailingSlash":"always"}`},
		{"self reference", "docusaurus.config.js", `const a = a; module.exports = { x: a, y: 1 };`, `{"y":1}`},
		{"a data module", "docs/redirects.js", `// generated
export default { '/a': '/b', "/c": { destination: '/d' }, e: f() }`, `{"/a":"/b","/c":{"destination":"/d"}}`},
		{"not a config, no object literal", "src/config.ts", `export default defineConfig({ a: 1 })`, `null`},
		{"not a config, no default export", "src/config.ts", `export const a = { b: 1 }`, `null`},
		{"an imported module spread into an option", "docs/astro.config.mjs", `
import redirects from './redirects.js';
import other from 'some-package';
import * as ns from './ns.js';
export default defineConfig({ redirects: { ...redirects, '/x': '/y' }, a: other, b: ns, c: redirects })
`, `{"c":{"$import:./redirects.js":true},"redirects":{"$import:./redirects.js":true,"/x":"/y"}}`},
		{"no export", "docusaurus.config.js", `const a = 1;`, `null`},
	}
	e := NewExtractor()
	defer e.Close()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := e.Extract(c.path, []byte(c.src))
			got, err := json.Marshal(f.SiteConfig)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != c.want {
				t.Errorf("SiteConfig:\n got %s\nwant %s", got, c.want)
			}
		})
	}
}

// FuzzSiteConfig: any bytes as a configuration module never panic.
func FuzzSiteConfig(f *testing.F) {
	f.Add([]byte("export default { a: [1, 'b', { c: true }] }"))
	f.Add([]byte("module.exports = x; const x = { ...x, y: () => ({ z: x }) }"))
	e := NewExtractor()
	defer e.Close()
	f.Add([]byte("import a from './a.js'; import './side.js'; import type { B } from './b'; export default { ...a, b: a }"))
	f.Fuzz(func(t *testing.T, data []byte) {
		_ = e.Extract("docusaurus.config.ts", data)
		_ = e.Extract("src/redirects.js", data) // a data module
	})
}
