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
// module worker, static/computer-worker.mjs), so the worker hooks have nothing
// to do here: emptying them leaves createFunction nothing to compile. It runs
// before the hooks are read because index.html loads it right after core.js
// (module scripts run in document order) and PyScript reads them only once
// Pyodide has been fetched and started, seconds later. The cost: a PyScript
// worker, if one were ever added, would lack PyScript's own JavaScript hooks.
//
// No vendored file is changed. If a PyScript update moves this, the error below
// (and the e2e test tests/e2e/test_csp.py) says so.
import { hooks } from './vendor/pyscript/core.js';

const JS_HOOKS = ['onReady', 'onBeforeRun', 'onBeforeRunAsync', 'onAfterRun', 'onAfterRunAsync'];

for (const name of JS_HOOKS) {
  const set = hooks?.worker?.[name];
  if (set instanceof Set) {
    set.clear();
  } else {
    console.error(`Ludeum: PyScript's hooks.worker.${name} is not a Set any more: `
      + 'check static/pyscript-without-eval.mjs against the new PyScript');
  }
}
