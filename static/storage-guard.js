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
(function () {
  'use strict';

  function probe(name) {
    try {
      var store = window[name];
      var key = 'ludeum:probe';
      store.setItem(key, '1');
      store.removeItem(key);
      return true;
    } catch (error) {
      return false;
    }
  }

  if (probe('localStorage')) {
    window.ludeumStorage = 'browser';
    return;
  }
  window.ludeumStorage = 'memory';

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
    if (name === 'sessionStorage' && probe(name)) {
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
  document.write('<script src="' + stand_in + '"><\/script>');
})();
