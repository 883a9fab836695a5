export default { title: 'fixture' }
