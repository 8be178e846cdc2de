// Trace which files of Pyodide's standard library the site needs, in the very Pyodide
// it ships (Python 3.14, whose standard library differs from the CPython that runs the
// build), so that scripts/build.py can ship only those (trim_stdlib, docs/performance.md
// "A trimmed standard library"):
//
//   node scripts/trace-stdlib.mjs <src dir> <engine zip> <pyscript dir> <modules.json> <out.json>
//
// What is imported here, and so kept:
//   - whatever Pyodide's own start-up imports (loadPyodide);
//   - whatever unpacking the engine archive imports (PyScript and the computer's
//     worker both unpack it with pyodide.unpackArchive);
//   - every module named by an `import` statement anywhere in src/ (the engine, the
//     glue and main.py, inside functions too: `gettext` for French is imported only
//     when it is needed) and in PyScript's own Python package (<pyscript dir>), with
//     what each imports in turn;
//   - the modules of <modules.json> (scripts/boot_modules.py: what the snapshot holds);
//   - the codecs named in src/ (text.encode("utf-16-le"), encoding="..."), and those
//     that zip file names and the translation catalogs are read with: each codec
//     is a module (encodings.utf_16_le), imported when it is first used.
// A module that only a stdlib function imports later, at run time, escapes this: the
// page then fetches the rest of the standard library once and says so in the console
// (static/python-snapshot.mjs), and the end-to-end tests fail on that warning.
//
// Writes a JSON object: {"files": [members of python_stdlib.zip to keep], "failed":
// {module: error}}; a name that fails to import here (a CPython-only module, say) is
// reported, not fatal.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { loadPyodide } from 'pyodide';

const [srcDir, engineZip, pyscriptDir, modulesJson, outJson] = process.argv.slice(2);
if (!outJson) {
  console.error('usage: node scripts/trace-stdlib.mjs <src dir> <engine zip> <pyscript dir> <modules.json> <out.json>');
  process.exit(2);
}

// The command line (python -m ludeum) is for terminals and the research adapters
// (PettingZoo, OpenSpiel) for researchers' Pythons: neither is in the engine archive
// (scripts/pack-engine.mjs), so their imports (argparse, numpy...) are not the site's.
// So are the studies' workers (ludeum/spread.py: multiprocessing, Ray).
const TERMINAL_ONLY = ['ludeum/cli', 'ludeum/__main__.py', 'ludeum/adapters', 'ludeum/spread.py'];

function* pythonFiles(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== '__pycache__' && !TERMINAL_ONLY.includes(relative(srcDir, path))) yield* pythonFiles(path);
    } else if (name.endsWith('.py') && !TERMINAL_ONLY.includes(relative(srcDir, path))) {
      yield path;
    }
  }
}

const pyodide = await loadPyodide({
  indexURL: join(process.cwd(), 'node_modules', 'pyodide') + '/',
});
pyodide.unpackArchive(new Uint8Array(readFileSync(engineZip)), 'zip', { extractDir: '/home/pyodide' });

// The sources to scan, as text: the engine archive may hold bytecode only.
const sources = {};
for (const [root, label] of [[srcDir, 'src'], [pyscriptDir, 'pyscript']]) {
  for (const path of pythonFiles(root)) {
    sources[`${label}/${relative(root, path)}`] = readFileSync(path, 'utf8');
  }
}
pyodide.globals.set('sources_json', JSON.stringify(sources));
pyodide.globals.set('extra_json', readFileSync(modulesJson, 'utf8'));
const result = pyodide.runPython(`
import ast, codecs, importlib, json, sys

STDLIB = "/lib/python314.zip/"
# The app's own packages and the page's JavaScript bridges: never in the stdlib zip.
NOT_STDLIB = {"ludeum", "web", "pyscript", "js", "pyodide_js", "polyscript", "_pyscript", "jsffi"}

def codecs_named(tree):
    """Codec names in text.encode("utf-16-le"), bytes.decode(...), encoding="...":
    a codec is a module (encodings.utf_16_le) imported when first looked up."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        if isinstance(node.func, ast.Attribute) and node.func.attr in ("encode", "decode", "lookup"):
            if node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                yield node.args[0].value
        for keyword in node.keywords:
            if keyword.arg == "encoding" and isinstance(keyword.value, ast.Constant) and isinstance(keyword.value.value, str):
                yield keyword.value.value

def named(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module
            for alias in node.names:
                yield f"{node.module}.{alias.name}"  # maybe a submodule

wanted = set(json.loads(extra_json))
codec_names = {"utf-8", "utf-8-sig", "ascii", "latin-1", "cp437"}  # zip names, catalogs
for path, text in json.loads(sources_json).items():
    tree = ast.parse(text, path)
    wanted.update(named(tree))
    codec_names.update(codecs_named(tree))

failed = {}
for name in sorted(wanted):
    if name.split(".")[0] in NOT_STDLIB or name == "__future__.annotations":
        continue
    try:
        importlib.import_module(name)
    except ImportError as error:
        # "from X import name" where name is not a module is the common case.
        if name.rpartition(".")[0] not in sys.modules:
            failed[name] = repr(error)
    except Exception as error:
        failed[name] = repr(error)

for codec in sorted(codec_names):
    try:
        codecs.lookup(codec)
    except LookupError:
        pass  # base64.b64decode("...") and the like: not a codec's name

import zipfile
members = set(zipfile.ZipFile("/lib/python314.zip").namelist())
keep = set()
for name, module in list(sys.modules.items()):
    base = name.replace(".", "/")
    for candidate in (base + ".py", base + "/__init__.py"):
        if candidate in members:
            keep.add(candidate)
# Every package directory entry above a kept file.
for path in list(keep):
    parts = path.split("/")[:-1]
    for depth in range(1, len(parts) + 1):
        folder = "/".join(parts[:depth]) + "/"
        if folder in members:
            keep.add(folder)
json.dumps({"files": sorted(keep), "failed": failed, "modules": len(sys.modules)})
`);
writeFileSync(outJson, result);
const { files, failed, modules } = JSON.parse(result);
console.log(`trace-stdlib: ${files.length} stdlib files for ${modules} modules in Python ${pyodide.version}`);
for (const [name, error] of Object.entries(failed)) {
  console.log(`trace-stdlib: not importable here: ${name} (${error})`);
}
