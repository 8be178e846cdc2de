// Ludeum storage guard: a classic script, run in <head> before PyScript's core.js.
//
// When the page sits in a cross-site frame whose browser blocks storage (third-party
// storage blocked and not partitioned), touching localStorage or indexedDB throws.
// PyScript's loader opens IndexedDB before it starts Python, so the app would never
// boot. This guard detects the block with one synchronous localStorage probe (which
// costs nothing when storage works) and then gives the page in-memory stand-ins:
// plain objects for localStorage/sessionStorage, and npm's fake-indexeddb (bundled by
// the build into static/vendor/fake-indexeddb.js) for indexedDB. The game is then
// played without being kept, and the page says so (src/web/main.py reads
// window.ludeumStorage).
//
// Two more jobs, for a store that works:
// - Full is not blocked. When the probe's write fails with QuotaExceededError but
//   reading works, the real localStorage is kept (the saved game resumes) and the app
//   is told (window.ludeumStorage = 'full') so that it says saving does not work.
// - The boot watchdog. Python writes the marker BOOT_KEY naming the save it is about
//   to read and removes it once the app is ready (src/web/keeping.py, main.py). A
//   marker still there now means the last boot died while reading, replaying or
//   drawing that record: before Python can read it again, the record is moved aside
//   byte for byte (QUARANTINE_PREFIX, the app's place for records it cannot use),
//   with a note saying why, and window.ludeumRescued tells the app, which starts a
//   new game and says so. Nothing a stored record holds can then stop the app for
//   good. Where moving it fails (storage full), the record stays where it is and the
//   app skips it for this boot and offers it as a download (keptAs: null).
//   Another tab may be booting on the same record at this very moment (a browser
//   restoring its tabs, two tabs opened together): its marker is fresh and names
//   another tab (window.ludeumTab, kept in sessionStorage, which is per tab and
//   survives a reload), and is left alone. A marker of this tab, or one older than
//   LIVE_BOOT_MS, or one that says neither, is a boot that died.

(function () {
  'use strict';

  var BOOT_KEY = 'ludeum:v1:boot';
  var SAVE_KEY = 'ludeum:v1:current';
  var QUARANTINE_PREFIX = 'ludeum:v1:quarantine:';
  var NOTE_PREFIX = 'ludeum:v1:note:';
  var TAB_KEY = 'ludeum:tab';
  // No boot spends this long between writing its marker and being ready (reading a
  // 100,000-action record takes a few seconds): an older marker is a dead boot's.
  var LIVE_BOOT_MS = 60 * 1000;

  function isQuotaError(error) {
    return Boolean(error) && (error.name === 'QuotaExceededError' || error.code === 22
      || error.name === 'NS_ERROR_DOM_QUOTA_REACHED');
  }

  // 'ok', 'full' (writes refused for lack of space, reads work) or 'blocked'.
  function probe(name) {
    var store;
    try {
      store = window[name];
      var key = 'ludeum:probe';
      store.setItem(key, '1');
      store.removeItem(key);
      return 'ok';
    } catch (error) {
      if (!isQuotaError(error)) {
        return 'blocked';
      }
      try {
        store.getItem(SAVE_KEY);
        return 'full';
      } catch (again) {
        return 'blocked';
      }
    }
  }

  function pad(n) { return (n < 10 ? '0' : '') + n; }

  // Local time, as the app names its own set-aside records (YYYYMMDDTHHMMSS).
  function stamp(date) {
    return date.getFullYear() + pad(date.getMonth() + 1) + pad(date.getDate()) + 'T'
      + pad(date.getHours()) + pad(date.getMinutes()) + pad(date.getSeconds());
  }

  function isoLocal(date) {
    return date.getFullYear() + '-' + pad(date.getMonth() + 1) + '-' + pad(date.getDate())
      + 'T' + pad(date.getHours()) + ':' + pad(date.getMinutes()) + ':' + pad(date.getSeconds());
  }

  function watchdog(store) {
    var marker = store.getItem(BOOT_KEY);
    if (marker === null) {
      return;
    }
    var mark = null;
    try {
      mark = JSON.parse(marker);
    } catch (error) {
      mark = null;
    }
    var slot = mark && typeof mark === 'object' ? mark.key : null;
    var fresh = mark && typeof mark.at === 'number' && Math.abs(Date.now() - mark.at) < LIVE_BOOT_MS;
    if (fresh && typeof mark.tab === 'string' && mark.tab !== window.ludeumTab) {
      return; // another tab is reading that record now; it removes its marker when ready
    }
    // Only a save slot is ever moved: never a key the marker might name by mistake.
    var record = typeof slot === 'string'
      && (slot === SAVE_KEY || slot.indexOf(SAVE_KEY + '?') === 0) ? store.getItem(slot) : null;
    if (record === null) {
      store.removeItem(BOOT_KEY); // the boot died before reading a save: nothing to move
      return;
    }
    var now = new Date();
    var key = QUARANTINE_PREFIX + stamp(now);
    for (var n = 2; store.getItem(key) !== null; n++) {
      key = QUARANTINE_PREFIX + stamp(now) + '-' + n;
    }
    var keptAs = null;
    try {
      store.setItem(key, record);
      keptAs = key;
    } catch (error) {
      keptAs = null; // full: the record stays in its slot, and the app skips it
    }
    if (keptAs !== null) {
      try {
        store.setItem(NOTE_PREFIX + key,
          JSON.stringify({ why: 'boot', at: isoLocal(now), from: slot }));
      } catch (error) {
        // The record is safe; only its note is missing (listed as "reason unknown").
      }
      store.removeItem(slot);
    }
    store.removeItem(BOOT_KEY);
    window.ludeumRescued = { key: slot, keptAs: keptAs, size: record.length };
  }

  // This tab's name for the boot watchdog: the same across reloads of the tab.
  function tabName() {
    try {
      var name = window.sessionStorage.getItem(TAB_KEY);
      if (!name) {
        name = Date.now().toString(36) + '-' + Math.random().toString(36).slice(2, 10);
        window.sessionStorage.setItem(TAB_KEY, name);
      }
      return name;
    } catch (error) {
      return null; // no sessionStorage: markers of this tab say no tab, read as dead
    }
  }

  var found = probe('localStorage');
  if (found !== 'blocked') {
    window.ludeumTab = tabName();
    window.ludeumStorage = found === 'ok' ? 'browser' : 'full';
    try {
      watchdog(window.localStorage);
    } catch (error) {
      // Never let the guard itself stop the boot; the app starts as it would have.
      console.warn('Ludeum: boot watchdog failed:', error);
    }
    return;
  }
  window.ludeumStorage = 'memory';
  // For the style sheet: in a frame, the header's "Not saved here" chip says so from
  // the first paint, in the board's room nowhere (static/app.css, .not-kept).
  document.documentElement.dataset.storage = 'memory';

  function MemoryStorage() {
    var items = new Map();
    return {
      get length() { return items.size; },
      key: function (index) { return Array.from(items.keys())[index] || null; },
      getItem: function (key) { key = String(key); return items.has(key) ? items.get(key) : null; },
      setItem: function (key, value) { items.set(String(key), String(value)); },
      removeItem: function (key) { items.delete(String(key)); },
      clear: function () { items.clear(); },
    };
  }

  ['localStorage', 'sessionStorage'].forEach(function (name) {
    if (name === 'sessionStorage' && probe(name) !== 'blocked') {
      return;
    }
    Object.defineProperty(window, name, {
      value: MemoryStorage(), configurable: true, enumerable: true, writable: false,
    });
  });

  // A parser-blocking script, so that it runs before the deferred module core.js.
  // document.write is the one way to get that order from inside a script; it is
  // used only here, when storage is blocked.
  var here = document.currentScript.src;
  var stand_in = new URL('vendor/fake-indexeddb.js', here).href;
  // Through the page's policy (markup-policy.js): the address is this site's own.
  document.write(window.ludeumMarkup.createHTML('<script src="' + stand_in + '"><\/script>'));
})();
