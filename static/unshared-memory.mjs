// Keeps Pyodide from making a shared WebAssembly memory where the page is not
// cross-origin isolated, so that Chromium reports no deprecated use of
// SharedArrayBuffer (Lighthouse's "deprecations" audit, 5 of the 27 points of its
// best-practices score; issue 35).
//
// Why: Pyodide 314.0.2's pyodide.asm.mjs, as it is evaluated, makes a one-page
// shared WebAssembly.Memory whose only use is to sleep by Atomics.wait when a
// read from standard input says "try again" (EAGAIN). Outside cross-origin
// isolation Chromium counts that memory as a SharedArrayBuffer that "will require
// cross-origin isolation" and records a deprecation issue on every boot, on the
// page and in the computer's worker. This app never reads standard input, and on
// the page's main thread Atomics.wait could not sleep anyway. The app is served
// by any static host (docs/deploying.md), so cross-origin isolation, which needs
// response headers, cannot be counted on.
//
// How: while Pyodide loads (its module is evaluated then), WebAssembly.Memory is
// a stand-in that gives an unshared memory when a shared one is asked for and the
// context is not cross-origin isolated; every other call passes through as it
// was, and the real constructor is put back as soon as Pyodide is loaded. What it
// makes is a real WebAssembly.Memory. The only difference it can make: on EAGAIN
// Pyodide's sleep fails at once (Atomics.wait throws on an unshared buffer, and
// Pyodide catches that) and the read's error is raised instead of retried.
//
// No vendored file is changed. If a Pyodide update makes the shared memory some
// other way, tests/e2e/test_boot.py's check of the browser's issues fails.

export async function withoutSharedMemory(load) {
  const real = WebAssembly.Memory;
  if (globalThis.crossOriginIsolated || real.ludeumUnshared) return load();
  const unshared = new Proxy(real, {
    construct(target, args, newTarget) {
      const [descriptor, ...rest] = args;
      const wanted = descriptor && descriptor.shared ? { ...descriptor, shared: false } : descriptor;
      return Reflect.construct(target, [wanted, ...rest], newTarget === unshared ? target : newTarget);
    },
    get(target, key, receiver) {
      return key === 'ludeumUnshared' ? true : Reflect.get(target, key, receiver);
    },
  });
  WebAssembly.Memory = unshared;
  try {
    return await load();
  } finally {
    WebAssembly.Memory = real;
  }
}
