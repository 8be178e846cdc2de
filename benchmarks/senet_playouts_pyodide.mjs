// Senet random playouts in the Pyodide the site ships, run by Node (not a test):
//     node benchmarks/senet_playouts_pyodide.mjs <src before> <src now> [games] [rounds]
// Each src folder holds ludeum/ (take an earlier commit's out of git with
// `git archive <commit> src | tar -x -C /tmp/before`). Both trees get a Pyodide of
// their own; rounds alternate between them so that machine noise falls on both
// alike. Each round plays the same seeded games with random_playout (Jéquier,
// Kendall, Tait) and through the state API (Jéquier), and the script prints one
// JSON line per round and tree: games per second for each.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { loadPyodide } from "pyodide";

const [before, now, games = "100", rounds = "5"] = process.argv.slice(2);

function* pythonFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* pythonFiles(path);
    else if (name.endsWith(".py")) yield path;
  }
}

async function engine(source) {
  const pyodide = await loadPyodide({
    indexURL: join(process.cwd(), "node_modules", "pyodide") + "/",
  });
  for (const path of pythonFiles(join(source, "ludeum"))) {
    const target = join("/engine", relative(source, path));
    pyodide.FS.mkdirTree(join(target, ".."));
    pyodide.FS.writeFile(target, readFileSync(path));
  }
  pyodide.runPython(`
import json, random, sys, time
sys.path.insert(0, "/engine")
from ludeum.chance import random_choice
from ludeum.senet import PRESETS, new_game, throw_sticks
from ludeum.senet.playout import random_playout

def through_states(state, source):
    while state.winner is None:
        if state.throw is None:
            state = state.apply(throw_sticks(source))
        else:
            state = state.apply(random_choice(state.moves, source))
    return state.winner

def rate(play, preset, games, seed):
    start, source = new_game(PRESETS[preset]), random.Random(seed)
    began = time.perf_counter()
    for _ in range(games):
        play(start, source)
    return round(games / (time.perf_counter() - began), 1)

def one_round(games, seed):
    return {
        "playout jequier": rate(random_playout, "jequier", games, seed),
        "playout kendall": rate(random_playout, "kendall", games, seed),
        "playout tait": rate(random_playout, "tait", games, seed),
        "states jequier": rate(through_states, "jequier", games, seed),
    }
`);
  return pyodide;
}

const trees = { before: await engine(before), now: await engine(now) };
for (let round = 0; round < Number(rounds); round++) {
  for (const [name, pyodide] of Object.entries(trees)) {
    const result = pyodide.runPython(`json.dumps(one_round(${Number(games)}, ${round}))`);
    console.log(JSON.stringify({ tree: name, round, ...JSON.parse(result) }));
  }
}
