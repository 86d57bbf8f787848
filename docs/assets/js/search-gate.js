// The search index, only when it is wanted, and in the page's language. Loaded before Material's
// bundle (tools/hooks.py puts it there), which asks for search/search_index.json as soon as a page
// loads. The index is the biggest file of a first visit (megabytes), and search is not what a
// reader opens a page for: this script holds that request back until the reader opens search
// (a click or tap on the search field or its button, the focus in it, or Material's keys / s f)
// or until edition.js says the page is settled and idle (its table usable, or no table: it calls
// EditionSearch.open()). Never before. The request goes to the index of the page's language,
// written by tools/hooks.py: search/search_index.json (English) or <lang>/search/search_index.json
// (Russian, stemmed in Russian). Material's own request is an XMLHttpRequest; nothing else is held.
(function () {
  "use strict";
  if (window.EditionSearch) return;
  const INDEX = /\/search\/search_index\.json$/;
  const LANGUAGES = ["ru"]; // the languages with an index of their own besides the root's (tools/hooks.py)
  const held = [];
  let opened = false;
  const state = { requested: null, reason: null, url: null };

  function open(reason) {
    if (opened) return;
    opened = true;
    state.reason = reason || "asked";
    state.requested = performance.now();
    for (const send of held.splice(0)) send();
  }

  /** The index of the page's language: <root>/<lang>/search/search_index.json for a language of
   *  its own, else the root's. */
  function indexFor(url) {
    const lang = (document.documentElement.lang || "").toLowerCase();
    if (!LANGUAGES.includes(lang)) return url;
    return url.href.replace(INDEX, `/${lang}/search/search_index.json`);
  }

  const open_ = XMLHttpRequest.prototype.open;
  const send_ = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    let target = url;
    try {
      const parsed = new URL(String(url), document.baseURI);
      if (INDEX.test(parsed.pathname) && parsed.origin === location.origin) {
        target = String(indexFor(parsed));
        this.editionSearchIndex = true;
        state.url = target;
      }
    } catch (error) { /* not a URL this script is about */ }
    return open_.call(this, method, target, ...rest);
  };
  XMLHttpRequest.prototype.send = function (...args) {
    if (this.editionSearchIndex && !opened) {
      held.push(() => send_.apply(this, args));
      return undefined;
    }
    return send_.apply(this, args);
  };

  // The reader reaches for search.
  const wants = (event) => {
    const target = event.target;
    if (target instanceof Element && target.closest(".md-search, label[for='__search'], [data-md-component='search']")) {
      open("search");
    }
  };
  document.addEventListener("pointerdown", wants, true);
  document.addEventListener("focusin", wants, true);
  document.addEventListener("change", (event) => {
    if (event.target instanceof Element && event.target.id === "__search") open("search");
  }, true);
  document.addEventListener("keydown", (event) => {
    const target = event.target;
    const typing = target instanceof Element && target.closest("input, textarea, select, [contenteditable]");
    if (!typing && !event.ctrlKey && !event.metaKey && !event.altKey && ["/", "s", "f", "S", "F"].includes(event.key)) {
      open("search");
    }
  }, true);

  window.EditionSearch = { open, state };
})();
