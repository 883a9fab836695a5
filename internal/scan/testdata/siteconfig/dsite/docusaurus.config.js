module.exports = { title: 'site' };
