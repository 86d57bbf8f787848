// The edition's entry script, loaded on every page.
//
// It finds the live parts of a page and wires them up:
//   .edition-table[data-game]                   a play table (table.js)
//   .edition-example[data-rule][data-example]   a worked example with a Run button
//   .edition-compare[data-game]                 two readings played on the same deals (compare.js)
//
// Python (Pyodide + the engine) runs in one Web Worker started only when a page needs it: when a
// table scrolls into view, or when the reader presses a Run or Start button. The worker is kept for
// the whole visit (Material's instant navigation keeps this script alive, wherever the site is
// served: navigation.js), so it starts once. Nothing here blocks reading: before Python is needed
// the page costs one IntersectionObserver and a few buttons. A table in view does not start Python
// at once either: it waits until the page has loaded and the browser is idle (requestIdleCallback,
// at most IDLE_TIMEOUT_MS), so Python's start never competes with the theme's own start-up work on
// the main thread. A button press starts it at once.
// Works as a classic script or a module, with Material's `document$` or without it.
(function () {
  "use strict";

  if (window.EditionSite) {
    // Loaded twice (e.g. listed twice): keep the first instance and its worker.
    window.EditionSite.scan();
    return;
  }

  const script = document.currentScript
    || Array.from(document.scripts).find((s) => /\/assets\/js\/edition\.js(\?|#|$)/.test(s.src));
  const jsBase = new URL(".", script && script.src ? script.src : new URL("assets/js/", location.href));
  // The assets are served once, at the site's root; a page in another language than the root's
  // lives under /<lang>/ (mkdocs-static-i18n), and its links to other pages (a rule's game page)
  // stay in that language: the root of the page's language is the root plus the page's first path
  // segment when that segment is the page's language (<html lang>).
  const assetRoot = new URL("../../", jsBase);
  function languageRoot() {
    const lang = (document.documentElement.lang || "").toLowerCase();
    if (!lang || !location.href.startsWith(assetRoot.href)) return assetRoot;
    const first = location.href.slice(assetRoot.href.length).split(/[/?#]/)[0].toLowerCase();
    return first === lang ? new URL(`${first}/`, assetRoot) : assetRoot;
  }
  // The page's words in its language (lang.js, loaded before the page's parts are wired up:
  // scan), and the language sent with every request, so that the engine answers in it.
  let words = null;
  const tr = (english, ...args) => (words ? words.tr(english, ...args)
    : english.replace(/\{(\d+)\}/g, (m, i) => String(args[Number(i)])));
  const params = new URLSearchParams(location.search);
  const bench = window.__editionBench || (window.__editionBench = {});
  const IDLE_TIMEOUT_MS = 2000;

  /** Resolves once the page has loaded and the main thread is idle (or IDLE_TIMEOUT_MS passed). */
  function whenIdle() {
    const loaded = document.readyState === "complete"
      ? Promise.resolve()
      : new Promise((resolve) => window.addEventListener("load", resolve, { once: true }));
    return loaded.then(() => new Promise((resolve) => {
      if ("requestIdleCallback" in window) window.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
      else setTimeout(resolve, 200);
    }));
  }

  // ---------------------------------------------------------------- the Python worker

  /** One worker for the visit; requests are {op, ...} objects, answers the bridge's JSON. */
  class PythonWorker {
    constructor() {
      this.worker = null;
      this.bare = false;
      this.state = "idle"; // idle | starting | ready | failed
      this.stage = "";
      this.error = null;
      this.info = null;
      this.nextId = 1;
      this.pending = new Map();
      this.listeners = new Set();
      this.readyPromise = null;
    }

    /** Start Python (once). With bare = true only Pyodide loads (the benchmark's baseline). */
    start(bare = false) {
      if (this.readyPromise) return this.readyPromise;
      this.bare = bare;
      this.state = "starting";
      this.stage = "starting Python";
      // The benchmark's window "while Python starts" opens here (the worker's creation) and
      // closes at bench.firstPlayable (table.js: the first frame showing a legal card).
      bench.workerStart = performance.now();
      this.readyPromise = new Promise((resolve, reject) => {
        let worker;
        try {
          worker = new Worker(new URL("worker.js", jsBase), { type: "module", name: "edition-python" });
        } catch (error) {
          this.fail(`could not start the Python worker: ${error.message}`);
          reject(this.error);
          return;
        }
        this.worker = worker;
        worker.onmessage = (event) => {
          const data = event.data || {};
          performance.mark(`edition:worker-${data.type || "answer"}`);
          if (data.type === "status") {
            this.stage = data.detail || data.stage;
            this.stageId = data.stage;
            this.emit();
          } else if (data.type === "ready") {
            this.state = "ready";
            this.info = data;
            this.stage = "ready";
            bench.pythonReady = performance.now();
            bench.worker = data.ms;
            bench.snapshot = data.snapshot || null;
            this.emit();
            resolve(this);
          } else if (data.type === "failed") {
            this.fail(data.error);
            reject(this.error);
          } else if (data.id !== undefined && this.pending.has(data.id)) {
            const { resolve: done } = this.pending.get(data.id);
            this.pending.delete(data.id);
            done(data.response);
          }
        };
        worker.onerror = (event) => {
          event.preventDefault();
          this.fail(`the Python worker stopped: ${event.message || "script error"}`);
          reject(this.error);
        };
        // ?edition-snapshot=off: boot Python normally even with a kept snapshot (tests, benchmark).
        worker.postMessage({ type: "init", bare, snapshot: params.get("edition-snapshot") !== "off" });
      });
      this.readyPromise.catch(() => {});
      this.emit(); // "starting", before the worker's first word
      return this.readyPromise;
    }

    fail(message) {
      this.state = "failed";
      this.error = new Error(message);
      this.stage = message;
      for (const { resolve } of this.pending.values()) {
        resolve({ ok: false, error: { type: "WorkerError", message, rule: null } });
      }
      this.pending.clear();
      this.emit();
    }

    /** Send one bridge request; resolves with the bridge's answer ({ok: true|false, ...}). */
    async request(request) {
      await this.start();
      words = words || await load("lang.js");
      request = { ...request, lang: words.pageLang() }; // read per request: the page's language may change
      return new Promise((resolve) => {
        const id = this.nextId++;
        this.pending.set(id, { resolve });
        this.worker.postMessage({ id, request });
      });
    }

    /** Like request, but throws an Error carrying the bridge's error object when ok is false. */
    async call(request) {
      const answer = await this.request(request);
      if (!answer || answer.ok === false) {
        const detail = (answer && answer.error) || { type: "WorkerError", message: "no answer" };
        const error = new Error(detail.message || detail.type);
        error.detail = detail;
        throw error;
      }
      return answer;
    }

    onChange(listener) {
      this.listeners.add(listener);
      listener(this);
      return () => this.listeners.delete(listener);
    }

    emit() {
      for (const listener of Array.from(this.listeners)) {
        try { listener(this); } catch (error) { console.error(error); }
      }
    }
  }

  const python = new PythonWorker();

  // ---------------------------------------------------------------- shared helpers

  const SUITS = { S: ["♠", "spades"], H: ["♥", "hearts"], D: ["♦", "diamonds"], C: ["♣", "clubs"] };

  /** A rule id ("<game>.<topic>.<name>") -> a link to its anchor (this page if it has it, else the game page). */
  function ruleHref(rule) {
    if (!rule) return null;
    const anchor = String(rule).replace(/\./g, "-");
    if (document.getElementById(anchor)) return "#" + anchor;
    const game = String(rule).split(".")[0];
    return new URL(`games/${game}/#${anchor}`, languageRoot()).href;
  }

  function ruleLink(rule) {
    const a = document.createElement("a");
    a.className = "edition-rule-link";
    a.href = ruleHref(rule);
    a.textContent = rule;
    return a;
  }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    if (attrs) {
      for (const [key, value] of Object.entries(attrs)) {
        if (value === null || value === undefined || value === false) continue;
        if (key === "class") node.className = value;
        else if (key === "text") node.textContent = value;
        else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
        else node.setAttribute(key, value === true ? "" : String(value));
      }
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  /** Render JSON values the way a reader writes them: cards with suit symbols, lists joined. */
  function show(value) {
    if (value === null || value === undefined) return tr("nothing");
    if (typeof value === "string") {
      return value.replace(/\b(10|[2-9TJQKA])([SHDC])\b/g, (_, r, s) => (r === "T" ? "10" : r) + SUITS[s][0]);
    }
    if (Array.isArray(value)) return "[" + value.map(show).join(", ") + "]";
    if (typeof value === "object") {
      return "{" + Object.entries(value).map(([k, v]) => `${k}: ${show(v)}`).join(", ") + "}";
    }
    return String(value);
  }

  function statusText(worker) {
    const stage = { pyodide: tr("loading Python (Pyodide)"), engine: tr("loading the rules engine") }[worker.stageId]
      || (worker.stage === "starting Python" ? tr("starting Python") : worker.stage);
    if (worker.state === "idle") return tr("Python has not started.");
    if (worker.state === "starting") return tr("Starting Python in your browser: {0}…", stage);
    if (worker.state === "failed") return tr("Python could not start: {0}", worker.error && worker.error.message);
    return tr("Python is ready.");
  }

  // ---------------------------------------------------------------- worked examples

  function exampleResultBox(example) {
    let out = example.querySelector(".edition-example-result");
    if (!out) {
      out = el("output", { class: "edition-example-result" });
      example.append(out);
    }
    out.setAttribute("aria-live", "polite");
    return out;
  }

  async function runExample(example) {
    const button = example.querySelector(".edition-run");
    const out = exampleResultBox(example);
    const rule = example.dataset.rule;
    const id = example.dataset.example;
    if (button) button.disabled = true;
    example.dataset.state = "running";
    delete example.dataset.passed;
    out.className = "edition-example-result is-running";
    const unsubscribe = python.onChange((w) => {
      if (example.dataset.state === "running") {
        out.textContent = w.state === "ready" ? tr("Running…") : statusText(w);
      }
    });
    let answer;
    try {
      answer = await python.request({ op: "example", rule, example: id });
    } finally {
      unsubscribe();
      if (button) button.disabled = false;
    }
    out.replaceChildren();
    if (!answer || answer.ok === false) {
      const error = (answer && answer.error) || {};
      example.dataset.state = "error";
      example.dataset.passed = "false";
      out.className = "edition-example-result is-error";
      out.append(el("strong", { text: tr("Could not run this example. ") }),
        el("details", { class: "ed-refusal-detail" }, el("summary", { text: tr("What the engine said") }),
          el("code", { text: `${error.message || error.type || tr("no answer")}` })));
      return false;
    }
    const result = answer.result || answer;
    const passed = result.passed === true;
    example.dataset.state = "done";
    example.dataset.passed = String(passed);
    out.className = "edition-example-result " + (passed ? "is-pass" : "is-fail");
    out.append(el("strong", { class: "edition-verdict", text: passed ? tr("✓ Passed") : tr("✗ Failed") }));
    const dl = el("dl", { class: "edition-example-values" });
    const expectedError = result.expected_error || (result.expected && result.expected.error);
    dl.append(el("dt", { text: tr("expected") }), el("dd", null, el("code", {
      text: expectedError ? tr("refusal by {0}", expectedError) : show(result.expected) })));
    dl.append(el("dt", { text: tr("actual") }), el("dd", null, el("code", {
      text: result.error ? tr("refusal: {0}", show(result.error)) : show(result.actual),
    })));
    out.append(dl);
    return passed;
  }

  function setupExamples(root) {
    const examples = Array.from(root.querySelectorAll(".edition-example[data-rule][data-example]"))
      .filter((e) => !e.dataset.editionReady);
    for (const example of examples) {
      example.dataset.editionReady = "1";
      const out = exampleResultBox(example);
      const button = el("button", {
        type: "button", class: "edition-run md-button",
        "aria-label": tr("Run the worked example {0} of {1}", example.dataset.example, example.dataset.rule),
        onclick: () => runExample(example),
      }, tr("▶ Run"));
      out.before(button);
    }
    const all = Array.from(root.querySelectorAll(".edition-example[data-rule][data-example]"));
    if (all.length > 1 && !root.querySelector(".edition-run-all")) {
      const summary = el("output", { class: "edition-run-all-summary", "aria-live": "polite" });
      const button = el("button", {
        type: "button", class: "edition-run-all md-button md-button--primary",
        onclick: async () => {
          button.disabled = true;
          let passed = 0;
          let done = 0;
          const items = Array.from(document.querySelectorAll(".edition-example[data-rule][data-example]"));
          for (const example of items) {
            summary.textContent = tr("Running {0} of {1}…", done + 1, items.length);
            if (await runExample(example)) passed += 1;
            done += 1;
          }
          summary.textContent = tr("{0} of {1} examples passed", passed, items.length) + (passed === items.length ? " ✓" : " ✗");
          summary.dataset.passed = String(passed);
          summary.dataset.total = String(items.length);
          button.disabled = false;
        },
      }, tr("▶ Run all {0} examples on this page", all.length));
      const bar = el("div", { class: "edition-run-all-bar" }, button, summary);
      const slot = root.querySelector(".edition-run-all-slot");
      if (slot) slot.append(bar);
      else all[0].before(bar);
    }
  }

  // ---------------------------------------------------------------- tables and comparisons

  let modules = {};
  function load(name) {
    if (!modules[name]) modules[name] = import(new URL(name, jsBase).href);
    return modules[name];
  }

  let observer = null;
  /** Start a table: at once for a button press, else when the page is loaded and idle. */
  function startTable(container, { now = false } = {}) {
    if (container.dataset.editionStarted) return;
    container.dataset.editionStarted = "1";
    if (observer) observer.unobserve(container);
    const status = container.querySelector(".edition-table-status");
    const button = container.querySelector(".edition-table-start");
    if (button) button.disabled = true; // this table is on its way: a second press would do nothing
    const go = () => {
      if (!container.isConnected) return; // navigated away while waiting
      python.start();
      load("table.js")
        .then((module) => module.mountTable(container, api))
        .catch((error) => {
          console.error(error);
          if (status) status.textContent = tr("The table could not start: {0}", error.message);
        });
    };
    if (now || python.state !== "idle") {
      go();
      return;
    }
    if (status) status.textContent = tr("The table will start Python in your browser in a moment. ");
    whenIdle().then(() => {
      if (container.isConnected) go();
      else delete container.dataset.editionStarted;
    });
  }

  function setupTables(root) {
    const tables = Array.from(root.querySelectorAll(".edition-table[data-game]")).filter((t) => !t.dataset.editionReady);
    if (!tables.length) return;
    if (!observer && "IntersectionObserver" in window) {
      observer = new IntersectionObserver((entries) => {
        for (const entry of entries) if (entry.isIntersecting) startTable(entry.target);
      }, { rootMargin: "150px 0px" });
    }
    for (const container of tables) {
      container.dataset.editionReady = "1";
      container.classList.add("edition-live");
      const status = el("p", { class: "edition-table-status", role: "status" },
        tr("The table starts Python in your browser when it comes into view. "));
      const button = el("button", {
        type: "button", class: "md-button md-button--primary edition-table-start",
        onclick: () => startTable(container, { now: true }),
      }, tr("Start the table now"));
      const intro = el("div", { class: "edition-table-intro" }, status, button);
      container.replaceChildren(intro);
      // While Python starts (for this table or for anything else on the page) the button can do
      // nothing sooner, so it is disabled and the status says how far Python has got; once
      // Python is ready it starts this table at once (and the table replaces it when it mounts).
      let unsubscribe = null;
      unsubscribe = python.onChange((w) => {
        if (!container.isConnected || container.dataset.mounted) {
          if (unsubscribe) unsubscribe();
          return;
        }
        if (w.state !== "idle") status.textContent = statusText(w);
        button.disabled = Boolean(container.dataset.editionStarted) || w.state === "starting" || w.state === "failed";
      });
      if (observer) observer.observe(container);
      bringBackToKeptGame(container);
    }
  }

  /** A reload or a back/forward return to a page whose table keeps a game (table-store.js): the
   * browser's restored offset falls below a table not started yet, so the page is brought to the
   * table, which resumes the game without asking (data-edition-resume, table-records.js). */
  let firstPage = true;
  function bringBackToKeptGame(container) {
    const [first, nav] = [firstPage, performance.getEntriesByType("navigation")[0]];
    firstPage = false;
    if (!first || !nav || !["reload", "back_forward"].includes(nav.type) || !["", "#play"].includes(location.hash)) return;
    load("table-store.js").then((store) => { if (!container.isConnected || !store.savedGame(container.dataset.game)) return;
      if ("scrollRestoration" in history) history.scrollRestoration = "manual";
      container.dataset.editionResume = "auto";
      const bring = () => container.scrollIntoView({ block: "start" }); // now, and after the load event's own restoration
      bring();
      if (document.readyState !== "complete") window.addEventListener("load", () => requestAnimationFrame(bring), { once: true });
      startTable(container);
    }).catch((error) => console.debug("[edition] the kept game could not be looked up:", error && error.message));
  }

  function setupCompares(root) {
    const compares = Array.from(root.querySelectorAll(".edition-compare[data-game]")).filter((c) => !c.dataset.editionReady);
    for (const container of compares) {
      container.dataset.editionReady = "1";
      container.classList.add("edition-live");
      const status = el("p", { class: "edition-table-status", role: "status" },
        tr("Play the same deals under two readings, with the same bots, and compare the outcomes. "));
      const button = el("button", {
        type: "button", class: "md-button md-button--primary edition-compare-start",
        onclick: () => {
          button.disabled = true;
          python.start();
          python.onChange((w) => { if (!container.dataset.mounted) status.textContent = statusText(w); });
          load("compare.js")
            .then((module) => module.mountCompare(container, api))
            .catch((error) => { status.textContent = tr("The comparison could not start: {0}", error.message); });
        },
      }, tr("Set up a comparison"));
      container.replaceChildren(el("div", { class: "edition-table-intro" }, status, button));
    }
  }

  // A build for no deployment (no SITE_URL) names no address: its stable URLs start with this placeholder
  // (tools/edition_meta.py) and its pages have no canonical link; the page writes both from where it is served.
  const UNDEPLOYED = "https://edition.invalid/";
  let ownCanonical = null, shownUrl = null; // (shownUrl: Material's location$, ahead of location.href or not)
  function stableUrls(root) {
    const [here, content] = [assetRoot.href, root.querySelector(".md-content") || root.body]; if (!content) return;
    const walker = document.createTreeWalker(content, NodeFilter.SHOW_TEXT, { acceptNode: (node) =>
      (node.nodeValue.includes(UNDEPLOYED) ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP) });
    const texts = []; while (walker.nextNode()) texts.push(walker.currentNode);
    for (const node of texts) node.nodeValue = node.nodeValue.split(UNDEPLOYED).join(here);
    for (const a of content.querySelectorAll(`a[href^="${UNDEPLOYED}"]`)) a.href = here + a.getAttribute("href").slice(UNDEPLOYED.length);
    if (ownCanonical === null && document.head) ownCanonical = !document.head.querySelector("link[rel='canonical']"); // (first page)
    setCanonical(shownUrl || location.href);
  }
  function setCanonical(url) {
    if (!document.head || !ownCanonical) return;
    let canonical = document.head.querySelector("link[rel='canonical'][data-edition]");
    if (!canonical) document.head.append(canonical = Object.assign(document.createElement("link"), { rel: "canonical" }));
    const page = new URL(url, location.href); page.search = page.hash = ""; canonical.href = page.href; canonical.dataset.edition = "";
  }

  /** Wire up the page's live parts, in its language (lang.js, loaded once). */
  function scan() {
    if (words) scanPage();
    else load("lang.js").then((module) => { words = module; scanPage(); })
      .catch((error) => console.error("[edition] the page's words could not be loaded:", error));
  }

  function scanPage() {
    if (observer) {
      // After an instant navigation the old page's tables are gone: stop watching them.
      observer.disconnect();
      for (const t of document.querySelectorAll(".edition-table[data-edition-ready]:not([data-edition-started])")) {
        observer.observe(t);
      }
    }
    stableUrls(document); setupExamples(document);
    setupTables(document);
    setupCompares(document);
    // Benchmark flags (bench/run.py): "bare" loads Pyodide alone and stops; "table" starts the
    // tables without waiting for them to scroll into view; "off" starts nothing (the theme's
    // own page, the baseline). All three wait for the page to load and go idle, as a table does.
    const flag = params.get("edition-bench");
    if ((flag === "off" || flag === "bare") && observer) observer.disconnect();
    if (flag === "bare" && python.state === "idle") whenIdle().then(() => python.start(true));
    if (flag === "table") for (const t of document.querySelectorAll(".edition-table[data-edition-ready]")) startTable(t);
  }

  // ---------------------------------------------------------------- offline (sw.js)

  const TABLE_WAIT_MS = 10000;

  /** Resolves once Python is not in the way of a first visit: failed; ready and, on a table's
   * page, the first table playable; on a page without a table, not started; on a table's page,
   * not started within TABLE_WAIT_MS. */
  function pythonSettled() {
    return new Promise((resolve) => {
      let timer = null;
      let settled = false;
      let unsubscribe = null;
      const done = () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (unsubscribe) unsubscribe();
        resolve();
      };
      const playable = () => { // the table's first playable frame (table.js sets it), or TABLE_WAIT_MS
        const until = performance.now() + TABLE_WAIT_MS;
        const poll = () => (bench.firstPlayable || performance.now() > until ? done() : setTimeout(poll, 200));
        poll();
      };
      unsubscribe = python.onChange((w) => {
        const table = document.querySelector(".edition-table[data-game]");
        if (w.state === "ready" && table) playable();
        else if (w.state === "ready" || w.state === "failed" || (w.state === "idle" && !table)) done();
        else if (w.state === "idle" && timer === null) timer = setTimeout(done, TABLE_WAIT_MS);
        else if (w.state === "starting" && timer !== null) { clearTimeout(timer); timer = null; }
      });
      if (settled) unsubscribe();
    });
  }

  /** Register the service worker (built by tools/hooks.py as sw.js at the site root; scope: the
   * site root, so the site works under any sub-path) once the page is idle and Python is out of
   * the way (pythonSettled), so that keeping the site for offline visits never slows a first
   * visit. A refusal (no service workers here, a test context that blocks them) is said at debug
   * level only. ?edition-offline=off registers nothing (the benchmark's bare visits). */
  let registering = null;
  function keepOffline() {
    if (registering || !("serviceWorker" in navigator) || params.get("edition-offline") === "off") return;
    registering = whenIdle().then(pythonSettled).then(whenIdle)
      .then(() => navigator.serviceWorker.register(new URL("sw.js", assetRoot).href, { scope: assetRoot.pathname }))
      .then((registration) => { bench.serviceWorker = registration.scope; })
      .catch((error) => console.debug("[edition] the site is not kept for offline visits:", error && error.message || error));
  }
  keepOffline();

  /** The search index (held back by search-gate.js) once the page is settled as for sw.js. */
  if (window.EditionSearch) whenIdle().then(pythonSettled).then(whenIdle).then(() => window.EditionSearch.open("idle"));

  /** What the service worker keeps for this page: {version, cache, kept, files} (kept === files
   * once the whole build is kept), or null when no service worker controls the page. */
  function offlineStatus() {
    const worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (!worker) return Promise.resolve(null);
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => resolve(event.data);
      worker.postMessage({ type: "edition-cache" }, [channel.port2]);
    });
  }

  // The shared surface used by table.js and compare.js (and by tests and the benchmark).
  /** Resolves with offlineStatus() once the whole build is kept (tests, the benchmark); rejects
   * after timeoutMs. */
  async function whenKept(timeoutMs = 180000) {
    const until = performance.now() + timeoutMs;
    for (;;) {
      const status = await offlineStatus();
      if (status && status.kept === status.files) return status;
      if (performance.now() > until) throw new Error(`the site was not kept within ${timeoutMs} ms: ${JSON.stringify(status)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const api = { python, el, show, ruleHref, ruleLink, statusText, SUITS, jsBase, bench, scan, offlineStatus, whenKept };
  // the root of the current page's language (it changes when instant navigation changes language)
  Object.defineProperty(api, "siteRoot", { get: languageRoot, enumerable: true });
  window.EditionSite = api;

  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(() => scan());
    window.location$?.subscribe?.((url) => { shownUrl = String(url); setCanonical(shownUrl); });
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", scan, { once: true });
  } else {
    scan();
  }
})();
