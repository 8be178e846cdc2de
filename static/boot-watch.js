// Ludeum boot watch: a classic script, run in <head> before PyScript.
//
// A visitor must never face an endless "Loading the game…", nor be told that the game
// could not start while it is still arriving. This script says so, in the page's
// language (static/page-language.js has put the words in place), when:
// - the browser cannot run the game at all: no WebAssembly (missing, or turned off
//   as in Safari's Lockdown Mode), WebAssembly without the BigInt integration
//   Pyodide needs, or no module scripts (an old browser). Said at once.
// - the boot has gone quiet: for QUIET_MS nothing has arrived and nothing has run.
//   Signs of life are the bytes and files static/boot-progress.js counts and its
//   phases (`ludeum:boot-progress`), and a tick of this script's own timer that
//   comes late, which means the main thread was busy (Python starting on it). So a
//   slow network's first visit, however long, is never called a hang while bytes
//   arrive. 20 s: the longest quiet moment of a normal boot, measured on Lighthouse's
//   mobile profile (docs/reliability.md), is a few seconds, and a connection that
//   stalls for 20 s is one a visitor would give up on anyway; a truly hung boot is
//   said 20 s after its last sign instead of 45 s after the start. An uncaught
//   error or a Content-Security-Policy refusal shortens the quiet wanted to
//   ERROR_GRACE_MS: a boot that has thrown rarely recovers.
// The panel (#boot-failed in index.html) offers: try again (a reload, which takes
// what the HTTP cache holds); start without the speed-up (no memory snapshot, shown
// only when the boot was using one: python-snapshot.mjs reads the request from
// sessionStorage); and, when there is one, download the saved game, byte for byte,
// as a file the app's Import reads. The cause goes to the console. If the boot
// finishes after all, the panel goes and the game is playable: the watch judges, it
// never stops anything.
(function () {
  'use strict';

  var QUIET_MS = 20 * 1000;
  var ERROR_GRACE_MS = 8 * 1000;
  // A tick later than this was held back by work on the main thread.
  var LATE_MS = 250;
  var SAVE_KEY = 'ludeum:v1:current'; // src/web/storage.py; embeddings add '?...'
  var PLAIN_BOOT_KEY = 'ludeum:v1:plain-boot'; // python-snapshot.mjs
  // Tests shorten the quiet stretch (set before this script runs).
  var quiet = typeof window.ludeumBootDeadlineMs === 'number'
    ? window.ludeumBootDeadlineMs : QUIET_MS;
  // How often the watch looks: often enough that a late tick stands out, and that
  // the verdict comes within a quarter of the stretch after it is due.
  var TICK_MS = Math.max(50, Math.min(1000, quiet / 4));

  var ready = false;
  var shown = false;
  var causes = [];
  var ticker = null;
  var lastSign = 0; // performance.now() of the last sign of life (0: navigation start)

  function byId(id) {
    return document.getElementById(id);
  }

  // What this browser lacks to run the game, or '' when it has it all.
  function missing() {
    if (typeof WebAssembly !== 'object' || typeof WebAssembly.Module !== 'function') {
      return 'wasm';
    }
    try {
      // (module (func (export "f") (param i64) (result i64) local.get 0)): an i64
      // crossing into JavaScript as a BigInt, which Pyodide relies on.
      var bytes = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 6, 1, 96, 1, 126, 1, 126,
        3, 2, 1, 0, 7, 5, 1, 1, 102, 0, 0, 10, 6, 1, 4, 0, 32, 0, 11]);
      var probe = new WebAssembly.Instance(new WebAssembly.Module(bytes), {});
      if (typeof BigInt !== 'function' || probe.exports.f(BigInt(7)) !== BigInt(7)) {
        return 'old';
      }
    } catch (error) {
      // A policy or a setting that refuses WebAssembly compiles says so here.
      causes.push('WebAssembly probe: ' + error);
      return 'wasm';
    }
    var script = document.createElement('script');
    if (!('noModule' in script) || typeof Promise !== 'function' || typeof fetch !== 'function'
        || typeof TextDecoder !== 'function' || typeof WeakRef !== 'function') {
      return 'old';
    }
    return '';
  }

  function savedGames() {
    var found = [];
    try {
      var store = window.localStorage;
      for (var i = 0; i < store.length; i++) {
        var key = store.key(i);
        if (key === SAVE_KEY || (key && key.indexOf(SAVE_KEY + '?') === 0)) {
          found.push({ key: key, record: store.getItem(key) });
        }
      }
    } catch (error) {
      // Storage blocked: nothing to offer, and nothing lost.
    }
    return found;
  }

  // One link per saved game (the plain app's, and each embedding's own slot),
  // made from the template link, whose words page-language.js has translated.
  function offerDownloads(games) {
    var template = byId('boot-download');
    games.forEach(function (game, index) {
      var link = template.cloneNode(true);
      link.removeAttribute('id');
      link.download = games.length > 1 ? 'ludeum-saved-game-' + (index + 1) + '.json'
        : 'ludeum-saved-game.json';
      link.href = URL.createObjectURL(new Blob([game.record], { type: 'application/json' }));
      if (games.length > 1) {
        link.textContent += ' (' + (index + 1) + ')';
      }
      link.dataset.key = game.key;
      link.hidden = false;
      template.parentNode.insertBefore(link, template);
    });
  }

  // kind: 'hung', 'unsupported' (no usable WebAssembly) or 'old'.
  function show(kind) {
    if (shown || ready) {
      return;
    }
    shown = true;
    var app = byId('app');
    var panel = byId('boot-failed');
    if (!app || !panel) {
      return;
    }
    var hung = kind === 'hung';
    app.dataset.state = hung ? 'failed' : 'unsupported';
    app.setAttribute('aria-busy', 'false');
    byId('status').hidden = true;
    byId('boot-hung-text').hidden = !hung;
    byId('boot-unsupported-text').hidden = kind !== 'unsupported';
    byId('boot-old-text').hidden = kind !== 'old';
    byId('boot-advice').hidden = hung;
    byId('boot-retry').hidden = !hung;
    byId('boot-plain').hidden = !(hung && window.ludeumSnapshotBooting === true);
    if (hung) {
      offerDownloads(savedGames());
    }
    panel.hidden = false;
  }

  // The boot finished after all: the game is playable, the panel goes.
  function hide() {
    var panel = byId('boot-failed');
    if (panel && !panel.hidden) {
      panel.hidden = true;
      byId('status').hidden = false;
    }
  }

  function fail(kind) {
    if (ready) {
      return;
    }
    var seconds = Math.round(performance.now() / 100) / 10;
    if (kind === 'hung') {
      console.error('Ludeum: the game is not ready ' + seconds + ' s after the page started loading,'
        + ' with no sign of progress for ' + Math.round(allowed() / 100) / 10 + ' s;'
        + ' causes seen: ' + (causes.length ? causes.join(' | ') : 'none (a hang)'));
    } else {
      console.error('Ludeum: this browser cannot run the game (' + (kind === 'old'
        ? 'too old: no module scripts, BigInt WebAssembly or a needed API' : 'no usable WebAssembly')
        + ')' + (causes.length ? ': ' + causes.join(' | ') : ''));
    }
    if (document.readyState === 'loading') {
      document.addEventListener('DOMContentLoaded', function () { show(kind); });
    } else {
      show(kind);
    }
  }

  // The longest quiet the watch has seen, for the tests and benchmarks (ms): how
  // near a boot came to being called a hang.
  window.ludeumBootQuietest = 0;

  function alive() {
    lastSign = performance.now();
  }

  // The quiet stretch that makes a hang: shorter once something has failed.
  function allowed() {
    return causes.length ? Math.min(quiet, ERROR_GRACE_MS) : quiet;
  }

  function watch() {
    var last = performance.now();
    ticker = window.setInterval(function () {
      var now = performance.now();
      if (now - last > TICK_MS + LATE_MS) {
        alive(); // held back: something ran
      }
      last = now;
      window.ludeumBootQuietest = Math.max(window.ludeumBootQuietest, now - lastSign);
      if (now - lastSign >= allowed()) {
        window.clearInterval(ticker);
        fail('hung');
      }
    }, TICK_MS);
  }

  window.addEventListener('ludeum:boot-progress', alive);
  window.addEventListener('ludeum:ready', function () {
    ready = true;
    window.clearInterval(ticker);
    hide();
  });

  function noteCause(text) {
    if (ready || shown) {
      return;
    }
    causes.push(text);
    if (causes.length === 1) {
      alive(); // the shorter stretch counts from the failure
    }
  }

  window.addEventListener('error', function (event) {
    // A script that failed to load arrives here too (capture phase), without a
    // message; other resources (an icon) say nothing about the boot.
    var target = event.target;
    if (event.message) {
      noteCause(event.message);
    } else if (target && target.tagName === 'SCRIPT') {
      noteCause('failed to load ' + target.src);
    }
  }, true);
  window.addEventListener('unhandledrejection', function (event) {
    noteCause('unhandled rejection: ' + (event.reason && event.reason.stack || event.reason));
  });
  document.addEventListener('securitypolicyviolation', function (event) {
    noteCause('Content-Security-Policy refused ' + (event.blockedURI || '?') + ' ('
      + event.effectiveDirective + ')');
  });

  document.addEventListener('DOMContentLoaded', function () {
    var retry = byId('boot-retry');
    var plain = byId('boot-plain');
    if (retry) {
      retry.addEventListener('click', function () { window.location.reload(); });
    }
    if (plain) {
      plain.addEventListener('click', function () {
        try {
          window.sessionStorage.setItem(PLAIN_BOOT_KEY, '1');
        } catch (error) {
          console.warn('Ludeum: could not ask for a start without the snapshot:', error);
        }
        window.location.reload();
      });
    }
  });

  var lacking = missing();
  if (lacking) {
    fail(lacking === 'wasm' ? 'unsupported' : 'old');
  } else {
    watch(); // the first quiet stretch counts from navigation start
  }
})();
