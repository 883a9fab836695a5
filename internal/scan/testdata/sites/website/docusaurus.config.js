module.exports = { title: 'fixture' };
