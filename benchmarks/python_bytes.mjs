// Bytes of the Python files a visit may fetch, as a compressing server sends them:
// raw, gzip level 9 and brotli quality 11 (Node's zlib), for each built site given.
//
//   node benchmarks/python_bytes.mjs [dist dir...]     (default: dist)
//
// docs/performance.md, "A trimmed standard library and a smaller engine archive".
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const FILES = [
  'static/vendor/pyodide/python_stdlib.zip',
  'static/vendor/pyodide/python_stdlib_rest.zip',
  'src/ludeum.zip',
  'static/python-snapshot.mjs',
  'sw.js',
];

for (const dist of process.argv.slice(2).length ? process.argv.slice(2) : ['dist']) {
  const snapshots = existsSync(join(dist, 'static/snapshot')) ? readdirSync(join(dist, 'static/snapshot')) : [];
  console.log(`\n${dist}\n| file | raw | gzip-9 | brotli-11 |\n| --- | ---: | ---: | ---: |`);
  for (const file of [...FILES, ...snapshots.map((name) => `static/snapshot/${name}`)]) {
    if (!existsSync(join(dist, file))) continue;
    const bytes = readFileSync(join(dist, file));
    const brotli = brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }).length;
    const sizes = [bytes.length, gzipSync(bytes, { level: 9 }).length, brotli];
    console.log(`| ${file} | ${sizes.map((n) => n.toLocaleString('en')).join(' | ')} |`);
  }
}
