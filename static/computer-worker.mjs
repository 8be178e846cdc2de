// The computer player's thread: a module worker with its own Pyodide and a copy of
// the engine, so that searching for a move never freezes the page.
//
// It is a plain Pyodide worker rather than a PyScript one: it needs no DOM, and
// PyScript's loader would open IndexedDB and start from a blob: URL, both of which
// a browser may forbid in an embedded (cross-site) page. Requests and replies are
// JSON texts; all the work happens in the pure function ludeum.ai.service.answer,
// which the tests call directly. Started by src/web/computer.py only when a game needs
// the computer, after the page is ready, so it never slows the first boot.
// From the same memory snapshot as the page, when it is cached (python-snapshot.mjs):
// the engine and ludeum.ai.service are then imported already.

// Pyodide tells a classic worker from a module one by calling importScripts with a
// data: address and seeing it fail. Under Trusted Types (the policy a server sends
// with this file, docs/deploying.md) that call is itself a violation, reported
// however it ends. A module worker cannot import scripts anyway: it says so at once,
// before Pyodide is loaded (hence the loader's import is a dynamic one, in start();
// a top-level await would leave the first request, sent at once, with no listener).
self.importScripts = () => {
  throw new TypeError('a module worker imports no classic script');
};

async function start() {
  const { loadPyodide } = await import('./python-snapshot.mjs');
  // The loader unpacks the engine where Python imports it.
  const pyodide = await loadPyodide();
  return pyodide.pyimport('ludeum.ai.service').answer;
}

const answer = start();
answer.then(
  // `python` says whether it started from the snapshot (tests, benchmarks/boot.py).
  () => self.postMessage(JSON.stringify({ ready: true, python: globalThis.ludeumPythonBoot })),
  (error) => self.postMessage(JSON.stringify({ failed: String(error) })),
);

self.onmessage = async (event) => {
  let id = null;
  try {
    id = JSON.parse(event.data).id ?? null;
    self.postMessage((await answer)(event.data));
  } catch (error) {
    self.postMessage(JSON.stringify({ id, error: String(error) }));
  }
};
