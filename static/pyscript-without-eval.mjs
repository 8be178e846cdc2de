// Lets PyScript run under a Content-Security-Policy without 'unsafe-eval'
// (docs/deploying.md, "Content-Security-Policy").
//
// Why: PyScript 0.7.31 builds the JavaScript hooks it would hand to a PyScript
// *worker* as source text and compiles them with Function() (@pyscript/core
// src/hooks.js, createFunction). Polyscript reads those hooks on the main thread
// too, as soon as the interpreter is up, whether or not a worker is ever made
// (polyscript esm/custom.js: `new Hook(interpreter, hooks)`, whose constructor
// reads hooks.worker.onBeforeRunAsync and so runs the getter that calls
// Function()). PyScript registers one such hook by default, so every page pays
// the eval. Without 'unsafe-eval' that Function() throws and Python never starts.
//
// This app makes no PyScript worker (the computer's worker is a plain Pyodide
// module worker, static/computer-worker.mjs), so the worker hooks have nothing to
// do here: emptying them leaves createFunction nothing to compile.
//
// When: static/python-snapshot.mjs, the interpreter module pyscript.toml names,
// calls emptyWorkerHooks() once Pyodide is loaded and before it hands the
// interpreter back. Polyscript builds the Hook only after awaiting that
// interpreter, so the hooks are always empty when they are read: an order of cause
// and effect, not of script timing. An earlier version imported core.js from a
// second module script and relied on it running before Python was up; WebKit
// never finishes evaluating PyScript's module graph for an importer (its chunks
// import each other and the importer waits for good), so that module never ran
// there and the page stayed on "Loading" for ever.
//
// How the hooks are reached without importing core.js: PyScript publishes its
// exports, hooks included, on globalThis under Symbol.for('@pyscript/core')
// (the sticky-module package, so that copies of PyScript bundled twice share one
// instance). That registration is the first thing core.js does, long before it
// loads any interpreter. The cost: a PyScript worker, if one were ever added,
// would lack PyScript's own JavaScript hooks.
//
// No vendored file is changed. If a PyScript update moves any of this, the console
// error below says so, the boot watchdog tells the visitor, and the e2e tests
// (tests/e2e/test_csp.py, tests/engines/) fail.

const JS_HOOKS = ['onReady', 'onBeforeRun', 'onBeforeRunAsync', 'onAfterRun', 'onAfterRunAsync'];
const PYSCRIPT = Symbol.for('@pyscript/core');

// Empties PyScript's worker JavaScript hooks; true when all of them were found.
export function emptyWorkerHooks() {
  const worker = globalThis[PYSCRIPT]?.hooks?.worker;
  let found = true;
  for (const name of JS_HOOKS) {
    const set = worker?.[name];
    if (set instanceof Set) {
      set.clear();
    } else {
      found = false;
      console.error(`Ludeum: PyScript's hooks.worker.${name} is not where it was: `
        + 'check static/pyscript-without-eval.mjs against the new PyScript');
    }
  }
  return found;
}
