// Ludeum boot watch: a classic script, run in <head> before PyScript.
//
// A visitor must never face an endless "Loading the game…". This script says so,
// in the page's language (static/page-language.js has put the words in place), when:
// - the browser cannot run the game at all: no WebAssembly (missing, or turned off
//   as in Safari's Lockdown Mode), WebAssembly without the BigInt integration
//   Pyodide needs, or no module scripts (an old browser). Said at once.
// - the game is not ready BOOT_DEADLINE_MS after the page started loading. A plain
//   first visit is ready in about 3 s here in Firefox, 5 s in Chromium and WebKit
//   (docs/performance.md); 45 s leaves room for a tablet several times slower on a
//   slow network's first visit of 14 MB. An uncaught error or a Content-Security-
//   Policy refusal before then shortens the wait to ERROR_GRACE_MS: a boot that
//   has thrown rarely recovers, and the visitor should not wait 45 s to hear it.
// The panel (#boot-failed in index.html) offers: try again (a reload); start
// without the speed-up (no memory snapshot, shown only when the boot was using one:
// python-snapshot.mjs reads the request from sessionStorage); and, when there is
// one, download the saved game, byte for byte, as a file the app's Import reads.
// The cause goes to the console. If the boot finishes after all, the panel goes
// and the game is playable: the deadline judges, it never stops anything.
(function () {
  'use strict';

  var BOOT_DEADLINE_MS = 45 * 1000;
  var ERROR_GRACE_MS = 8 * 1000;
  var SAVE_KEY = 'ludeum:v1:current'; // src/web/storage.py; embeddings add '?...'
  var PLAIN_BOOT_KEY = 'ludeum:v1:plain-boot'; // python-snapshot.mjs
  // Tests shorten the deadline (set before this script runs).
  var deadline = typeof window.ludeumBootDeadlineMs === 'number'
    ? window.ludeumBootDeadlineMs : BOOT_DEADLINE_MS;

  var ready = false;
  var shown = false;
  var causes = [];
  var timer = null;

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
      console.error('Ludeum: the game is not ready ' + seconds + ' s after the page started loading;'
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

  // Judge the boot `ms` from now.
  function judgeIn(ms) {
    window.clearTimeout(timer);
    timer = window.setTimeout(function () { fail('hung'); }, Math.max(0, ms));
  }

  window.addEventListener('ludeum:ready', function () {
    ready = true;
    window.clearTimeout(timer);
    hide();
  });

  function noteCause(text) {
    if (ready || shown) {
      return;
    }
    causes.push(text);
    if (causes.length === 1 && performance.now() + ERROR_GRACE_MS < deadline) {
      judgeIn(ERROR_GRACE_MS);
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
    judgeIn(deadline - performance.now()); // the deadline counts from navigation start
  }
})();
