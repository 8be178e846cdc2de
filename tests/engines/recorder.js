// Test instrument, never shipped: tests/engines/served.py writes it inline into the
// served index.html, before the Content-Security-Policy meta. WebKitGTK's
// WebDriver gives no console log, so the page keeps its own: every uncaught error,
// unhandled rejection, policy violation, failed resource, console.error (and
// console.warn, kept apart: the computer's fallback says itself there). Entries go
// to sessionStorage, so they survive the reloads a test makes (driver.py reads
// them); one "loaded" entry per page shows that the recorder watched it.
(function () {
  'use strict';
  var KEY = 'ludeum-test:log';

  function keep(kind, text) {
    try {
      var stored = JSON.parse(sessionStorage.getItem(KEY) || '[]');
      stored.push({ kind: kind, text: String(text).slice(0, 2000) });
      sessionStorage.setItem(KEY, JSON.stringify(stored));
    } catch (ignored) {
      // Never break the page under test (a wrapped console.error must not throw);
      // a lost "loaded" entry fails the test that counts visits.
    }
  }

  // An error's message and its stack (Firefox's and WebKit's stacks omit the message).
  function described(value) {
    return value && value.stack ? String(value) + '\n' + value.stack : String(value);
  }

  function words(args) {
    return Array.prototype.map.call(args, described).join(' ');
  }

  // Capture phase: a script or stylesheet that fails to load fires `error` on its
  // element without bubbling; only a capturing listener on window sees it.
  window.addEventListener(
    'error',
    function (event) {
      if (event.target && event.target !== window && event.target.tagName) {
        var el = event.target;
        keep('resource', el.tagName + ' ' + (el.src || el.href || ''));
      } else {
        keep('error', event.error ? described(event.error) : event.message);
      }
    },
    true
  );
  window.addEventListener('unhandledrejection', function (event) {
    keep('unhandledrejection', described(event.reason));
  });
  document.addEventListener('securitypolicyviolation', function (event) {
    keep('csp', event.violatedDirective + ' blocked ' + event.blockedURI +
      ' (' + event.sourceFile + ':' + event.lineNumber + ')');
  });
  ['error', 'warn'].forEach(function (level) {
    var original = console[level];
    console[level] = function () {
      keep('console.' + level, words(arguments));
      return original.apply(console, arguments);
    };
  });
  keep('loaded', location.href);
})();
