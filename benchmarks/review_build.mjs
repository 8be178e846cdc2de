// The review of a Senet game in the Pyodide the site ships, run by Node for
// benchmarks/review_build.py (not a test):
//     node benchmarks/review_build.mjs <src dir holding ludeum/> <job.json>
// job.json: {"save": <saved game>, "depths": [2, 4], "chunk": 8}. For each depth,
// asks ludeum.ai.service.answer for the whole series chunk after chunk, as the page
// asks the worker, and prints one JSON line: depth, stops, total and worst chunk ms.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { loadPyodide } from "pyodide";

const [source, job] = process.argv.slice(2);
const pyodide = await loadPyodide({
  indexURL: join(process.cwd(), "node_modules", "pyodide") + "/",
});
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
pyodide.globals.set("job", readFileSync(job, "utf8"));
pyodide.runPython(`
import json, sys
sys.path.insert(0, "/engine")
from ludeum.ai import service
from ludeum.records import review

job = json.loads(job)
for depth in job["depths"]:
    review.SENET_DEPTH = depth
    service._prepared.clear()  # the first chunk pays for preparing the game, as in the page
    first, chunks = 0, []
    while True:
        reply = json.loads(service.answer(json.dumps(
            {"id": "review-1", "kind": "review", "save": job["save"], "from": first,
             "count": job["chunk"]})))
        if "error" in reply:
            raise SystemExit(reply["error"])
        if not reply["values"]:
            break
        chunks.append(reply["ms"])
        first += len(reply["values"])
    print(json.dumps({"depth": depth, "stops": first, "ms": round(sum(chunks)),
                      "worst_chunk_ms": max(chunks)}), flush=True)
`);
