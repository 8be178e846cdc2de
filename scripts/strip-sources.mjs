// Strip the docstrings and comments from every Python source in a zip, line for line
// (scripts/strip_source.py), in the Pyodide the site ships: its Python parses its own
// standard library, which the build's CPython may not. The zip is rewritten in place,
// its members stored and in the same order. A source that does not parse, or whose
// stripped form does not compile, is kept as it is and named (the build says so).
//
//   node scripts/strip-sources.mjs <zip>       (scripts/build.py, trim_stdlib)
//
// Prints one JSON line: files stripped, kept, bytes before and after.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadPyodide } from 'pyodide';

const [archive] = process.argv.slice(2);
if (!archive) {
  console.error('usage: node scripts/strip-sources.mjs <zip>');
  process.exit(2);
}
const pyodide = await loadPyodide({
  indexURL: `${join(process.cwd(), 'node_modules', 'pyodide')}/`,
});
pyodide.FS.writeFile('/strip_source.py', readFileSync(join('scripts', 'strip_source.py')));
pyodide.FS.writeFile('/in.zip', readFileSync(archive));
const report = pyodide.runPython(`
import json, sys, zipfile
sys.path.insert(0, "/")
from strip_source import strip

kept, stripped, before, after = [], 0, 0, 0
with zipfile.ZipFile("/in.zip") as source, zipfile.ZipFile("/out.zip", "w") as target:
    for info in source.infolist():
        data = source.read(info)
        before += len(data)
        if info.filename.endswith(".py"):
            try:
                text = strip(data.decode("utf-8"))
                compile(text, info.filename, "exec", dont_inherit=True)
                data = text.encode("utf-8")
                stripped += 1
            except (SyntaxError, UnicodeDecodeError, ValueError) as error:
                kept.append(f"{info.filename}: {type(error).__name__}: {error}")
        after += len(data)
        info.compress_type = zipfile.ZIP_STORED
        target.writestr(info, data)
json.dumps({"stripped": stripped, "kept": kept, "before": before, "after": after})
`);
writeFileSync(archive, pyodide.FS.readFile('/out.zip'));
console.log(report);
