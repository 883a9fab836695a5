'use strict';

const path = require('node:path');
const { readFile } = require('fs/promises');
const helpers = require('./helpers');

async function load(name) {
  const mod = await import(`./plugins/${name}.mjs`);
  return mod.default(await readFile(path.join(__dirname, name)));
}

module.exports = {
  load,
  helpers,
  version: '1.0.0',
};
module.exports.extra = () => require('./extra');
