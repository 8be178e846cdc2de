// Write precompressed side files: FILE.br (brotli, quality 11 unless --quality says
// otherwise) and FILE.gz (gzip -9) beside each FILE named, so that a server sends the
// smaller form a browser accepts without compressing anything on the fly
// (docs/deploying.md).
//
//   node scripts/precompress.mjs [--keep] [--quality=N] CACHE_DIR FILE...
//   (scripts/build.py chooses: quality 11 for a release, a quicker one for the tests)
//
// A side file that would not be smaller than its original is not written (and an
// old one is removed). The output is a function of the input bytes alone: gzip's
// header carries no name and no time. So it is kept in CACHE_DIR under a hash of
// the input: brotli 11 takes about 30 s for Pyodide's wasm alone, which is the
// same file build after build. Entries this run did not use are removed, unless
// --keep is given: a build of another site (build.py --out, which the tests run) must
// not empty the cache that dist/'s next build will read. Prints one JSON line per file.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

// The default window (22 bits, 4 MiB): measured on pyodide.asm.wasm, the largest
// standard one (24 bits) gave a bigger file (2,772,116 bytes against 2,741,020)
// and took longer. Python's memory snapshot (31 MB) is the other way round: 24 bits
// gave 4,175,672 bytes against 4,297,075, in 44 s against 38 s. The "large window"
// extension (up to 30) is not for browsers.
function brotliOptions(file, size) {
  return {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
      [zlib.constants.BROTLI_PARAM_LGWIN]: file.endsWith('.snapshot') ? 24 : 22,
    },
  };
}
const args = process.argv.slice(2);
const keep = args[0] === '--keep';
if (keep) args.shift();
let quality = zlib.constants.BROTLI_MAX_QUALITY;
if (args[0]?.startsWith('--quality=')) {
  quality = Number(args.shift().slice('--quality='.length));
  if (!Number.isInteger(quality) || quality < 0 || quality > zlib.constants.BROTLI_MAX_QUALITY) {
    throw new Error(`precompress: brotli's qualities are 0 to 11, not ${quality}`);
  }
}
const [cacheDir, ...files] = args;
const used = new Set();
// Part of every cache key: a change of settings or of zlib must not reuse old output.
const SETTINGS = `br${quality}-gz9 zlib ${process.versions.zlib} brotli ${process.versions.brotli}`;

// FILE's brotli and gzip forms, from the cache or made (and then cached).
async function compressed(file, original) {
  const window = brotliOptions(file, 0).params[zlib.constants.BROTLI_PARAM_LGWIN];
  const key = createHash('sha256').update(`${SETTINGS} window ${window}`).update(original).digest('hex');
  const cached = [path.join(cacheDir, `${key}.br`), path.join(cacheDir, `${key}.gz`)];
  cached.forEach((name) => used.add(path.basename(name)));
  try {
    return await Promise.all(cached.map((name) => readFile(name)));
  } catch {
    // Not cached yet (or partly): make both.
  }
  // zlib's asynchronous calls run on libuv's thread pool (4 threads), so the files
  // are compressed in parallel; brotli 11 of the 9.6 MB wasm is most of the time.
  const made = await Promise.all([
    brotli(original, brotliOptions(file, original.length)),
    gzip(original, { level: 9 }),
  ]);
  // Renamed into place whole, so an interrupted build never leaves half an entry.
  await Promise.all(
    made.map(async (bytes, i) => {
      await writeFile(`${cached[i]}.part`, bytes);
      await rename(`${cached[i]}.part`, cached[i]);
    }),
  );
  return made;
}

async function precompress(file) {
  const original = await readFile(file);
  const [br, gz] = await compressed(file, original);
  const written = { file, size: original.length };
  for (const [suffix, packed] of [['br', br], ['gz', gz]]) {
    const side = `${file}.${suffix}`;
    if (packed.length < original.length) {
      await writeFile(side, packed);
      written[suffix] = packed.length;
    } else {
      await rm(side, { force: true });
    }
  }
  return written;
}

await mkdir(cacheDir, { recursive: true });
const results = await Promise.all(files.map(precompress));
for (const name of keep ? [] : await readdir(cacheDir)) {
  if (!used.has(name)) await rm(path.join(cacheDir, name), { force: true });
}
for (const result of results) {
  console.log(JSON.stringify(result));
}
