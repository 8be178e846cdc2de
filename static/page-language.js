// Ludeum page language: a classic deferred script, run once the page is parsed and
// before PyScript's core.js (deferred scripts run in document order).
//
// The page is written in English and Python translates it once it is up, seconds
// later. The build (scripts/build.py, ludeum/page_text.py) writes the page's words in
// every language the app speaks into <script type="application/json" id="page-text">;
// this script picks the visitor's language the way Python will
// (ludeum.i18n.choose_language) and puts those words in place now, so a French
// visitor never reads English and nothing changes when Python is ready.
(function () {
  'use strict';

  var LANGUAGE_KEY = 'ludeum:v1:language'; // src/web/storage.py

  function known(table, code) {
    return typeof code === 'string' && Object.prototype.hasOwnProperty.call(table, code);
  }

  // The link's ?lang= (first value, trimmed, any case), as ludeum/launch.py reads it.
  function asked() {
    var value = new URLSearchParams(window.location.search).get('lang');
    return value === null ? null : value.trim().toLowerCase();
  }

  // storage-guard.js may have put an in-memory stand-in in place; a blocked store
  // can still throw here. Either way no stored choice is no reason to fail.
  function stored() {
    try {
      return window.localStorage.getItem(LANGUAGE_KEY);
    } catch (error) {
      return null;
    }
  }

  function preferred() {
    var tags = navigator.languages;
    return tags && tags.length ? tags : [navigator.language || 'en'];
  }

  function choose(table) {
    var choices = [asked(), stored()];
    for (var i = 0; i < choices.length; i++) {
      if (known(table, choices[i])) {
        return choices[i];
      }
    }
    var tags = preferred();
    for (var j = 0; j < tags.length; j++) {
      var code = String(tags[j]).split('-')[0].toLowerCase();
      if (known(table, code)) {
        return code;
      }
    }
    return fallback(table);
  }

  // The site's default language (its ludeum.toml, as the build wrote it), else English.
  function fallback(table) {
    try {
      var site = JSON.parse(document.getElementById('site-config').textContent);
      if (known(table, site.default_language)) {
        return site.default_language;
      }
    } catch (error) {
      // No site file: Ludeum as shipped.
    }
    return 'en';
  }

  function show(code, words) {
    document.documentElement.lang = code;
    // Arabic's page reads from right to left (its boards keep their own orientation).
    document.documentElement.dir = words.dir || 'ltr';
    var select = document.getElementById('language');
    if (select) {
      select.value = code;
    }
    if (!words || !words.text) {
      return; // English: the page as written
    }
    document.title = words.title;
    Object.keys(words.text).forEach(function (id) {
      var node = document.getElementById(id);
      if (node) {
        node.textContent = words.text[id];
      }
    });
    // The welcome screen in this language (ludeum/welcome.py, prerendered by the build):
    // its markup has empty picture slots; the drawings already on the page move into
    // them and take this language's name and words (the build checked the drawings
    // are otherwise the same).
    var welcome = document.getElementById('welcome');
    if (welcome && words.welcome) {
      var drawings = {};
      welcome.querySelectorAll('[data-picture]').forEach(function (slot) {
        drawings[slot.dataset.picture] = slot.firstElementChild;
      });
      // This page's own words, put there by the build: through the page's policy.
      welcome.innerHTML = window.ludeumMarkup.createHTML(words.welcome);
      welcome.querySelectorAll('[data-picture]').forEach(function (slot) {
        var svg = drawings[slot.dataset.picture];
        var picture = words.welcome_pictures[slot.dataset.picture];
        if (!svg || !picture) {
          return;
        }
        svg.setAttribute('aria-label', picture.label);
        var drawn = svg.querySelectorAll('text');
        if (drawn.length === picture.text.length) {
          for (var t = 0; t < drawn.length; t++) {
            drawn[t].textContent = picture.text[t];
          }
        }
        slot.appendChild(svg);
      });
    }
    // The start board's names and words, by position: the build checked that the
    // drawing is otherwise the same in every language. A board already redrawn (a
    // different count) is left alone.
    var labelled = document.querySelectorAll('#board [aria-label]');
    var texts = document.querySelectorAll('#board text');
    var tips = document.querySelectorAll('#board [data-tip]');
    var tipWords = words.board_tips || [];
    if (labelled.length === words.board.length && texts.length === words.board_text.length
        && tips.length === tipWords.length) {
      // A special square's name, shown on hover (its <title>) and on a long press.
      for (var t = 0; t < tips.length; t++) {
        tips[t].setAttribute('data-tip', tipWords[t]);
        var title = tips[t].querySelector('title');
        if (title) {
          title.textContent = tipWords[t];
        }
      }
      for (var k = 0; k < labelled.length; k++) {
        labelled[k].setAttribute('aria-label', words.board[k]);
      }
      for (var m = 0; m < texts.length; m++) {
        texts[m].textContent = words.board_text[m];
      }
    }
  }

  try {
    var block = document.getElementById('page-text');
    var table = block ? JSON.parse(block.textContent) : null;
    if (table) {
      var code = choose(table);
      show(code, table[code]);
    }
  } catch (error) {
    // The page stays in English until Python translates it: never stop the boot.
    console.warn('Ludeum: could not show the page in its language:', error);
  }
})();
