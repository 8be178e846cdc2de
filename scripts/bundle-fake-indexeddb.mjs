// Bundle npm's fake-indexeddb (an in-memory IndexedDB) into one classic script for
// the storage guard (static/storage-guard.js). A cross-site frame whose browser
// blocks storage makes indexedDB throw, and PyScript's loader opens IndexedDB before
// anything else, so the guard loads this file in its place; it is fetched only then.
// Called by scripts/build.py:
//     node scripts/bundle-fake-indexeddb.mjs <file to write>
import { rollup } from "rollup";

const [target] = process.argv.slice(2);
const bundle = await rollup({
  // "auto" defines window.indexedDB, IDBKeyRange and the other IDB globals.
  input: "node_modules/fake-indexeddb/auto/index.mjs",
  onwarn(warning, warn) {
    // The package computes its global object with Function("return this"), which
    // rollup reports as an eval; harmless here.
    if (warning.code !== "EVAL") warn(warning);
  },
});
await bundle.write({
  file: target,
  format: "iife",
  banner: "// fake-indexeddb (npm, Apache-2.0), bundled by scripts/bundle-fake-indexeddb.mjs",
});
await bundle.close();
console.log(`bundle-fake-indexeddb: wrote ${target}`);
