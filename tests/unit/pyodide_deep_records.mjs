// Load very long saved games in the Pyodide the site ships, then drop them: the
// browser's interpreter has a far smaller stack than CPython, and a history that
// nests one object per action used to kill it when freed (issue 12). Called by
// test_pyodide_deep_records.py:
//     node tests/unit/pyodide_deep_records.mjs <src dir holding ludeum/> <records.json>
// where records.json maps a game name to the text of a save. Prints one line per
// game: "<game> loaded <actions> dumped <actions> freed".
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { loadPyodide } from "pyodide";

const [source, records] = process.argv.slice(2);
const pyodide = await loadPyodide({
  indexURL: join(process.cwd(), "node_modules", "pyodide") + "/",
});
// The source tree itself rather than dist/'s zip, so that the test never runs a
// stale build of the engine.
function* pythonFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* pythonFiles(path);
    else if (name.endsWith(".py")) yield path;
  }
}
for (const path of pythonFiles(join(source, "ludeum"))) {
  const target = join("/engine", relative(source, path));
  pyodide.FS.mkdirTree(join(target, ".."));
  pyodide.FS.writeFile(target, readFileSync(path));
}
pyodide.globals.set("records", readFileSync(records, "utf8"));
pyodide.runPython(`
import gc, json, sys
sys.path.insert(0, "/engine")
from ludeum import saves

for game, text in json.loads(records).items():
    state = saves.load(text)
    loaded = len(state.actions())
    assert state == state and len(repr(state)) < 5000
    dumped = len(json.loads(saves.dump(state))["record"]["actions"])
    del state
    gc.collect()  # the old linked history overflowed the stack here
    print(game, "loaded", loaded, "dumped", dumped, "freed", flush=True)
`);
