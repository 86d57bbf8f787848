// Random Ruffe deals per second inside Pyodide under Node: the browser's Python, without the browser.
//
// Usage (from the repository root): node bench/pyodide_bench.mjs [--runs N] [--seconds S]
// Pyodide comes from node_modules/pyodide (the npm package pinned in package.json); the
// engine's source files and bench/ruffe_workload.py are copied into Pyodide's file system.
// Prints one JSON object: {"python", "load_ms", "runs": [{deals, games, actions, seconds,
// deals_per_second}, ...]}.

import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..");

function option(name, fallback) {
  const i = process.argv.indexOf(name);
  if (i < 0) return fallback;
  const value = Number(process.argv[i + 1]);
  if (!Number.isFinite(value) || value <= 0) {
    process.stderr.write(`pyodide_bench: ${name} needs a positive number, got ${process.argv[i + 1]}\n`);
    process.exit(2);
  }
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

const runs = option("--runs", 5);
const seconds = option("--seconds", 2);
const { loadPyodide } = await import(join(root, "node_modules", "pyodide", "pyodide.mjs"));
const t0 = performance.now();
const pyodide = await loadPyodide({ indexURL: join(root, "node_modules", "pyodide") + "/" });
const loadMs = performance.now() - t0;

const target = "/home/pyodide/edition";
for (const path of files(join(root, "engine"))) {
  const dest = join(target, relative(root, path));
  pyodide.FS.mkdirTree(dirname(dest));
  pyodide.FS.writeFile(dest, readFileSync(path));
}
pyodide.FS.writeFile(join(target, "ruffe_workload.py"), readFileSync(join(here, "ruffe_workload.py")));
pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(target)})`);
const python = pyodide.runPython("import sys; sys.version.split()[0]");
const workload = pyodide.pyimport("ruffe_workload");
workload.random_deals(0.5, 0).destroy(); // warm-up: imports, catalogue, first compile paths
const results = [];
for (let i = 0; i < runs; i++) {
  const result = workload.random_deals(seconds, i + 1);
  results.push(result.toJs({ dict_converter: Object.fromEntries }));
  result.destroy();
}
process.stdout.write(JSON.stringify({ python, load_ms: Math.round(loadMs), runs: results }) + "\n");
