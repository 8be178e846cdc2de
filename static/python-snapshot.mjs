// Boot Python from a memory snapshot when one is at hand, and as before when not.
//
// pyscript.toml names this module as PyScript's interpreter, and the computer's worker
// imports it too: both call its loadPyodide as they would Pyodide's. A snapshot is the
// memory of an interpreter that has already started and imported the engine
// (scripts/make-snapshot.mjs, run by the build); starting from it skips most of
// Python's start-up (figures in docs/performance.md).
//
// The first visit never pays for it, in time or in bytes: the snapshot is used only
// once it sits in this origin's Cache Storage, and this module fetches it there in the
// background after the page is ready, from the second visit on (most of a museum's
// visitors come once, on a phone: 4 MB they would never use). Every visit after
// that, online or not, boots from it.
//
// The file is the interpreter's memory (31 MB) behind a header line, and travels
// compressed: the build writes brotli and gzip side files beside it, which a host
// sends as the response's Content-Encoding (4.2 MB with brotli). A host that sends
// the file as it is gets its first bytes refused, and the gzip side file is asked for
// by name instead and unpacked here (6.4 MB): never 31 MB on a visitor's network.
//
// It also unpacks the engine (src/ludeum.zip, every module of ours compiled, and the
// translation catalogs) where Python imports it, for the page and the worker alike.
// The page starts that download as soon as this module runs, beside Pyodide's own,
// rather than after Python has started as PyScript's [files] would: on a phone's
// network that takes the engine off the path to a playable board.
//
// Fail safe: a snapshot that is missing, made for another engine or another Pyodide
// (stale), damaged, refused by the browser (Cache Storage unavailable, a quota), or
// whose last boot on this browser never became ready, is not used, and the boot
// goes on as it always did, with nothing shown. Only a console line says why.
import * as pyodideModule from './vendor/pyodide/pyodide.mjs';
import { emptyWorkerHooks } from './pyscript-without-eval.mjs';

export const version = pyodideModule.version;

// Replaced by scripts/build.py with {url, engine, pyodide, jspi, trampoline, bytes};
// null when the build made no snapshot (no Chromium on the building machine).
const SNAPSHOT_WITH_JSPI = /* build: snapshot */ null;
// The same for the snapshot made in WebKitGTK, for engines without JavaScript Promise
// Integration (Safari); null when the building machine has no WebKitGTK and Xvfb.
const SNAPSHOT_WITHOUT_JSPI = /* build: snapshot without JSPI */ null;
// This engine's snapshot: a visitor downloads only theirs. Where the build made none
// for this engine, the other one, which refusal() declines, saying why; null when
// there is neither: every boot is plain.
const SNAPSHOT = ('Suspending' in WebAssembly ? SNAPSHOT_WITH_JSPI : SNAPSHOT_WITHOUT_JSPI)
  ?? SNAPSHOT_WITH_JSPI ?? SNAPSHOT_WITHOUT_JSPI;

// The first line of the file, before the memory (scripts/make-snapshot.mjs).
const MAGIC = 'ludeum-python-snapshot 2';
const CACHE_NAME = 'ludeum-python-snapshot';
// A snapshot boot names itself here and clears it once the page is ready: a mark
// left by this tab, or an old one, is a snapshot boot that died. That build's
// snapshot is then refused on this browser, so it can never stop the app twice.
const BOOT_MARK = 'ludeum:v1:snapshot-boot';
const REFUSED = 'ludeum:v1:snapshot-refused';
// Set when a page of this origin was first ready: a visit that finds it is a return.
const VISITED = 'ludeum:v1:visited';
// In sessionStorage: the visitor asked this tab to start without the snapshot
// ("Start without the speed-up", static/boot-watch.js).
const PLAIN_BOOT = 'ludeum:v1:plain-boot';
// As static/storage-guard.js: no boot takes this long, so an older mark is a dead one.
const LIVE_BOOT_MS = 60 * 1000;
// After the page is ready, wait this long before fetching the snapshot, so the
// download never competes with the page's own first moments.
const FETCH_DELAY_MS = 3000;

const INDEX_URL = new URL('./vendor/pyodide/', import.meta.url).href;
// scripts/build.py rewrites the archive's name to the one that says its content.
const ENGINE_URL = new URL('../src/ludeum.zip', import.meta.url).href;
// Where Python imports the engine from: the interpreter's working directory.
const HOME = '/home/pyodide';
// Replaced by scripts/build.py with {language code: path of its compiled catalog
// (static/locale/<code>.<digest>.mo), from the site's root}. The catalogs travel
// outside the engine, so that a visitor downloads only their own language's: the
// page fetches it beside the engine, in the language static/page-language.js chose,
// and puts it where ludeum.i18n reads it. Another language chosen later is fetched
// by Python (src/web/settings.py) from the addresses kept in window.ludeumCatalogs.
const CATALOGS = /* build: catalogs */ {};
// Replaced by scripts/build.py with Pyodide's lock file less its package list: the app
// loads no package, so the loader need not fetch the 114 KB list.
const LOCK_FILE = /* build: lock */ null;
const inPage = typeof window !== 'undefined' && typeof document !== 'undefined';
const snapshotURL = SNAPSHOT ? new URL(SNAPSHOT.url, new URL('../', import.meta.url)).href : null;

// What happened, for the tests and the boot benchmark: 'snapshot', or 'plain: <why>'.
const report = (how) => {
  if (inPage) {
    window.ludeumPythonBoot = how;
  } else {
    globalThis.ludeumPythonBoot = how;
  }
};

function storage() {
  try {
    return inPage ? window.localStorage : null;
  } catch {
    return null; // a frame whose browser blocks storage
  }
}

function readStore(key) {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function askedForPlain() {
  try {
    return window.sessionStorage.getItem(PLAIN_BOOT) === '1';
  } catch {
    return false;
  }
}

function readMark() {
  try {
    return JSON.parse(storage()?.getItem(BOOT_MARK) ?? 'null');
  } catch {
    return null;
  }
}

function writeStore(key, value) {
  try {
    if (value === null) {
      storage()?.removeItem(key);
    } else {
      storage()?.setItem(key, value);
    }
  } catch (error) {
    // Nothing of the player's is at stake: without the mark a dead snapshot boot
    // is not noticed, which the next build's snapshot will face afresh.
    console.warn('Ludeum: could not note the snapshot boot:', error);
  }
}

// Why this snapshot must not be used now, or '' if it may.
function refusal() {
  if (!SNAPSHOT) return 'no snapshot in this build';
  if (typeof caches === 'undefined') return 'no Cache Storage here';
  // Made where WebAssembly had JavaScript Promise Integration, or not: the state of
  // Pyodide's stack switching in the snapshot must match this browser's.
  if (('Suspending' in WebAssembly) !== SNAPSHOT.jspi) return 'stack switching differs';
  if (trampolineDiffers()) return 'the way Python calls built-in functions differs';
  if (!inPage) return '';
  if (askedForPlain()) return 'the visitor asked to start without it';
  if (readStore(REFUSED) === SNAPSHOT.engine) return 'refused after a failed boot';
  const mark = readMark();
  if (mark && mark.engine === SNAPSHOT.engine) {
    const fresh = typeof mark.at === 'number' && Date.now() - mark.at < LIVE_BOOT_MS;
    if (!fresh || mark.tab === window.ludeumTab) {
      writeStore(REFUSED, SNAPSHOT.engine);
      return 'the last boot from it never became ready';
    }
  }
  return '';
}

// CPython picks, as it starts, how it calls built-in functions: through a small wasm
// module (a "trampoline") or through JavaScript. A snapshot keeps the pick of the
// browser that made it, and the wasm one points into a function table that only a
// browser which picked it has filled. Pyodide picks JavaScript on iPhones and iPads
// (getPyEMTrampolinePtr in pyodide.asm.mjs, by this very test), the wasm module
// elsewhere; a browser that cannot compile that module also picks JavaScript, and a
// snapshot boot there fails and falls back to plain as any failed one does.
function trampolineDiffers() {
  if (SNAPSHOT.trampoline !== 'wasm') return false; // the JavaScript one works anywhere
  const nav = globalThis.navigator;
  const iOS = !!nav && (/iPad|iPhone|iPod/.test(nav.userAgent)
    || (nav.platform === 'MacIntel' && typeof nav.maxTouchPoints !== 'undefined' && nav.maxTouchPoints > 1));
  return iOS;
}

async function openCache() {
  return caches.open(CACHE_NAME);
}

// Header fields, or throws: the file must be this build's snapshot.
function readHeader(bytes) {
  const end = bytes.indexOf(10);
  if (end < 0 || end > 512) throw new Error('no header');
  const line = new TextDecoder().decode(bytes.subarray(0, end));
  if (!line.startsWith(`${MAGIC} `)) throw new Error('not a Ludeum snapshot');
  const header = JSON.parse(line.slice(MAGIC.length + 1));
  for (const key of ['engine', 'pyodide', 'jspi', 'trampoline', 'bytes']) {
    if (header[key] !== SNAPSHOT[key]) {
      throw new Error(`stale: ${key} ${JSON.stringify(header[key])}, this build ${JSON.stringify(SNAPSHOT[key])}`);
    }
  }
  return { header, body: bytes.subarray(end + 1) };
}

// The memory after the header, checked for length: a file cut short is refused.
function memoryOf(bytes) {
  const { header, body } = readHeader(bytes);
  if (body.length !== header.bytes) throw new Error(`damaged: ${body.length} bytes, expected ${header.bytes}`);
  // Pyodide reads the memory's first words through a Uint32Array on the same buffer:
  // the build pads the header so that they are aligned; a copy where they are not.
  return body.byteOffset % 8 === 0 ? body : body.slice();
}

// The snapshot file's bytes, as the network brings them. A host that compresses
// sends the side file's bytes with Content-Encoding, which the browser undoes. One
// that does not would send all 31 MB: its response is dropped at the headers, and
// FILE.gz is fetched by its own name and unpacked here (a host that labels .gz
// files Content-Encoding: gzip has the browser unpack it instead: either works).
async function downloadSnapshot() {
  const response = await fetch(snapshotURL);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const encoding = (response.headers.get('content-encoding') || 'identity').trim().toLowerCase();
  if (encoding !== 'identity') return new Uint8Array(await response.arrayBuffer());
  await response.body?.cancel().catch(() => {});
  if (typeof DecompressionStream === 'undefined') {
    throw new Error('the host sends it uncompressed, and this browser cannot unpack gzip');
  }
  const packed = await fetch(`${snapshotURL}.gz`);
  if (!packed.ok) throw new Error(`the host sends it uncompressed, and ${snapshotURL}.gz: HTTP ${packed.status}`);
  const bytes = new Uint8Array(await packed.arrayBuffer());
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes; // unpacked by the browser
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// The snapshot's memory, or null (and why) when it is not there or not usable.
async function cachedSnapshot() {
  const why = refusal();
  if (why) return { why };
  let cache;
  let response;
  try {
    cache = await openCache();
    response = await cache.match(snapshotURL);
  } catch (error) {
    return { why: `Cache Storage refused: ${error}` };
  }
  if (!response) return { why: 'not cached yet' };
  try {
    return { memory: memoryOf(new Uint8Array(await response.arrayBuffer())) };
  } catch (error) {
    await cache.delete(snapshotURL).catch(() => {}); // fetched afresh after this boot
    return { why: `unusable: ${error.message || error}` };
  }
}

function reseed(pyodide) {
  // The snapshot froze the state `random` had when it was made: every boot would
  // draw the same numbers. Seed it again from the browser's own entropy (os.urandom).
  pyodide.runPython('import random\nrandom.seed()');
}

// Started at once on the page (its response waits while Python starts); in the worker,
// which starts after the page is ready, when it asks.
let engineDownload = inPage ? fetchEngine() : null;

function catalogURL(code) {
  return Object.prototype.hasOwnProperty.call(CATALOGS, code)
    ? new URL(`../${CATALOGS[code]}`, import.meta.url).href : null;
}

if (inPage) {
  window.ludeumCatalogs = Object.fromEntries(Object.keys(CATALOGS).map((code) => [code, catalogURL(code)]));
}

// The page's language, as static/page-language.js set it before this module ran;
// English needs no catalog. The worker speaks no words: it fetches none.
let catalogDownload = inPage ? fetchCatalog(document.documentElement.lang) : null;

async function fetchCatalog(code) {
  const url = catalogURL(code);
  if (!url) return null;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
  return { code, bytes: new Uint8Array(await response.arrayBuffer()) };
}

// Where ludeum.i18n.catalog_path looks. A catalog that did not come is no reason to
// stop: Python shows English and fetches it again (src/web/settings.py).
async function placeCatalog(pyodide, download) {
  try {
    const catalog = await download;
    if (!catalog) return;
    const folder = `${HOME}/ludeum/locale/${catalog.code}/LC_MESSAGES`;
    pyodide.FS.mkdirTree(folder);
    pyodide.FS.writeFile(`${folder}/ludeum.mo`, catalog.bytes);
  } catch (error) {
    console.warn("Ludeum: the page's language did not load with the engine:", error);
  }
}

async function fetchEngine() {
  const response = await fetch(ENGINE_URL);
  if (!response.ok) throw new Error(`the engine did not load: HTTP ${response.status}`);
  return response.arrayBuffer();
}

function unpackEngine(pyodide, archive) {
  pyodide.unpackArchive(archive, 'zip', { extractDir: HOME });
  pyodide.runPython(`import sys\nif ${JSON.stringify(HOME)} not in sys.path: sys.path.insert(0, ${JSON.stringify(HOME)})`);
}

// The standard library's modules that the build's trace did not keep, in one zip
// beside the trimmed python_stdlib.zip (scripts/build.py trim_stdlib).
const STDLIB_REST_URL = new URL('python_stdlib_rest.zip', INDEX_URL).href;
const STDLIB_REST_PATH = '/lib/python_stdlib_rest.zip';

// Fetch the rest of the standard library into Python's file system, synchronously:
// an import cannot wait. A page's synchronous XMLHttpRequest takes no responseType,
// so the bytes come as text with one character per byte (x-user-defined).
// The version (a hash of the rest's content) keeps a cache from serving another
// build's rest (scripts/service-worker.mjs caches it by its whole URL).
function fetchStdlibRest(pyodide) {
  return (version) => {
    const url = `${STDLIB_REST_URL}?v=${encodeURIComponent(version)}`;
    const request = new XMLHttpRequest();
    request.open('GET', url, false);
    request.overrideMimeType('text/plain; charset=x-user-defined');
    request.send(null);
    if (request.status !== 200) throw new Error(`HTTP ${request.status} for ${url}`);
    const text = request.responseText;
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i) & 0xff;
    pyodide.FS.writeFile(STDLIB_REST_PATH, bytes);
    return STDLIB_REST_PATH;
  };
}

// A module missing from the trimmed standard library is fetched, never a broken
// import, and named in the console (scripts/stdlib_rest.py). A build without the
// trimmed zip (no finder in it) boots as before.
function coverStdlibRest(pyodide) {
  let finder;
  try {
    finder = pyodide.pyimport('_ludeum_stdlib_rest');
  } catch {
    return;
  }
  try {
    finder.install(fetchStdlibRest(pyodide), (message) => console.warn(message));
  } finally {
    finder.destroy();
  }
}

export async function loadPyodide(options = {}) {
  const download = engineDownload ?? fetchEngine();
  engineDownload = null; // a second interpreter (none today) fetches its own
  // Never an unhandled rejection while Python starts: the failure is thrown below.
  download.catch(() => {});
  const catalog = catalogDownload;
  catalogDownload = null;
  catalog?.catch(() => {});
  const pyodide = await startPython(options);
  coverStdlibRest(pyodide);
  unpackEngine(pyodide, await download);
  await placeCatalog(pyodide, catalog);
  // On the page, PyScript reads its worker hooks as soon as it has this interpreter:
  // they must be empty by then, or it compiles them with Function(), which the
  // Content-Security-Policy refuses (pyscript-without-eval.mjs).
  if (inPage) emptyWorkerHooks();
  return pyodide;
}

async function startPython(options) {
  // PyScript derives indexURL from this module's URL: point it at Pyodide's folder.
  const settings = { ...options, indexURL: INDEX_URL };
  if (LOCK_FILE) settings.lockFileContents = LOCK_FILE;
  const found = await cachedSnapshot();
  if (found.memory) {
    if (inPage) {
      writeStore(BOOT_MARK, JSON.stringify({ engine: SNAPSHOT.engine, tab: window.ludeumTab ?? null, at: Date.now() }));
      // static/boot-watch.js offers a start without it if this boot never ends.
      window.ludeumSnapshotBooting = true;
    }
    try {
      const pyodide = await pyodideModule.loadPyodide({ ...settings, _loadSnapshot: found.memory });
      // Pyodide keeps the options it was given: let the snapshot's 31 MB go now that
      // they are in the interpreter's own memory.
      if (pyodide._api?.config) pyodide._api.config._loadSnapshot = undefined;
      reseed(pyodide);
      report('snapshot');
      return pyodide;
    } catch (error) {
      // Pyodide refused it (another build of Pyodide) or failed on it: plain boot.
      found.why = `Pyodide refused it: ${error.message || error}`;
      writeStore(BOOT_MARK, null);
      writeStore(REFUSED, SNAPSHOT.engine);
      await openCache().then((cache) => cache.delete(snapshotURL)).catch(() => {});
    }
  }
  if (SNAPSHOT && found.why !== 'not cached yet') {
    console.info(`Ludeum: Python boots without its snapshot (${found.why})`);
  }
  report(`plain: ${found.why}`);
  return pyodideModule.loadPyodide(settings);
}

// After the page is ready: clear the boot's mark, then put this build's snapshot in
// the cache for the next visit if it is not there, and drop older builds' snapshots.
async function keepSnapshot() {
  if (!SNAPSHOT || refusal()) return;
  // A visitor who asked the browser to save data gets no 4 MB download for speed.
  if (navigator.connection?.saveData) return;
  if (navigator.onLine === false) return; // tried again on a visit with a network
  try {
    const cache = await openCache();
    for (const request of await cache.keys()) {
      if (request.url !== snapshotURL) await cache.delete(request);
    }
    if (await cache.match(snapshotURL)) {
      window.ludeumSnapshotKept = true;
      return;
    }
    const bytes = await downloadSnapshot();
    memoryOf(bytes); // never keep another build's file (a stale HTTP cache), or half of one
    // Kept as the memory itself: a boot reads it without unpacking anything.
    await cache.put(snapshotURL, new Response(bytes, { headers: { 'Content-Type': 'application/octet-stream' } }));
    window.ludeumSnapshotKept = true; // for the tests and the boot benchmark
  } catch (error) {
    // The visitor loses nothing: the next boot is a plain one, and this is tried again.
    console.warn('Ludeum: the Python snapshot was not kept for the next visit:', error);
  }
}

// Once the service worker controls the page, ask it for this page's language again
// (from the HTTP cache: no download), so that it keeps it for offline visits; a kiosk
// asks for every language its site offers, since visitors switch while it is offline.
function keepLanguages() {
  const worker = navigator.serviceWorker;
  if (!worker) return;
  const kiosk = document.documentElement.classList.contains('kiosk');
  const wanted = kiosk ? Object.keys(CATALOGS) : [document.documentElement.lang];
  const keep = () => {
    for (const code of wanted) {
      const url = catalogURL(code);
      if (url) fetch(url).catch(() => {}); // a failure costs only offline words
    }
  };
  if (worker.controller) keep();
  else worker.addEventListener('controllerchange', keep, { once: true });
}

if (inPage) {
  window.addEventListener('ludeum:ready', keepLanguages, { once: true });
  window.addEventListener('ludeum:ready', () => {
    if (readMark()?.engine === SNAPSHOT?.engine) writeStore(BOOT_MARK, null);
    if (readStore(VISITED) !== null) {
      window.setTimeout(keepSnapshot, FETCH_DELAY_MS);
    } else {
      writeStore(VISITED, '1');
    }
  }, { once: true });
}
