// Generate dist/sw.js: a service worker that precaches every file of the built
// site so the app works offline after one visit.
//
//   node scripts/service-worker.mjs DIST CONTENT_ADDRESSED   (scripts/build.py runs this)
//
// Workbox versions each precached file by a hash of its content, so a new build
// replaces exactly the files that changed. The manifest URLs are relative to
// sw.js, so the site works under any sub-path (e.g. /exhibits/senet/).
import { generateSW } from 'workbox-build';
import path from 'node:path';

const distDir = path.resolve(process.argv[2] ?? 'dist');
// The paths whose names say their content (scripts/addressing.py, CONTENT_ADDRESSED,
// given by the build), matched against "/" + a manifest URL.
const contentAddressed = new RegExp(process.argv[3] ?? '$^');

// Files whose names say their content carry no revision: Workbox then takes them from
// the HTTP cache the page has just filled, where a revision would make it fetch them
// again past that cache (cache: 'reload'), and the runtime would download twice on a
// first visit.
const addressedByName = (entries) => ({
  manifest: entries.map((entry) =>
    contentAddressed.test(`/${entry.url}`) ? { ...entry, revision: null } : entry),
  warnings: [],
});

const { count, size, warnings } = await generateSW({
  globDirectory: distDir,
  globPatterns: ['**/*'],
  // The Python snapshot (about 6 MB) is kept by the page itself, in a cache of its
  // own, after it is ready (static/python-snapshot.mjs): precaching it too would
  // download it twice on a first visit.
  // The precompressed side files (FILE.br, FILE.gz: scripts/precompress.mjs) are
  // for the server to send in FILE's place, never URLs of their own. The rest of the
  // standard library (about 7 MB of sources) is fetched only if a module escaped the
  // build's trace (static/python-snapshot.mjs): never on an ordinary visit, so not
  // precached either; runtimeCaching keeps it once fetched. The QR encoder of the
  // printed sheets (static/vendor/qrcode-generator/) is fetched only when the visitor
  // prints, so that it adds nothing to a first visit; runtimeCaching keeps it too.
  // So is the sanitizer of a stored Continue picture (static/vendor/dompurify/),
  // fetched by static/welcome.js only when a visitor comes back to a game.
  // The translation catalogs (static/locale/<code>.<digest>.mo) are not precached
  // either: a visitor downloads only their own language's (static/python-snapshot.mjs
  // asks for it again once this worker controls the page, and runtimeCaching keeps
  // it; a kiosk keeps every language the site offers).
  globIgnores: [
    'static/snapshot/**', '**/*.br', '**/*.gz', '**/python_stdlib_rest.zip',
    'static/vendor/qrcode-generator/**', 'static/vendor/dompurify/**', 'static/locale/**',
    // What a deployment check asks the server (scripts/check_site.py); the page never does.
    'version.json',
  ],
  swDest: path.join(distDir, 'sw.js'),
  manifestTransforms: [addressedByName],
  // pyodide.asm.wasm is about 9.6 MB; the default limit is 2 MiB.
  maximumFileSizeToCacheInBytes: 32 * 1024 * 1024,
  // Take over the first tab at once, so it works offline without a reload.
  clientsClaim: true,
  // A new build waits until the visitor agrees to reload (static/boot.js posts
  // {type: 'SKIP_WAITING'}, which the generated worker handles) or every tab of
  // the site has closed. Taking over at once would serve an old page, still
  // running, the new build's files: a mix of two versions.
  skipWaiting: false,
  // An asynchronous fetch of it (a worker's, say) is kept for offline visits; the
  // page's synchronous request bypasses the service worker in Chromium (measured,
  // docs/performance.md). Its URL carries a hash of its content (?v=); only the
  // latest is kept.
  runtimeCaching: [{
    // A language's words, named by their content: the cached copy is always right.
    urlPattern: ({ url }) => /\/static\/locale\/[a-z]{2,3}\.[0-9a-f]{10}\.mo$/.test(url.pathname),
    handler: 'CacheFirst',
    options: { cacheName: 'ludeum-languages', expiration: { maxEntries: 8 } },
  }, {
    urlPattern: ({ url }) => url.pathname.endsWith('/python_stdlib_rest.zip'),
    handler: 'CacheFirst',
    options: { cacheName: 'ludeum-stdlib-rest', expiration: { maxEntries: 1 } },
  }, {
    // Printed once online, the sheets print with their QR code offline too. Its name
    // says its content (scripts/addressing.py): the cached copy is always right, and
    // a new build's encoder is a new URL.
    urlPattern: ({ url }) =>
      /\/static\/vendor\/qrcode-generator\/qrcode\.[0-9a-f]{10}\.mjs$/.test(url.pathname),
    handler: 'CacheFirst',
    options: { cacheName: 'ludeum-print', expiration: { maxEntries: 1 } },
  }, {
    // A game to continue shows its picture offline too, once it has been shown online
    // (without it the card waits for Python's drawing). Named by its content.
    urlPattern: ({ url }) =>
      /\/static\/vendor\/dompurify\/purify\.[0-9a-f]{10}\.mjs$/.test(url.pathname),
    handler: 'CacheFirst',
    options: { cacheName: 'ludeum-sanitizer', expiration: { maxEntries: 1 } },
  }],
  cleanupOutdatedCaches: true,
  // "./" and "./?game=senet" are all served the cached index.html.
  directoryIndex: 'index.html',
  ignoreURLParametersMatching: [/.*/],
  // One self-contained file: the Workbox runtime is bundled in, never fetched
  // from a CDN, and nothing refers to another host.
  inlineWorkboxRuntime: true,
  sourcemap: false,
  mode: 'production',
});

for (const warning of warnings) {
  console.warn(`service-worker: warning: ${warning}`);
}
console.log(`service-worker: sw.js precaches ${count} files, ${size.toLocaleString('en')} bytes`);
