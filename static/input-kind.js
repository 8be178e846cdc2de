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
  window.addEventListener("keydown", function (event) {
    // A modifier alone (Shift to take a screenshot, Control to zoom) is no keyboard use.
    if (event.key !== "Shift" && event.key !== "Control" && event.key !== "Alt" && event.key !== "Meta") set("keys");
  }, true);
})();
