// Which kind of input the visitor last used, on <html data-input>: "pointer" (a
// mouse, a finger, a pen) or "keys". The app moves focus itself (the result's
// heading, a lesson's title, the New game button after a kiosk's touch), and a
// browser may draw its focus ring there even for a mouse or a finger: static/app.css
// hides the ring while the last input was a pointer, and a key brings it back at
// once (keydown comes before the focus moves). A screen that is touched, not
// clicked (a kiosk, a tablet), starts as "pointer". Listening on window in the
// capture phase sees every event first, even one a handler stops.
(function () {
  var root = document.documentElement;
  function set(kind) {
    if (root.dataset.input !== kind) root.dataset.input = kind;
  }
  if (window.matchMedia && window.matchMedia("(pointer: coarse)").matches) set("pointer");
  window.addEventListener("pointerdown", function () { set("pointer"); }, true);
  // Any key, a modifier alone too: Shift is how a keyboard's user may start (Shift+Tab).
  window.addEventListener("keydown", function () { set("keys"); }, true);
})();
