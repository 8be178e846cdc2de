// Pack the engine (src/ludeum) and the browser glue's rooms (src/web, less its entry
// point main.py, which the page loads itself) into one zip for the browser, with its bytecode
// compiled ahead of time by the very Pyodide the site ships, so the browser does not
// compile ~100 KB of Python at every boot. Each module is there once, as sourceless
// bytecode where its source was (ludeum/board_keys.pyc beside ludeum/__init__.pyc, not
// in __pycache__), which Python imports when no .py is beside it: shipping the source
// too would double the bytes for nothing but the source lines of a traceback
// (tracebacks still name the file and line). Members are stored, not deflated: the
// server compresses the whole file better. The translation catalogs stay out: each
// is published on its own, so a visitor downloads only theirs (scripts/build.py).
// Called by scripts/build.py:
//     node scripts/pack-engine.mjs <src dir holding ludeum/> <zip to write>
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { loadPyodide } from "pyodide";

const [source, target] = process.argv.slice(2);
const pyodide = await loadPyodide({
  indexURL: join(process.cwd(), "node_modules", "pyodide") + "/",
});

function* filesEndingWith(dir, suffix) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== "__pycache__") yield* filesEndingWith(path, suffix);
    } else if (name.endsWith(suffix)) {
      yield path;
    }
  }
}

const engine = join(source, "ludeum");
const glue = join(source, "web");
const files = [...filesEndingWith(engine, ".py"), ...filesEndingWith(glue, ".py")]
  .map((path) => relative(source, path))
  .filter((rel) => rel !== join("web", "main.py"))
  // The command line (python -m ludeum) is for terminals, never imported by the page.
  .filter((rel) => !rel.startsWith(join("ludeum", "cli") + "/") && rel !== join("ludeum", "__main__.py"))
  // The sounds' offline renderer measures them for docs/sound.md: the page plays them.
  .filter((rel) => rel !== join("ludeum", "sound_render.py"))
  // The research adapters (PettingZoo, OpenSpiel) need packages the page never has,
  // and studies spread over processes (ludeum/spread.py) are for terminals.
  .filter((rel) => !rel.startsWith(join("ludeum", "adapters") + "/") && rel !== join("ludeum", "spread.py"));
for (const rel of files) {
  pyodide.FS.mkdirTree(join("/engine", rel, ".."));
  pyodide.FS.writeFile(join("/engine", rel), readFileSync(join(source, rel)));
}
// Docstrings and comments out before compiling, line for line (scripts/strip_source.py):
// the bytecode loses its docstrings, as under -OO, and keeps its asserts.
pyodide.FS.writeFile("/strip_source.py", readFileSync(join("scripts", "strip_source.py")));
pyodide.globals.set("sources", files);
pyodide.runPython(`
import py_compile, sys, zipfile
sys.path.insert(0, "/")
from strip_source import strip

def entry(name):
    info = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))  # fixed: reproducible builds
    info.compress_type = zipfile.ZIP_STORED
    return info

with zipfile.ZipFile("/engine.zip", "w") as bundle:
    for rel in sources.to_py():
        path = "/engine/" + rel
        with open(path, encoding="utf-8") as original:
            text = strip(original.read())
        with open(path, "w", encoding="utf-8") as bare:
            bare.write(text)
        # Unchecked-hash: sourceless bytecode is never compared with a source anyway,
        # and this keeps the bytes free of a build time (reproducible builds).
        compiled = py_compile.compile(
            path, cfile=path + "c", dfile=rel, doraise=True,
            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
        )
        bundle.writestr(entry(rel + "c"), open(compiled, "rb").read())
`);
writeFileSync(target, pyodide.FS.readFile("/engine.zip"));
console.log(`pack-engine: ${files.length} modules compiled for Python ${pyodide.version}`);
