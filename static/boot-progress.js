// Ludeum boot progress: a classic script, run in <head> before PyScript, after
// boot-watch.js (which listens for its signs of life).
//
// On a school's wifi a first visit downloads several megabytes before Python can
// start: the page says how far it has got (#boot-progress, fixed at the foot of the
// window so that nothing moves when it goes), then what comes after the download,
// until the game is ready. Its words are the page's (index.html, translated by
// static/page-language.js like the rest: ludeum/page_text.py BOOT_TEXT).
//
// What is counted: the files a first visit needs, by their path under the site and
// their decoded size, written in by the build (scripts/build.py,
// write_first_visit_sizes), so that this script knows no file name. The big ones
// (the wasm, the standard library, the engine archive) are fetched with fetch() by
// Pyodide and PyScript: a wrapper of window.fetch counts their bodies as they
// arrive, by reading a clone. The visitor's response is handed over untouched: it
// keeps its URL, status and headers, so WebAssembly.instantiateStreaming and
// Chromium's code cache treat it as before. Module scripts (pyodide.asm.mjs) are
// counted when complete, from the Performance timeline. The wrapper is put in only
// when no service worker controls the page (there the files come from its cache in
// a moment), and taken out when the game is ready.
//
// Every byte that arrives and every phase is a sign of life for static/boot-watch.js:
// this script dispatches `ludeum:boot-progress` on window ({bytes, fraction, phase}),
// and keeps the last state in window.ludeumBootProgress.
(function () {
  'use strict';

  // Replaced by scripts/build.py: {"files": {path: decoded bytes}, "later": [the
  // paths PyScript asks for once Python is up], "entry": the app's entry script}.
  var FIRST_VISIT = /* build: first-visit sizes */ null;
  // A boot ready sooner than this shows nothing (a visit from the cache is ready in
  // about a second): no flash of a bar.
  var SHOW_AFTER_MS = 1000;
  // The words and the bar change at most this often; the events go out at once.
  var DRAW_EVERY_MS = 200;

  var files = FIRST_VISIT && FIRST_VISIT.files ? FIRST_VISIT.files : {};
  var sizes = {}; // absolute URL -> decoded bytes expected
  var total = 0;
  Object.keys(files).forEach(function (path) {
    sizes[new URL(path, document.baseURI).href] = files[path];
    total += files[path];
  });
  var entryURL = FIRST_VISIT && FIRST_VISIT.entry
    ? new URL(FIRST_VISIT.entry, document.baseURI).href : null;
  // What Python needs before it can start: every file but the later ones.
  var runtime = Object.keys(sizes);
  ((FIRST_VISIT && FIRST_VISIT.later) || []).forEach(function (path) {
    var url = new URL(path, document.baseURI).href;
    runtime = runtime.filter(function (other) { return other !== url; });
  });

  var arrived = {}; // absolute URL -> bytes of it seen so far
  var state = { bytes: 0, total: total, fraction: 0, phase: 'download' };
  window.ludeumBootProgress = state;
  var ready = false;
  var drawTimer = null;

  function plain(url) {
    var cut = url.search(/[?#]/);
    return cut < 0 ? url : url.slice(0, cut);
  }

  // 'download' until Pyodide's files are in, then 'python' (it starts, while the
  // engine archive may still be arriving), then 'opening' once the app's entry
  // script arrives, which PyScript asks for when the interpreter is up.
  function phaseNow() {
    if (entryURL && arrived[entryURL] !== undefined) {
      return 'opening';
    }
    var started = runtime.length > 0 && runtime.every(function (url) {
      return arrived[url] === sizes[url];
    });
    return started ? 'python' : 'download';
  }

  function signal() {
    window.dispatchEvent(new CustomEvent('ludeum:boot-progress', {
      detail: { bytes: state.bytes, fraction: state.fraction, phase: state.phase },
    }));
  }

  // `url` has `bytes` in so far (a count that only grows); any other URL is a sign
  // of life without progress.
  function note(url, bytes) {
    if (ready) {
      return;
    }
    var key = plain(url);
    var before = arrived[key] || 0;
    if (sizes[key] !== undefined) {
      var now = Math.min(Math.max(before, bytes), sizes[key]);
      arrived[key] = now;
      state.bytes += now - before;
      state.fraction = total ? state.bytes / total : 0;
    } else if (key === entryURL) {
      arrived[key] = bytes;
    }
    state.phase = phaseNow();
    signal();
    scheduleDraw();
  }

  // --- Counting --------------------------------------------------------------

  // Reads a clone of `response` to its end, counting, and leaves the original to
  // whoever asked for it. A clone that fails says nothing: the original fails
  // too, and its reader says so.
  function count(response) {
    if (!response.body || typeof response.clone !== 'function') {
      return;
    }
    var url = response.url;
    var reader;
    try {
      reader = response.clone().body.getReader();
    } catch (error) {
      return; // body already used: nothing to count
    }
    var seen = 0;
    function pump() {
      reader.read().then(function (chunk) {
        if (chunk.done || ready) {
          if (!chunk.done) {
            reader.cancel().catch(function () {});
          }
          return;
        }
        seen += chunk.value.byteLength;
        note(url, seen);
        pump();
      }, function () {});
    }
    pump();
  }

  var originalFetch = window.fetch;
  var controlled = !!(navigator.serviceWorker && navigator.serviceWorker.controller);
  if (typeof originalFetch === 'function' && !controlled && total > 0) {
    var countingFetch = function () {
      var answer = originalFetch.apply(this, arguments);
      if (!ready) {
        answer.then(count, function () {});
      }
      return answer;
    };
    window.fetch = countingFetch;
    window.addEventListener('ludeum:ready', function () {
      if (window.fetch === countingFetch) {
        window.fetch = originalFetch;
      }
    }, { once: true });
  }

  // Complete files, from the cache or the network: module scripts, and the fetched
  // files again (a count that never goes back). Entries from before this script
  // ran come too (buffered).
  if (typeof PerformanceObserver === 'function') {
    try {
      new PerformanceObserver(function (list) {
        list.getEntries().forEach(function (entry) {
          note(entry.name, entry.decodedBodySize || 0);
        });
      }).observe({ type: 'resource', buffered: true });
    } catch (error) {
      // No resource timing here: the fetched files still count.
    }
  }

  // --- Showing ---------------------------------------------------------------

  function byId(id) {
    return document.getElementById(id);
  }

  function language() {
    return document.documentElement.lang || 'en';
  }

  // One formatter per language, kept: making one costs milliseconds (ICU's data for
  // the locale), and the bar is drawn every DRAW_EVERY_MS while the files come
  // (28 ms of a boot's main thread in a profile, 2026-11-29, when each draw made two).
  var percentFormat = null;
  var percentLanguage = null;

  function percent(fraction) {
    try {
      if (percentLanguage !== language()) {
        percentLanguage = language();
        percentFormat = new Intl.NumberFormat(percentLanguage,
          { style: 'percent', maximumFractionDigits: 0 });
      }
      return percentFormat.format(fraction);
    } catch (error) {
      return Math.floor(fraction * 100) + '%';
    }
  }

  function words(id) {
    var node = byId(id);
    return node ? node.textContent : '';
  }

  function draw() {
    drawTimer = null;
    var box = byId('boot-progress');
    var bar = byId('boot-progress-bar');
    if (!box || !bar || ready) {
      return;
    }
    // The bar measures bytes while some are due; after that it has no measure.
    var downloading = state.bytes < total && state.phase !== 'opening';
    // Floored, and never 100 % before all is in.
    var shown = Math.min(Math.floor(state.fraction * 100), 99);
    var said = words('boot-progress-' + state.phase);
    byId('boot-progress-text').textContent = said;
    byId('boot-progress-amount').textContent = downloading ? percent(shown / 100) : '';
    box.dataset.phase = state.phase;
    box.dataset.measure = downloading ? 'bytes' : 'none';
    box.style.setProperty('--boot-done', String(downloading ? shown / 100 : 1));
    if (downloading) {
      bar.setAttribute('aria-valuenow', String(shown));
      bar.setAttribute('aria-valuetext', percent(shown / 100));
    } else {
      // What follows the download has no measure: an indeterminate bar.
      bar.removeAttribute('aria-valuenow');
      bar.setAttribute('aria-valuetext', said);
    }
  }

  function scheduleDraw() {
    if (drawTimer === null && document.readyState !== 'loading') {
      drawTimer = window.setTimeout(draw, DRAW_EVERY_MS);
    }
  }

  function reveal() {
    var box = byId('boot-progress');
    if (!box || ready || total === 0) {
      return;
    }
    draw();
    box.hidden = false;
  }

  document.addEventListener('DOMContentLoaded', function () {
    var wait = Math.max(0, SHOW_AFTER_MS - performance.now());
    window.setTimeout(reveal, wait);
  });

  window.addEventListener('ludeum:ready', function () {
    ready = true;
    state.phase = 'ready';
    window.clearTimeout(drawTimer);
    var box = byId('boot-progress');
    if (box) {
      box.hidden = true;
    }
  }, { once: true });
})();
