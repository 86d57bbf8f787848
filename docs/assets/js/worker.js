// The edition's Python worker: runs the site's own Pyodide and the engine wheel
// off the main thread, and answers the page's bridge requests.
//
// Started by edition.js as a module worker. Everything is fetched relative to
// this file's own URL (assets/js/worker.js), so the site works under any path
// and offline: assets/pyodide/ holds Pyodide (copied from the pinned npm package),
// assets/wheels/engine.json names the engine wheel beside it. No micropip, no CDN.
//
// Messages in:   {type: "init", bare: bool}     (optional; "bare" loads Pyodide and stops)
//                {id, request: {op, ...}}        (a bridge request)
// Messages out:  {type: "status", stage, detail, ms}
//                {type: "ready", bare, ms: {pyodide, engine, total}, python, engine}
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

/** Fetch the engine wheel (while Pyodide loads): {name, bytes}. */
async function fetchWheel() {
  const manifest = await (await fetchOk(wheelsURL + "engine.json", "the engine manifest")).json();
  if (!manifest || typeof manifest.wheel !== "string" || !manifest.wheel.endsWith(".whl")) {
    throw new Error(`${wheelsURL}engine.json must be {"wheel": "<file>.whl"}, got ${JSON.stringify(manifest)}`);
  }
  const response = await fetchOk(wheelsURL + encodeURIComponent(manifest.wheel), "the engine wheel");
  return { name: manifest.wheel, bytes: new Uint8Array(await response.arrayBuffer()) };
}

async function start(bare) {
  status("pyodide", "loading Python (Pyodide)");
  const t0 = performance.now();
  const wheel = bare ? null : fetchWheel();
  if (wheel) wheel.catch(() => {}); // reported below, when awaited
  const { loadPyodide } = await import(pyodideURL + "pyodide.mjs");
  const pyodide = await loadPyodide({
    indexURL: pyodideURL,
    packageBaseUrl: pyodideURL,
    cdnUrl: pyodideURL,
    stdout: () => {},
    stderr: (line) => console.warn("[python]", line),
  });
  const tPyodide = performance.now() - t0;
  const python = pyodide.runPython("import sys; sys.version.split()[0]");
  if (bare) {
    postMessage({ type: "ready", bare: true, python, engine: null,
      ms: { pyodide: Math.round(tPyodide), engine: 0, total: Math.round(performance.now() - started) } });
    return { pyodide, handle: null };
  }

  status("engine", "loading the rules engine");
  const t1 = performance.now();
  const { name: engine, bytes } = await wheel;
  pyodide.unpackArchive(bytes, "wheel");
  pyodide.runPython("import importlib; importlib.invalidate_caches()");
  const bridge = pyodide.pyimport("engine.bridge");
  const handle = bridge.handle;
  postMessage({ type: "ready", bare: false, python, engine,
    ms: { pyodide: Math.round(tPyodide), engine: Math.round(performance.now() - t1),
      total: Math.round(performance.now() - started) } });
  return { pyodide, handle };
}

function ensure(bare) {
  if (!ready) {
    mode = bare ? "bare" : "full";
    ready = start(bare);
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
    ensure(Boolean(data.bare));
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
