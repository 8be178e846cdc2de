// Ludeum welcome screen, before Python: a classic script in <head>, run before the body
// is parsed, so the screen it picks is the one at the first paint.
//
// 1. Which screen opens. A URL with a launch parameter of ours (a game, an opponent,
//    kiosk mode, a shared record: everything but lang, theme and sound) opens the game, as
//    it always did; so does a reload of a tab that was on the game screen
//    (sessionStorage, per tab). Any other visit opens on the welcome screen. The choice
//    is <html data-screen="welcome|game">; ludeum/welcome.py says the same in Python
//    (tests/unit/test_welcome.py keeps the lists equal).
// 2. The Continue card: the game left unfinished (or over: "Your last game"), with the
//    picture of its position that Python stored when the visitor last left it
//    (src/web/welcome.py), shown now if the saved game is still the one pictured and
//    once DOMPurify has kept only its drawing; Python checks and completes it.
// 3. A choice clicked before Python listens is not lost: it is kept in
//    #app[data-queued], the game screen shows the board loading, and Python starts
//    that game as soon as it is up, before drawing any other.
(function () {
  'use strict';

  var SCREEN_KEY = 'ludeum:v1:screen'; // sessionStorage: this tab's screen
  var CONTINUE_KEY = 'ludeum:v1:continue'; // localStorage: src/web/welcome.py
  // ludeum/launch.py's PARAMETERS but ludeum/welcome.py's SETTINGS_PARAMETERS.
  var LAUNCH_PARAMETERS = ['game', 'ruleset', 'kiosk', 'idle', 'opponent', 'level',
    'computer', 'record', 'at', 'lesson', 'step', 'friend'];
  var root = document.documentElement;
  var query = new URLSearchParams(window.location.search);

  function launched() {
    return LAUNCH_PARAMETERS.some(function (name) { return query.has(name); });
  }

  function session(value) {
    try {
      if (value === undefined) {
        return window.sessionStorage.getItem(SCREEN_KEY);
      }
      window.sessionStorage.setItem(SCREEN_KEY, value);
    } catch (error) {
      // No sessionStorage: a reload opens on the welcome screen, nothing worse.
    }
    return null;
  }

  // The game the Continue card pictures, if the saved game is still that one: its
  // entry, else null (src/web/welcome.py stores it; Python checks it again).
  function continued() {
    try {
      var stored = JSON.parse(window.localStorage.getItem(CONTINUE_KEY) || 'null');
      var save = window.localStorage.getItem(stored && stored.key);
      return stored && save !== null && save.length === stored.size ? stored : null;
    } catch (error) {
      return null;
    }
  }

  // The address names the game on screen (#senet; src/web/welcome.py name_address);
  // a move between screens is a step of the Back button, but in a frame.
  function name(screen, game) {
    var known = ['senet', 'squadro', 'lodestone'].indexOf(game) >= 0; // never a stored text as is
    var address = window.location.pathname + window.location.search +
      (screen === 'game' && known ? '#' + game : '');
    try {
      if (root.hasAttribute('data-framed')) {
        window.history.replaceState(null, '', address);
      } else {
        window.history.pushState(null, '', address);
      }
    } catch (error) {
      // A browser that refuses: the address stays as it was, nothing else changes.
    }
  }

  function show(screen, game) {
    root.dataset.screen = screen;
    if (!launched()) {
      session(screen);
      name(screen, game);
    }
  }

  // A bookmark of a game (#squadro) opens it if it is the game kept here.
  var named = window.location.hash.replace(/^#/, '');
  var kept = named && !launched() ? continued() : null;
  root.dataset.screen = launched() || session() === 'game' || (kept && kept.game === named)
    ? 'game' : 'welcome';
  // A lesson's link (?lesson=senet) opens on the lesson (src/web/lessons.py).
  if (query.has('lesson')) {
    root.dataset.screen = 'lesson';
  }

  // 4. In another page's frame (a museum's, a school's), <html data-framed>: the
  //    embed layout in static/app.css, a link to the app in a tab of its own, and
  //    the "Not saved here" chip where storage is blocked.
  var framed;
  try {
    framed = window.self !== window.top;
  } catch (error) {
    framed = true; // a browser that refuses to say is framing us
  }
  if (framed) {
    root.dataset.framed = '';
    // A frame too small for the full layout (static/app.css's embed layout, whose
    // media query this repeats) is data-framed="small": the layouts of a full-size
    // window (Senet's board across the top) apply to a larger frame too.
    var small = window.matchMedia('(orientation: landscape) and (max-height: 700px), ' +
      '(orientation: landscape) and (max-width: 999px)');
    var sized = function () { root.dataset.framed = small.matches ? 'small' : ''; };
    sized();
    small.addEventListener('change', sized);
    if (!query.has('kiosk')) { // a kiosk has no link out of its exhibit
      document.addEventListener('DOMContentLoaded', function () {
        var full = document.getElementById('open-full');
        if (full) {
          full.href = window.location.href;
        }
      });
    }
    // Where the browser blocks storage, the header's "Not saved here" chip (a
    // <details>, static/app.css) opens its explanation over the page; Escape or a
    // click elsewhere closes it, as a menu closes, Escape giving the focus back.
    document.addEventListener('keydown', function (event) {
      var chip = document.getElementById('not-kept');
      if (event.key === 'Escape' && chip && chip.open) {
        chip.open = false;
        chip.querySelector('summary').focus();
      }
    });
    document.addEventListener('click', function (event) {
      var chip = document.getElementById('not-kept');
      if (chip && chip.open && !(event.target instanceof Node && chip.contains(event.target))) {
        chip.open = false;
      }
    });
  }

  // Python's room listens from here on (src/web/welcome.py sets it).
  function ready() {
    return root.dataset.welcomeListens === '1';
  }

  // The choice a welcome button stands for, as ludeum.welcome.choice_from_data reads it.
  function choiceOf(button) {
    var data = {};
    ['game', 'opponent', 'level', 'custom', 'continue'].forEach(function (name) {
      if (button.dataset[name] !== undefined) {
        data[name] = button.dataset[name];
      }
    });
    var reading = document.querySelector('input[name="welcome-reading"]:checked');
    data.reading = reading ? reading.value : 'jequier';
    data.kendall = Array.prototype.map.call(
      document.querySelectorAll('input[name="welcome-kendall"]:checked'),
      function (box) { return box.value; }
    ).join(',');
    return data;
  }

  function queue(button) {
    var data = choiceOf(button);
    var app = document.getElementById('app');
    app.dataset.queued = JSON.stringify(data);
    if (data.game) {
      root.dataset.queuedGame = data.game;
      var title = document.getElementById('welcome-' + data.game + '-title');
      var name = document.getElementById('game-name');
      if (title && name) {
        name.textContent = title.textContent;
      }
    }
    show('game', data.game || (continued() || {}).game);
    var status = document.getElementById('status');
    if (status) {
      status.setAttribute('tabindex', '-1');
      status.focus();
    }
  }

  document.addEventListener('click', function (event) {
    var full = event.target instanceof Element && event.target.closest('#open-full[href]');
    if (full) {
      full.href = window.location.href; // this frame's game, as the address now says
      return;
    }
    if (ready() || !(event.target instanceof Element)) {
      return; // Python's own listeners take it from here (src/web/welcome.py)
    }
    var home = event.target.closest('#home');
    if (home) {
      if (!launched()) {
        event.preventDefault();
        delete document.getElementById('app').dataset.queued;
        delete root.dataset.queuedGame;
        show('welcome');
      } else {
        session('welcome'); // the link leads to the page without parameters
      }
      return;
    }
    var button = event.target.closest('#welcome button[data-game], #welcome [data-continue]');
    if (button) {
      queue(button);
      return;
    }
    var learn = event.target.closest('#welcome button[data-lesson]');
    if (learn) { // a lesson asked for before Python: opened as soon as it is up
      document.getElementById('app').dataset.queued = JSON.stringify({lesson: learn.dataset.lesson});
      show('lesson');
    }
  });

  // Back from the game before Python listens: the welcome screen, the choice dropped.
  window.addEventListener('popstate', function () {
    if (ready() || launched() || window.location.hash || root.dataset.screen !== 'game') {
      return; // Python's room takes it from here (src/web/welcome.py on_history)
    }
    delete document.getElementById('app').dataset.queued;
    delete root.dataset.queuedGame;
    root.dataset.screen = 'welcome';
    session('welcome');
  });

  // The sanitizer's options for a stored picture: SVG only (DOMPurify's SVG profile),
  // none of what could fetch, run or carry HTML (foreignObject, images, links, <use>,
  // styles, animations), no attribute naming another resource; what is left is the
  // shapes, classes and words ludeum's renderers draw (tests/e2e/test_stored_markup.py
  // checks a real picture comes through whole).
  var PICTURE_RULES = {
    USE_PROFILES: { svg: true },
    FORBID_TAGS: ['foreignObject', 'image', 'a', 'use', 'style', 'script', 'animate',
      'animateMotion', 'animateTransform', 'set', 'feImage', 'iframe'],
    FORBID_ATTR: ['style', 'href', 'xlink:href', 'src'],
    ADD_ATTR: ['role', 'focusable'], // the picture's name for screen readers: role="img"
    RETURN_DOM_FRAGMENT: true,
  };
  var OWN_REFERENCE = /^url\(#[A-Za-z0-9_-]+\)$/; // a marker or gradient of the picture itself
  // What ludeum's renderers never write: a stored picture holding any of it is not
  // even parsed (its card waits for Python). Parsing alone, even in DOMPurify's inert
  // document, has the browser check an event handler or a <style> against the page's
  // policy and report it; this way nothing stored ever puts the policy to work.
  var NEVER_DRAWN = /(?:^|[\s\/"'])(?:on[a-z]+|style)\s*=|<\s*\/?\s*(?:script|style|foreignObject|image|use|a|iframe|animate\w*|set)\b|javascript:|url\s*\((?!#)/i;

  function sanitizer() {
    var table = document.getElementById('site-files');
    var files = table ? JSON.parse(table.textContent) : {};
    var path = files['static/vendor/dompurify/purify.mjs'] || 'static/vendor/dompurify/purify.mjs';
    return import(new URL(path, document.baseURI).href).then(function (module) {
      var purify = module.default;
      purify.addHook('uponSanitizeAttribute', function (node, data) {
        if (/url\s*\(/i.test(data.attrValue) && !OWN_REFERENCE.test(data.attrValue.trim())) {
          data.keepAttr = false;
        }
      });
      return purify;
    });
  }

  // The Continue card from what Python stored, once the page (and its words, put in
  // place by page-language.js, a deferred script) is there. The stored picture is
  // markup from localStorage, which any script of this origin can write (a museum's
  // site serving Ludeum under a path of its own shares it): it is never put in the
  // page as it is, only what DOMPurify keeps of it (docs/reliability.md).
  document.addEventListener('DOMContentLoaded', function () {
    if (query.has('kiosk')) {
      var link = document.getElementById('home');
      if (link) {
        link.removeAttribute('href'); // a kiosk's visitors stay with its game
      }
    }
    var stored = continued();
    var title = stored && typeof stored.game === 'string' &&
      document.getElementById('welcome-' + stored.game + '-title');
    if (!title || typeof stored.picture !== 'string' || NEVER_DRAWN.test(stored.picture)) {
      return; // no unfinished game, not the one pictured, or not our drawing: Python decides
    }
    sanitizer().then(function (purify) {
      var frame = document.getElementById('welcome-continue-picture');
      if (ready() || frame.firstChild) {
        return; // Python drew the card meanwhile
      }
      var kept = purify.sanitize(stored.picture, Object.assign(
        { TRUSTED_TYPES_POLICY: window.ludeumMarkup }, PICTURE_RULES));
      var svg = kept.firstElementChild;
      if (kept.childElementCount !== 1 || !svg || svg.localName !== 'svg') {
        return;
      }
      frame.appendChild(svg);
      document.getElementById('welcome-continue-game').textContent = title.textContent;
      var card = document.getElementById('welcome-continue');
      card.dataset.over = stored.over === true ? 'true' : 'false';
      card.hidden = false;
    }).catch(function (error) {
      // No sanitizer (offline before it was ever fetched) or a picture it cannot
      // read: the card comes with Python, drawn from the saved game itself.
      console.info('Ludeum: the Continue card waits for Python:', error && error.message);
    });
  });
})();
