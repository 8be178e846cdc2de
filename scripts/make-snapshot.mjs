// Make the Python memory snapshot the page and the computer's worker boot from
// (docs/performance.md, "Boot from a memory snapshot"): an interpreter that has
// already started and imported the engine, saved as the bytes of its memory.
//
//   node scripts/make-snapshot.mjs <distDir> <modules.json> <out file> <engine id>
//        [chromium | webkit <MiniBrowser>]
//
// scripts/build.py runs this after dist/ holds the vendored Pyodide and the engine
// archive. It serves distDir on a loopback port, opens a page in headless Chromium
// (Debian's /usr/bin/chromium, or $CHROMIUM) that loads the shipped Pyodide with
// `_makeSnapshot`, unpacks src/ludeum.zip where PyScript unpacks it, imports the
// modules listed in modules.json (scripts/boot_modules.py) and posts the snapshot
// back. Node writes it as it is, behind a one-line header that static/python-
// snapshot.mjs checks before use: the build's brotli and gzip side files carry it
// to the browser (4.2 MB with brotli against 6.4 MB as the gzip stream it used to
// be inside the file), and a host that does not compress it is never asked for the
// raw 31 MB (static/python-snapshot.mjs, keepSnapshot).
//
// Why Chromium and not Node: a snapshot keeps the state of Pyodide's stack switching,
// which follows from whether the engine that made it has JavaScript Promise
// Integration. Node 20 has none; Chromium has it, like the browsers that run the app,
// and a snapshot made without it breaks stack switching in them. The header records
// the flag, and the page uses the snapshot only where the flag is the same.
//
// With `webkit`, the page runs in WebKitGTK's MiniBrowser instead (under Xvfb, through
// WebKitWebDriver): the snapshot for engines without JSPI, Safari's (docs/
// performance.md, "WebKit from its own snapshot"). The header also records how
// CPython calls built-in functions in it (`trampoline`), which that snapshot must
// have chosen as an iPad does.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';

const [distArg, modulesArg, outArg, engineId, browserName = 'chromium', MINIBROWSER] = process.argv.slice(2);
if (!engineId || !(browserName === 'chromium' || (browserName === 'webkit' && MINIBROWSER))) {
  console.error('usage: node scripts/make-snapshot.mjs <distDir> <modules.json> <out file> <engine id>'
    + ' [chromium | webkit <MiniBrowser>]');
  process.exit(2);
}
const dist = path.resolve(distArg);
const modules = JSON.parse(await readFile(modulesArg, 'utf8'));
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
// WebKitGTK's driver and display, as tests/engines/webkit.py finds them (scripts/
// build.py checks that they are there before it asks for a WebKit snapshot).
const WEBKIT_DRIVER = process.env.LUDEUM_WEBKIT_DRIVER || '/usr/bin/WebKitWebDriver';
const XVFB = '/usr/bin/Xvfb';
const HOME = '/home/pyodide'; // where PyScript unpacks [files] "./*": the interpreter's cwd
// The first line of the shipped file; static/python-snapshot.mjs reads the same.
const MAGIC = 'ludeum-python-snapshot 2';
const TIMEOUT_MS = 180_000;

const TYPES = {
  '.html': 'text/html', '.mjs': 'text/javascript', '.js': 'text/javascript',
  '.wasm': 'application/wasm', '.json': 'application/json', '.zip': 'application/zip',
};

// The page that makes the snapshot: never shipped, only served here.
const MAKER_HTML = '<!doctype html><meta charset="utf-8"><title>snapshot</title>'
  + '<script type="module" src="/__snapshot/maker.mjs"></script>';
const MAKER_JS = `
import { loadPyodide, version } from '/static/vendor/pyodide/pyodide.mjs';
const say = (what) => fetch('/__snapshot/' + what.kind, { method: 'POST', body: what.body });
try {
  if (${JSON.stringify(browserName === 'webkit')}) {
    // The snapshot for engines without JSPI serves iPhones and iPads too, where
    // Pyodide has CPython call built-in functions through JavaScript (its wasm-gc
    // trampoline fails there) and so never puts the wasm one in its function table.
    // Pyodide decides by the user agent: this page looks like an iPad to it, so the
    // snapshot holds an iPad's choice, which works on every engine.
    Object.defineProperty(navigator, 'userAgent', { value: 'Mozilla/5.0 (iPad; snapshot maker)' });
  }
  const pyodide = await loadPyodide({ indexURL: '/static/vendor/pyodide/', _makeSnapshot: true });
  const engine = await fetch('/src/ludeum.zip');
  if (!engine.ok) throw new Error('engine archive: HTTP ' + engine.status);
  pyodide.unpackArchive(await engine.arrayBuffer(), 'zip', { extractDir: ${JSON.stringify(HOME)} });
  // Only text crosses into Python: a JavaScript object held by the interpreter
  // could not be restored from the snapshot.
  const skipped = pyodide.runPython(\`
import gc, importlib, json, os, sys
os.chdir(${JSON.stringify(HOME)})
if ${JSON.stringify(HOME)} not in sys.path:
    sys.path.insert(0, ${JSON.stringify(HOME)})
skipped = []
for name in json.loads(\${JSON.stringify(JSON.stringify(${JSON.stringify(modules)}))}):
    try:
        importlib.import_module(name)
    except ImportError:
        skipped.append(name)  # CPython-only names (scripts/boot_modules.py)
del name
gc.collect()
json.dumps(skipped)
\`);
  const jspi = 'Suspending' in WebAssembly;
  // How CPython calls built-in functions, chosen at start-up and kept in the memory
  // copied below: a table index of Pyodide's wasm trampoline, or 0 for its JavaScript
  // one. Recorded so that the page can refuse a snapshot whose choice its own
  // Pyodide would not make (static/python-snapshot.mjs, trampolineDiffers).
  const heap = pyodide._module;
  const offset = heap.HEAP32[heap.__PyEM_EMSCRIPTEN_TRAMPOLINE_OFFSET / 4];
  const trampoline = heap.HEAP32[(heap.__PyRuntime + offset) / 4] === 0 ? 'js' : 'wasm';
  const bytes = pyodide.makeMemorySnapshot();
  await say({ kind: 'info', body: JSON.stringify({ version, jspi, trampoline, skipped: JSON.parse(skipped) }) });
  await say({ kind: 'snapshot', body: bytes });
} catch (error) {
  await say({ kind: 'failed', body: String(error && error.stack || error) });
}
`;

let resolveDone;
const done = new Promise((resolve) => { resolveDone = resolve; });
const result = {};

const server = createServer(async (request, response) => {
  const url = new URL(request.url, 'http://localhost');
  if (request.method === 'POST') {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    const kind = url.pathname.split('/').pop();
    response.end('ok');
    if (kind === 'info') result.info = JSON.parse(body.toString('utf8'));
    if (kind === 'snapshot') { result.snapshot = body; resolveDone(); }
    if (kind === 'failed') { result.failed = body.toString('utf8'); resolveDone(); }
    return;
  }
  if (url.pathname === '/__snapshot/maker.html' || url.pathname === '/__snapshot/maker.mjs') {
    const html = url.pathname.endsWith('.html');
    response.writeHead(200, { 'content-type': html ? 'text/html' : 'text/javascript' });
    response.end(html ? MAKER_HTML : MAKER_JS);
    return;
  }
  const file = path.join(dist, path.normalize(decodeURIComponent(url.pathname)));
  if (!file.startsWith(dist + path.sep)) {
    response.writeHead(403).end();
    return;
  }
  try {
    const body = await readFile(file);
    response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    response.end(body);
  } catch {
    response.writeHead(404).end();
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

// The maker page in headless Chromium; returns how to close it.
async function openInChromium(url) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    // The flags of the e2e tests (tests/e2e/harness.py, CHROMIUM_ARGS), for the same
    // reasons: no network beyond this machine, and no heap profiler to crash a JSPI tab.
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--enable-features=CDPScreenshotNewSurface,SkipListAccountsWithoutGaiaCookies,'
        + 'HeapProfilerReporting:stable-probability/0/nonstable-probability/0'],
  });
  const page = await browser.newPage();
  page.on('pageerror', (error) => console.error(`make-snapshot: page error: ${error}`));
  await page.goto(url);
  return () => browser.close();
}

// A child process that is killed when this script ends, however it ends.
function child(command, args, options) {
  const launched = spawn(command, args, options);
  const kill = () => { if (launched.exitCode === null) launched.kill(); };
  process.on('exit', kill);
  return { process: launched, kill };
}

// An X display for MiniBrowser, which has no headless mode: Xvfb picks a free number
// and writes it on the pipe given as -displayfd.
async function startXvfb() {
  const xvfb = child(XVFB, ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'],
    { stdio: ['ignore', 'ignore', 'inherit', 'pipe'] });
  let written = '';
  for await (const chunk of xvfb.process.stdio[3]) {
    written += chunk;
    if (written.endsWith('\n')) break;
  }
  if (!written.trim()) throw new Error('Xvfb exited before it opened a display');
  return { display: `:${written.trim()}`, stop: xvfb.kill };
}

async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

// The maker page in WebKitGTK's MiniBrowser, driven through WebKitWebDriver with
// plain W3C WebDriver requests (no Selenium at build time); returns how to close it.
async function openInWebKit(url) {
  const xvfb = await startXvfb();
  const port = await freePort();
  const driver = child(WEBKIT_DRIVER, [`--port=${port}`, '--host=127.0.0.1'],
    { stdio: 'ignore', env: { ...process.env, DISPLAY: xvfb.display } });
  const base = `http://127.0.0.1:${port}`;
  const call = async (method, where, body) => {
    const response = await fetch(base + where, {
      method, headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(`WebKitWebDriver ${where}: ${JSON.stringify(answer.value)}`);
    return answer.value;
  };
  const deadline = Date.now() + 30_000;
  for (;;) { // the driver takes a moment to listen
    try {
      if ((await call('GET', '/status')).ready) break;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`WebKitWebDriver did not start: ${error}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const session = await call('POST', '/session', { capabilities: { alwaysMatch: {
    browserName: 'MiniBrowser', pageLoadStrategy: 'none',
    'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
  } } });
  await call('POST', `/session/${session.sessionId}/url`, { url });
  return async () => {
    await call('DELETE', `/session/${session.sessionId}`).catch(() => {});
    driver.kill();
    xvfb.stop();
  };
}

const OPENERS = { chromium: openInChromium, webkit: openInWebKit };
const started = Date.now();
const close = await OPENERS[browserName](`${origin}/__snapshot/maker.html`);
try {
  const timer = setTimeout(() => {
    result.failed = `no snapshot after ${TIMEOUT_MS / 1000} s`;
    resolveDone();
  }, TIMEOUT_MS);
  await done;
  clearTimeout(timer);
} finally {
  await close();
  server.close();
}
if (result.failed) {
  console.error(`make-snapshot: ${result.failed}`);
  process.exit(1);
}
const { version, jspi, trampoline, skipped } = result.info;
// Padded with spaces to a multiple of 8 bytes: the memory after it then starts
// where Pyodide can read it in place (static/python-snapshot.mjs, memoryOf).
const fields = `${MAGIC} ${JSON.stringify({ engine: engineId, pyodide: version, jspi, trampoline, bytes: result.snapshot.length })}`;
const header = `${fields.padEnd(Math.ceil((fields.length + 1) / 8) * 8 - 1)}\n`;
await writeFile(outArg, Buffer.concat([Buffer.from(header, 'utf8'), result.snapshot]));
console.log(
  `make-snapshot: ${modules.length - skipped.length} modules imported in Pyodide ${version}`
  + ` in ${browserName} (JSPI ${jspi ? 'on' : 'off'}, ${trampoline} trampoline), ${(result.snapshot.length / 1e6).toFixed(1)} MB of memory,`
  + ` in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
if (skipped.length) console.log(`make-snapshot: not in this Python: ${skipped.join(', ')}`);
