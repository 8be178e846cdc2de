// The page's one Trusted Types policy, "ludeum": the only door through which markup
// and script addresses reach the page. The page's policy requires it (index.html:
// `require-trusted-types-for 'script'; trusted-types ludeum`). It does not sanitize:
// its callers pass ludeum's own drawings, outside text escaped, and never stored
// markup. They, and why each is safe: docs/reliability.md, "Markup and the page".
// In a browser without Trusted Types (older ones), the same object, unchecked.
(function () {
  'use strict';

  function sameOrigin(address) {
    var url = new URL(address, document.baseURI);
    if (url.origin !== window.location.origin) {
      throw new TypeError('Ludeum starts scripts from its own site only, not ' + url.origin);
    }
    return address;
  }

  var rules = {
    createHTML: function (markup) { return markup; },
    createScriptURL: sameOrigin,
  };
  var made = window.trustedTypes && typeof window.trustedTypes.createPolicy === 'function'
    ? window.trustedTypes.createPolicy('ludeum', rules)
    : Object.freeze(rules);
  Object.defineProperty(window, 'ludeumMarkup', { value: made, enumerable: false });
})();
