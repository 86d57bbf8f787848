// Build the engine's Pyodide memory snapshot beside the engine wheel (`make` runs it right after
// the wheel; see the Makefile's $(WHEELS)/snapshot.json and README, "Offline and the snapshot").
//
// Usage (from the repository root):  node tools/snapshot.mjs docs/assets/wheels
//
// In Node, with the pinned npm `pyodide` (node_modules/pyodide, the same files the site serves):
// loadPyodide({_makeSnapshot: true}), unpack the wheel that engine.json names, import the engine's
// bridge and parse every catalogue (what a table's first requests need), then makeMemorySnapshot().
// Writes, into the wheel folder:
//   engine-<wheel sha256[:16]>-<build id[:16]>.snapshot.gz   the snapshot, gzipped
//   snapshot.json   {file, wheel, wheel_sha256, build_id, pyodide, sha256, bytes, gzip_bytes}
// sha256 and bytes are the uncompressed snapshot's: the worker (docs/assets/js/worker.js) checks
// them, the wheel's sha256 against engine.json and the build id against its own Pyodide, before
// it restores; any mismatch means a normal boot. On any failure this script removes a previous
// snapshot.json and its file (so a stale snapshot never sits beside a new wheel), says why and
// exits 1; the Makefile then builds the site without a snapshot.

import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";

const folder = process.argv[2];
if (!folder || process.argv.length !== 3) {
  process.stderr.write("usage: node tools/snapshot.mjs <wheel folder>\n");
  process.exit(2);
}
const pyodideDir = resolve("node_modules/pyodide");

function removeOld() {
  for (const name of readdirSync(folder)) {
    if (name === "snapshot.json" || name.endsWith(".snapshot.gz")) rmSync(join(folder, name));
  }
}

/** The Pyodide build id a snapshot's header carries (words 4..11, as Pyodide's decodeBuildId). */
export function headerBuildId(bytes) {
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, 12);
  return Array.from(words.subarray(4, 12), (w) => w.toString(16).padStart(8, "0")).join("");
}

const WARM_UP = `
import importlib, json
importlib.invalidate_caches()
from engine import bridge, catalogue, examples, simulate  # noqa: F401  (what the table and examples import)
for game in catalogue.games():
    catalogue.load(game)
json.loads(bridge.handle('{"op": "games"}'))
`;
// (Not the "rules" op: its answer, every rule with its code and tests, grew the heap past the
// memory Pyodide gives a restored snapshot, 32 MiB here, and the restore failed with "offset is
// out of bounds". main() restores every snapshot it makes before it writes it.)

async function main() {
  const manifest = JSON.parse(readFileSync(join(folder, "engine.json"), "utf-8"));
  const wheelBytes = readFileSync(join(folder, manifest.wheel));
  const wheelSha = createHash("sha256").update(wheelBytes).digest("hex");
  if (wheelSha !== manifest.sha256) throw new Error(`${manifest.wheel}: sha256 ${wheelSha} is not engine.json's ${manifest.sha256}`);
  const pyodideVersion = JSON.parse(readFileSync(join(pyodideDir, "package.json"), "utf-8")).version;
  const { loadPyodide } = await import(join(pyodideDir, "pyodide.mjs"));
  const pyodide = await loadPyodide({ indexURL: pyodideDir + "/", _makeSnapshot: true, stdout: () => {} });
  pyodide.unpackArchive(new Uint8Array(wheelBytes), "wheel");
  pyodide.runPython(WARM_UP);
  const snapshot = pyodide.makeMemorySnapshot();
  // A snapshot that would not restore is not kept: the site would fall back on every visit.
  const restored = await loadPyodide({ indexURL: pyodideDir + "/", _loadSnapshot: snapshot, stdout: () => {} });
  if (restored.runPython("1 + 1") !== 2) throw new Error("the snapshot restored, but Python does not answer");
  const buildId = headerBuildId(snapshot);
  const sha256 = createHash("sha256").update(snapshot).digest("hex");
  const gz = gzipSync(snapshot, { level: 9 });
  const file = `engine-${wheelSha.slice(0, 16)}-${buildId.slice(0, 16)}.snapshot.gz`;
  removeOld();
  writeFileSync(join(folder, file), gz);
  const out = { file, wheel: manifest.wheel, wheel_sha256: wheelSha, build_id: buildId, pyodide: pyodideVersion,
    sha256, bytes: snapshot.length, gzip_bytes: gz.length };
  writeFileSync(join(folder, "snapshot.json"), JSON.stringify(out, null, 2) + "\n");
  process.stdout.write(`snapshot: ${file} (${(snapshot.length / 1e6).toFixed(1)} MB, ${(gz.length / 1e6).toFixed(1)} MB gzipped)\n`);
}

main().catch((error) => {
  try { removeOld(); } catch { /* the folder itself may be missing: said below */ }
  process.stderr.write(`snapshot: not built (the site works without it, booting Python normally): ${error && error.stack || error}\n`);
  process.exit(1);
});
