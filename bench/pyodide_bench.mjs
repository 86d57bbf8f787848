// Random deals per second inside Pyodide under Node: the browser's Python, without the browser.
//
// Usage (from the repository root):
//   node bench/pyodide_bench.mjs [--runs N] [--seconds S] [--games ID,ID,...] [--baseline /path/to/checkout]
// Pyodide comes from node_modules/pyodide (the npm package pinned in package.json). Each engine
// gets its own Pyodide instance (its own interpreter and file system): this checkout's engine/
// and, with --baseline, that checkout's engine/, each beside this checkout's bench/workload.py.
// Every run plays each game (default: ruffe-and-trumps) for S seconds in each instance, the
// instances' order alternating from run to run, so that both see the same machine load.
// Prints one JSON object: {"python", "load_ms", "engines": {"current": {"root", "load_ms",
// "games": {id: [{deals, games, actions, seconds, deals_per_second, cpu_seconds,
// deals_per_cpu_second}, ...]}}, "baseline": ...}}; cpu_seconds is Node's process.cpuUsage().
// A game the baseline does not implement has no entry in its "games".

import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..");

function fail(message) {
  process.stderr.write(`pyodide_bench: ${message}\n`);
  process.exit(2);
}

function option(name, fallback) {
  const i = process.argv.indexOf(name);
  if (i < 0) return fallback;
  if (i + 1 >= process.argv.length) fail(`${name} needs a value`);
  return process.argv[i + 1];
}

function number(name, fallback) {
  const text = option(name, null);
  if (text === null) return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) fail(`${name} needs a positive number, got ${text}`);
  return value;
}

function* files(dir) {
  for (const name of readdirSync(dir)) {
    if (name === "__pycache__") continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

const runs = number("--runs", 5);
const seconds = number("--seconds", 2);
const games = option("--games", "ruffe-and-trumps").split(",").filter(Boolean);
const baselineRoot = option("--baseline", null);
if (baselineRoot !== null && !existsSync(join(baselineRoot, "engine", "__init__.py")))
  fail(`--baseline ${baselineRoot} has no engine package (engine/__init__.py)`);
const { loadPyodide } = await import(join(root, "node_modules", "pyodide", "pyodide.mjs"));

async function instance(checkout) {
  const t0 = performance.now();
  const pyodide = await loadPyodide({ indexURL: join(root, "node_modules", "pyodide") + "/" });
  const loadMs = performance.now() - t0;
  const target = "/home/pyodide/edition";
  for (const path of files(join(checkout, "engine"))) {
    const dest = join(target, relative(checkout, path));
    pyodide.FS.mkdirTree(dirname(dest));
    pyodide.FS.writeFile(dest, readFileSync(path));
  }
  pyodide.FS.writeFile(join(target, "workload.py"), readFileSync(join(here, "workload.py")));
  pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(target)})`);
  const workload = pyodide.pyimport("workload");
  const ids = workload.implemented();
  const known = ids.toJs();
  ids.destroy();
  const engine = { root: resolve(checkout), load_ms: Math.round(loadMs), games: {} };
  return { pyodide, workload, known, engine };
}

function play(inst, game, time, seed) {
  const cpu = process.cpuUsage();
  const result = inst.workload.random_deals(time, seed, game);
  const used = process.cpuUsage(cpu);
  const out = result.toJs({ dict_converter: Object.fromEntries });
  result.destroy();
  // Pyodide's process_time is the wall clock: the CPU time is Node's (this process, user + system).
  out.cpu_seconds = Math.max((used.user + used.system) / 1e6, 1e-9);
  out.deals_per_cpu_second = out.deals / out.cpu_seconds;
  return out;
}

const engines = { current: await instance(root) };
if (baselineRoot !== null) engines.baseline = await instance(baselineRoot);
const python = engines.current.pyodide.runPython("import sys; sys.version.split()[0]");
const missing = games.filter((game) => !engines.current.known.includes(game));
if (missing.length) fail(`this checkout implements no game ${missing.join(", ")}`);
const names = Object.keys(engines);
for (const name of names) {
  for (const game of games) {
    if (!engines[name].known.includes(game)) continue;
    engines[name].engine.games[game] = [];
    play(engines[name], game, 0.5, 0); // warm-up: imports, catalogue, first compile paths
  }
}
for (let i = 0; i < runs; i++) {
  for (const game of games) {
    for (const name of i % 2 === 0 ? names : [...names].reverse()) {
      if (engines[name].known.includes(game)) engines[name].engine.games[game].push(play(engines[name], game, seconds, i + 1));
    }
  }
}
const out = Object.fromEntries(names.map((name) => [name, engines[name].engine]));
process.stdout.write(JSON.stringify({ python, load_ms: engines.current.engine.load_ms, engines: out }) + "\n");
