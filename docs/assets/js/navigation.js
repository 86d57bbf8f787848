// Material's instant navigation wherever the site is served, loaded on every page.
//
// Material for MkDocs (9.x) takes a click on a link (fetches the page and swaps its content,
// keeping this window, its scripts and edition.js's Python worker alive) only when the link's
// URL, without query and fragment, is one of the <loc>s of sitemap.xml. Those are absolute
// URLs written from `site_url` at build time, and Material rebases only their protocol and
// hostname onto the site it runs on: not the port, not the path. Served on another port (a
// preview, the browser tests' random port) or under another path than `site_url`'s, no link
// matches, every click reloads the page, Python dies with it and the next table waits for it
// to start again.
//
// This script reads the same sitemap and rebases each page onto where the site is actually
// served (every <loc> starts with the home page's, which is the `site_url` of the build). A
// click on one of those pages that Material left alone is handed to Material's own navigation
// as Material's click handler hands it: the scroll offset kept in the current history entry,
// a new entry pushed, the URL emitted on `location$`. Served at its `site_url` (SITE_URL at
// build time, see README "Deploying"), Material takes every click itself and this does nothing.
(function () {
  "use strict";

  if (window.EditionNavigation) return; // loaded twice: the first one listens
  const configScript = document.getElementById("__config");
  let config = null;
  try {
    config = configScript ? JSON.parse(configScript.textContent) : null;
  } catch (error) {
    console.warn(`navigation.js: the theme's configuration does not parse: ${error.message}`);
  }
  if (!config || !Array.isArray(config.features) || !config.features.includes("navigation.instant")) return;
  if (location.protocol === "file:") return; // Material has no instant navigation there either

  const base = new URL(config.base, location.href); // the site's root where it is served
  const state = { pages: null, twins: new Map(), problem: null, taken: 0 };
  window.EditionNavigation = state;

  /** The sitemap's pages rebased onto `base`: a Set of URLs without query or fragment. */
  function rebase(xml) {
    const doc = new DOMParser().parseFromString(xml, "application/xml");
    const locs = Array.from(doc.getElementsByTagName("loc"), (node) => node.textContent.trim());
    if (!locs.length) throw new Error("sitemap.xml lists no page");
    const home = locs.reduce((a, b) => (b.length < a.length ? b : a));
    if (!/^https?:\/\/[^/]+\/(.*\/)?$/.test(home)) {
      throw new Error(`sitemap.xml's home page is ${JSON.stringify(home)}, not a site_url (is site_url set?)`);
    }
    const stray = locs.find((loc) => !loc.startsWith(home));
    if (stray) throw new Error(`sitemap.xml lists ${stray}, outside its home page ${home}`);
    const here = (url) => new URL(url.slice(home.length), base).href;
    // The site in two languages (mkdocs-static-i18n): each <url> names its page in every language
    // (<xhtml:link rel="alternate" hreflang>), the twins the language switch leads to.
    for (const url of Array.from(doc.getElementsByTagName("url"))) {
      const loc = url.getElementsByTagName("loc")[0];
      const links = Array.from(url.getElementsByTagNameNS("http://www.w3.org/1999/xhtml", "link"))
        .filter((link) => link.getAttribute("rel") === "alternate" && (link.getAttribute("href") || "").startsWith(home));
      if (loc && links.length) {
        state.twins.set(here(loc.textContent.trim()),
          new Map(links.map((link) => [link.getAttribute("hreflang"), here(link.getAttribute("href"))])));
      }
    }
    return new Set(locs.map(here));
  }

  /** The page's twin in `lang` (same path in the other language), with the current fragment. */
  function twin(lang) {
    const page = new URL(location.href);
    page.search = page.hash = "";
    const target = (state.twins.get(page.href) || new Map()).get(lang);
    return target ? target + location.hash : null;
  }

  /** Material's language switch is drawn once with the first page's links and not redrawn by
   *  instant navigation: point each of its links at the current page's twin (without fragment). */
  function updateSwitch() {
    for (const link of document.querySelectorAll(".md-select__link[hreflang]")) {
      const target = twin(link.getAttribute("hreflang"));
      if (target) link.href = target.split("#")[0];
    }
  }
  // A click on the switch leads to the same place of the twin page, the fragment carried over,
  // by loading it: instant navigation would keep this page's <html lang>, header and the theme's
  // words in the other language. In the capture phase, before Material's handling of the click.
  document.addEventListener("click", (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest(".md-select__link[hreflang]") : null;
    const target = link && state.pages ? twin(link.getAttribute("hreflang")) : null;
    if (!target) return;
    event.preventDefault();
    event.stopPropagation();
    location.assign(target);
  }, true);
  // Pointed when the reader reaches for the switch (a hover, or the focus of its menu).
  for (const type of ["pointerover", "focusin"]) {
    document.addEventListener(type, (event) => {
      if (state.pages && event.target instanceof Element && event.target.closest(".md-select")) updateSwitch();
    }, true);
  }

  fetch(new URL("sitemap.xml", base))
    .then((response) => {
      if (!response.ok) throw new Error(`sitemap.xml: HTTP ${response.status}`);
      return response.text();
    })
    .then((xml) => { state.pages = rebase(xml); })
    .catch((error) => {
      state.problem = error.message;
      console.warn(`navigation.js: links will reload their page: ${error.message}`);
    });

  /** Go to `url` (one of the site's pages) as a click on a link to it would: by Material's
   *  instant navigation where it can be had, else by loading the page. */
  state.go = (url) => {
    const target = new URL(url, location.href);
    const page = new URL(target);
    page.search = page.hash = "";
    const location$ = window.location$;
    if (!state.pages || !state.pages.has(page.href) || !location$ || typeof location$.next !== "function") {
      location.assign(target.href);
      return;
    }
    history.replaceState({ x: Math.max(0, scrollX), y: Math.max(0, scrollY) }, "");
    history.pushState(null, "", target);
    state.taken += 1;
    location$.next(target);
  };

  // On document, so that it runs after Material's own listener on document.body.
  document.addEventListener("click", (event) => {
    if (!state.pages || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!link || link.target || link.hasAttribute("download")) return;
    const url = new URL(link.href);
    const page = new URL(url);
    page.search = page.hash = "";
    if (!state.pages.has(page.href)) return;
    // A fragment of this very page: the browser scrolls to it without leaving the page.
    if (url.pathname === location.pathname && url.search === location.search) return;
    const location$ = window.location$;
    if (!location$ || typeof location$.next !== "function") return; // not Material: a plain link
    event.preventDefault();
    history.replaceState({ x: Math.max(0, scrollX), y: Math.max(0, scrollY) }, "");
    history.pushState(null, "", url);
    state.taken += 1;
    location$.next(url);
  });
})();
