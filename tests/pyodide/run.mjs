// Run the engine's pure-Python tests inside Pyodide under Node.
//
// Usage (from the repository root):
//   node tests/pyodide/run.mjs [--wheels DIR] [--list] [-- PYTEST_ARGS...]
//
// Pyodide comes from node_modules/pyodide (the npm package pinned in package.json).
// pytest and its dependencies are unpacked from local pure-Python wheels in DIR
// (default .cache/pyodide-wheels; tests/pyodide/fetch_wheels.py fetches them).
// Nothing is fetched from any network: a missing Pyodide package is an error.
// The process exits with pytest's exit code (2 or more on a harness failure).

import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..", "..");

// The engine tests that need neither a subprocess, a browser nor the network.
export const PURE_TESTS = [
  "test_cards.py",
  "test_tricks.py",
  "test_examples.py",
  "test_ruffe.py",
  "test_records.py",
  "test_properties.py",
  "test_loo.py",
  "test_gleek.py",
  "test_piquet.py",
  "test_stats_calibration.py",
];
// Wheels needed for pytest (and hypothesis for the property tests).
const REQUIRED_WHEELS = ["pytest", "pluggy", "iniconfig", "packaging", "pygments"];
const OPTIONAL_WHEELS = ["hypothesis", "sortedcontainers", "attrs"];

function fail(message) {
  process.stderr.write(`pyodide runner: ${message}\n`);
  process.exit(3);
}

function parseArgs(argv) {
  const options = { wheels: join(root, ".cache", "pyodide-wheels"), list: false, pytestArgs: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--") {
      options.pytestArgs = argv.slice(i + 1);
      break;
    } else if (arg === "--wheels") {
      if (i + 1 >= argv.length) fail("--wheels needs a directory");
      options.wheels = resolve(argv[++i]);
    } else if (arg === "--list") {
      options.list = true;
    } else {
      fail(`unknown argument ${JSON.stringify(arg)} (expected --wheels DIR, --list or -- PYTEST_ARGS)`);
    }
  }
  return options;
}

function wheelFor(dir, project) {
  const normal = project.toLowerCase().replace(/[-.]/g, "_");
  const found = readdirSync(dir).filter(
    (name) => name.endsWith(".whl") && name.toLowerCase().split("-")[0] === normal,
  );
  const pure = found.filter((name) => /-py[23][^-]*-none-any\.whl$/.test(name));
  return pure.length ? join(dir, pure.sort().at(-1)) : null;
}

function copyTree(pyodide, source, target, accept) {
  pyodide.FS.mkdirTree(target);
  for (const name of readdirSync(source)) {
    if (name === "__pycache__" || name.startsWith(".")) continue;
    const from = join(source, name);
    const to = `${target}/${name}`;
    if (statSync(from).isDirectory()) {
      copyTree(pyodide, from, to, accept);
    } else if (accept(from)) {
      pyodide.FS.writeFile(to, new Uint8Array(readFileSync(from)));
    }
  }
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const pyodideDir = join(root, "node_modules", "pyodide");
  if (!existsSync(join(pyodideDir, "pyodide.mjs"))) {
    fail(`Pyodide is missing at ${pyodideDir}: run "npm install" in ${root}`);
  }
  if (!existsSync(options.wheels)) {
    fail(`no wheel directory ${options.wheels}: run "python tests/pyodide/fetch_wheels.py"`);
  }
  const wheels = [];
  for (const project of REQUIRED_WHEELS) {
    const wheel = wheelFor(options.wheels, project);
    if (!wheel) fail(`no pure-Python wheel of ${project} in ${options.wheels}`);
    wheels.push(wheel);
  }
  const optional = OPTIONAL_WHEELS.map((project) => wheelFor(options.wheels, project));
  const haveHypothesis = optional.every(Boolean);
  if (haveHypothesis) wheels.push(...optional);

  const testsDir = join(root, "tests");
  const testFiles = PURE_TESTS.filter((name) => existsSync(join(testsDir, name)))
    .filter((name) => haveHypothesis || name !== "test_properties.py");
  if (options.list) {
    process.stdout.write(testFiles.join("\n") + "\n");
    return 0;
  }
  if (!testFiles.length) fail(`none of ${PURE_TESTS.join(", ")} exists in ${testsDir}`);

  const { loadPyodide } = await import(join(pyodideDir, "pyodide.mjs"));
  const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
  // Raw writes keep pytest's progress dots on one line.
  pyodide.setStdout({ write: (bytes) => (process.stdout.write(Buffer.from(bytes)), bytes.length) });
  pyodide.setStderr({ write: (bytes) => (process.stderr.write(Buffer.from(bytes)), bytes.length) });

  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  for (const wheel of wheels) {
    // unpackArchive refuses a Node Buffer: hand it a plain Uint8Array.
    pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: sitePackages });
  }

  const work = "/home/pyodide/edition";
  copyTree(pyodide, join(root, "engine"), `${work}/engine`, () => true);
  // Test modules: the selected files, conftest and any helper module that is not a test.
  copyTree(pyodide, testsDir, `${work}/tests`, (path) => {
    const rel = relative(testsDir, path);
    if (rel.includes("/")) return false;
    if (!rel.endsWith(".py")) return false;
    return !rel.startsWith("test_") || testFiles.includes(rel);
  });
  // The fuzzer's accounting of where every card lies (tools/fuzzing/seen.py), which the properties read.
  pyodide.FS.mkdirTree(`${work}/tools/fuzzing`);
  for (const name of ["__init__.py", "seen.py"]) {
    pyodide.FS.writeFile(`${work}/tools/fuzzing/${name}`, new Uint8Array(readFileSync(join(root, "tools", "fuzzing", name))));
  }
  // Files the pure tests read besides the package: configuration and the record format's page.
  for (const config of ["pyproject.toml", "pytest.ini", "setup.cfg", "docs/reference/records.md"]) {
    const path = join(root, config);
    if (!existsSync(path)) continue;
    pyodide.FS.mkdirTree(dirname(`${work}/${config}`));
    pyodide.FS.writeFile(`${work}/${config}`, new Uint8Array(readFileSync(path)));
  }

  pyodide.globals.set("edition_root", work);
  pyodide.globals.set(
    "pytest_args",
    pyodide.toPy(["-p", "no:cacheprovider", ...testFiles.map((name) => `tests/${name}`), ...options.pytestArgs]),
  );
  const code = await pyodide.runPythonAsync(`
import os, sys
os.chdir(edition_root)
sys.path.insert(0, edition_root)
import pytest
print(f"pytest {pytest.__version__} in Pyodide, Python {sys.version.split()[0]}, {sys.platform}")
int(pytest.main(list(pytest_args)))
`);
  return code;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`pyodide runner: ${error && error.stack ? error.stack : error}\n`);
    process.exit(3);
  },
);
