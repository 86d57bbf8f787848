// The edition's Python worker: runs the site's own Pyodide and the engine wheel
// off the main thread, and answers the page's bridge requests.
//
// Started by edition.js as a module worker. Everything is fetched relative to
// this file's own URL (assets/js/worker.js), so the site works under any path
// and offline: assets/pyodide/ holds Pyodide (copied from the pinned npm package),
// assets/wheels/engine.json names the engine wheel beside it. No micropip, no CDN.
//
// The engine's memory snapshot (tools/snapshot.mjs; README, "Offline and the snapshot"): when the
// service worker (sw.js) has kept it, Python starts from it instead of booting and importing the
// engine. It is read from the cache only, never from the network (a first visit boots normally,
// and the service worker keeps the snapshot in the background afterwards), and used only when
// its manifest names this wheel's sha256, its bytes have the manifest's sha256 and its build id
// is this Pyodide's; any failure means a normal boot, with the reason at debug level.
//
// Messages in:   {type: "init", bare: bool, snapshot: bool}  (optional; "bare" loads Pyodide and
//                                                 stops; snapshot: false never restores one)
//                {id, request: {op, ...}}        (a bridge request)
// Messages out:  {type: "status", stage, detail, ms}
//                {type: "ready", bare, ms: {pyodide, engine, total}, python, engine,
//                 snapshot: {used: bool, why?: string, ms?: number}}
//                {type: "failed", error}
//                {id, response: {ok, ...}}       (the bridge's JSON answer, parsed)

const assets = new URL("../", import.meta.url);
const pyodideURL = new URL("pyodide/", assets).href;
const wheelsURL = new URL("wheels/", assets).href;
const started = performance.now();

let mode = null; // "bare" | "full", fixed by the first message
let ready = null; // Promise<{pyodide, handle}>

function status(stage, detail) {
  postMessage({ type: "status", stage, detail: detail || "", ms: Math.round(performance.now() - started) });
}

async function fetchOk(url, kind) {
  let response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new Error(`could not fetch ${kind} at ${url}: ${error.message}`);
  }
  if (!response.ok) throw new Error(`could not fetch ${kind} at ${url}: HTTP ${response.status}`);
  return response;
}

/** The engine manifest (engine.json): {wheel, sha256, ...}. */
async function fetchManifest() {
  const manifest = await (await fetchOk(wheelsURL + "engine.json", "the engine manifest")).json();
  if (!manifest || typeof manifest.wheel !== "string" || !manifest.wheel.endsWith(".whl")) {
    throw new Error(`${wheelsURL}engine.json must be {"wheel": "<file>.whl"}, got ${JSON.stringify(manifest)}`);
  }
  return manifest;
}

/** Fetch the engine wheel (while Pyodide loads): {name, bytes}. */
async function fetchWheel(manifestPromise) {
  const manifest = await manifestPromise;
  const response = await fetchOk(wheelsURL + encodeURIComponent(manifest.wheel), "the engine wheel");
  return { name: manifest.wheel, bytes: new Uint8Array(await response.arrayBuffer()) };
}

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The Pyodide build id this worker's pyodide.mjs carries (its config's BUILD_ID). */
async function pyodideBuildId() {
  const text = await (await fetchOk(pyodideURL + "pyodide.mjs", "Pyodide")).text();
  const found = /BUILD_ID:"([0-9a-f]{64})"/.exec(text);
  if (!found) throw new Error("pyodide.mjs names no BUILD_ID");
  return found[1];
}

/** The kept snapshot's bytes, checked, or throws saying why there is none to use. Cache only. */
async function keptSnapshot(manifestPromise) {
  if (!self.caches) throw new Error("no CacheStorage here");
  const kept = await caches.match(wheelsURL + "snapshot.json");
  if (!kept) throw new Error("no snapshot kept (the first visit, or the site keeps none)");
  const meta = await kept.json();
  const engine = await manifestPromise;
  if (meta.wheel_sha256 !== engine.sha256) {
    throw new Error(`the kept snapshot is of another engine wheel (${meta.wheel_sha256}, not ${engine.sha256})`);
  }
  const [file, buildId] = await Promise.all([caches.match(wheelsURL + encodeURIComponent(meta.file)), pyodideBuildId()]);
  if (!file) throw new Error(`${meta.file} is not kept`);
  if (meta.build_id !== buildId) throw new Error(`the snapshot is of Pyodide build ${meta.build_id}, not ${buildId}`);
  const bytes = new Uint8Array(await new Response(file.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
  if (bytes.length !== meta.bytes) throw new Error(`${meta.file}: ${bytes.length} bytes, not ${meta.bytes}`);
  const sha = hex(await crypto.subtle.digest("SHA-256", bytes));
  if (sha !== meta.sha256) throw new Error(`${meta.file}: sha256 ${sha}, not ${meta.sha256}`);
  // The build id in the snapshot's own header (words 4..11, as Pyodide's decodeBuildId reads it).
  const header = Array.from(new Uint32Array(bytes.buffer, 16, 8), (w) => w.toString(16).padStart(8, "0")).join("");
  if (header !== buildId) throw new Error(`${meta.file}: its header names Pyodide build ${header}, not ${buildId}`);
  return bytes;
}

async function boot(loadPyodide, snapshot) {
  return loadPyodide({
    indexURL: pyodideURL,
    packageBaseUrl: pyodideURL,
    cdnUrl: pyodideURL,
    stdout: () => {},
    stderr: (line) => console.warn("[python]", line),
    ...(snapshot ? { _loadSnapshot: snapshot } : {}),
  });
}

async function start(bare, useSnapshot) {
  status("pyodide", "loading Python (Pyodide)");
  const t0 = performance.now();
  const manifest = bare ? null : fetchManifest();
  const wheel = bare ? null : fetchWheel(manifest);
  if (wheel) wheel.catch(() => {}); // reported below, when awaited
  const snapshot = { used: false };
  const kept = bare || !useSnapshot ? null : keptSnapshot(manifest);
  if (kept) kept.catch(() => {}); // a reason for a normal boot, said below
  const { loadPyodide } = await import(pyodideURL + "pyodide.mjs");
  let pyodide = null;
  if (kept) {
    try {
      const bytes = await kept;
      snapshot.ms = Math.round(performance.now() - t0);
      pyodide = await boot(loadPyodide, bytes);
      snapshot.used = true;
    } catch (error) {
      snapshot.why = String(error && error.message || error);
      console.debug("[edition] Python boots normally, not from the snapshot:", snapshot.why);
    }
  } else if (!bare) {
    snapshot.why = "the snapshot was turned off (edition-snapshot=off)";
  }
  if (!pyodide) pyodide = await boot(loadPyodide, null);
  const tPyodide = performance.now() - t0;
  const python = pyodide.runPython("import sys; sys.version.split()[0]");
  if (bare) {
    postMessage({ type: "ready", bare: true, python, engine: null, snapshot: null,
      ms: { pyodide: Math.round(tPyodide), engine: 0, total: Math.round(performance.now() - started) } });
    return { pyodide, handle: null };
  }

  status("engine", "loading the rules engine");
  const t1 = performance.now();
  const { name: engine, bytes } = await wheel;
  // After a restore too: the snapshot holds the imported modules, not the wheel's data files.
  pyodide.unpackArchive(bytes, "wheel");
  pyodide.runPython("import importlib; importlib.invalidate_caches()");
  const bridge = pyodide.pyimport("engine.bridge");
  const handle = bridge.handle;
  postMessage({ type: "ready", bare: false, python, engine, snapshot,
    ms: { pyodide: Math.round(tPyodide), engine: Math.round(performance.now() - t1),
      total: Math.round(performance.now() - started) } });
  return { pyodide, handle };
}

function ensure(bare, snapshot = true) {
  if (!ready) {
    mode = bare ? "bare" : "full";
    ready = start(bare, snapshot);
    ready.catch((error) => postMessage({ type: "failed", error: String(error && error.message || error) }));
  }
  return ready;
}

function failure(type, message) {
  return { ok: false, error: { type, message, rule: null, action: null } };
}

self.onmessage = async (event) => {
  const data = event.data || {};
  if (data.type === "init") {
    ensure(Boolean(data.bare), data.snapshot !== false);
    return;
  }
  const { id, request } = data;
  if (id === undefined) return;
  let answer;
  try {
    const { handle } = await ensure(false);
    if (!handle) {
      answer = failure("WorkerError", "this worker was started bare (Pyodide only, no engine)");
    } else {
      const text = handle(JSON.stringify(request));
      answer = JSON.parse(text);
    }
  } catch (error) {
    // A Python exception escaping the bridge, or a failed start: report it as an answer,
    // so the waiting caller shows it instead of hanging.
    answer = failure(error && error.type ? error.type : "WorkerError", String(error && error.message || error));
  }
  postMessage({ id, response: answer });
};
