// The edition's service worker: after a first visit, the whole built site (pages, assets, Pyodide,
// the engine wheel and its memory snapshot) is kept in one cache per build, so that the edition
// reads and plays offline.
//
// This file is a template: tools/hooks.py (on_post_build) writes it to site/sw.js with PRECACHE
// filled in (every file of the build, by its URL relative to the site root, with a revision: the
// first 16 hex digits of its sha256) and VERSION (a digest of that list). edition.js registers
// site/sw.js with the site root as its scope, once the page is idle and Python is no longer
// starting, so that keeping the site never competes with a first visit's own loading.
//
// Hand-written rather than Workbox: what the edition needs is a precache of a static build and a
// cache-first answer for it. workbox-build generates that from a glob, but pulls a bundler and
// hundreds of npm packages into the build for it; the list is one walk of site/ in the MkDocs
// hook, and the worker's part is the hundred lines below.
//
// - Only GET requests for this origin under this scope are answered; a request to any other
//   host is never touched (nor cached): the browser sends it as if there were no service worker.
// - A rebuilt site gives a new sw.js (its VERSION and list change), which the browser installs:
//   files whose revision is unchanged are copied from the previous build's cache, the others
//   fetched (from the HTTP cache when their sha256 is the revision's, else from the server); a
//   file whose bytes are not this build's is never kept. On activation the other builds' caches
//   of this scope are removed.
// - A page (pages are kept by their directory URL, "games/mushka/", as Material's instant
//   navigation fetches them) is answered from the cache whatever its query string.

"use strict";

const PRECACHE = __EDITION_PRECACHE__; // [[url relative to the scope, revision], ...]
const VERSION = __EDITION_VERSION__;
const SCOPE = self.registration.scope; // the site root, ending in "/"
const PREFIX = `edition:${SCOPE}:`;
const CACHE = PREFIX + VERSION;
const REVISION = "x-edition-revision";
const PARALLEL = 6;

const revisions = new Map(PRECACHE.map(([path, rev]) => [new URL(path, SCOPE).href, rev]));

/** The cache key of a request's URL: without query and fragment, a page by its directory URL. */
function keyOf(url) {
  const u = new URL(url);
  u.search = "";
  u.hash = "";
  if (u.pathname.endsWith("/index.html")) u.pathname = u.pathname.slice(0, -"index.html".length);
  return u.href;
}

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The file at url as this build has it: from the browser's HTTP cache when its bytes are this
 * build's (the page fetched them a moment ago), else from the server past that cache. */
async function fetchChecked(url, rev) {
  for (const mode of ["default", "reload"]) {
    const response = await fetch(url, { cache: mode, credentials: "same-origin" });
    if (!response.ok || response.redirected) {
      throw new Error(`${url}: HTTP ${response.status}${response.redirected ? " (redirected)" : ""}`);
    }
    const body = await response.arrayBuffer();
    if (hex(await crypto.subtle.digest("SHA-256", body)).slice(0, rev.length) !== rev) continue;
    const headers = new Headers(response.headers);
    headers.set(REVISION, rev);
    return new Response(body, { status: response.status, statusText: response.statusText, headers });
  }
  throw new Error(`${url}: the server's file is not this build's (revision ${rev}); kept on a later visit`);
}

async function keep(cache, previous, url, rev) {
  if (await cache.match(url)) return; // an install interrupted earlier got this far
  for (const old of previous) {
    const hit = await old.match(url);
    if (hit && hit.headers.get(REVISION) === rev) {
      await cache.put(url, hit);
      return;
    }
  }
  await cache.put(url, await fetchChecked(url, rev));
}

async function precache() {
  const cache = await caches.open(CACHE);
  const names = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE);
  const previous = await Promise.all(names.map((name) => caches.open(name)));
  const queue = Array.from(revisions);
  const lanes = Array.from({ length: PARALLEL }, async () => {
    while (queue.length) {
      const [url, rev] = queue.shift();
      await keep(cache, previous, url, rev);
    }
  });
  await Promise.all(lanes);
}

self.addEventListener("install", (event) => {
  self.skipWaiting();
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

async function answer(key, request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(key);
  return hit || fetch(request); // not kept yet (install still running) or evicted: the network
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return; // another host or path: untouched
  const key = keyOf(request.url);
  if (!revisions.has(key)) return;
  event.respondWith(answer(key, request));
});

// The page asks which build is kept and how much of it (edition.js offlineStatus: tests, the
// benchmark): the answer goes back on the message's port.
self.addEventListener("message", (event) => {
  if (!event.data || event.data.type !== "edition-cache" || !event.ports[0]) return;
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const kept = (await cache.keys()).length;
    event.ports[0].postMessage({ version: VERSION, cache: CACHE, kept, files: revisions.size });
  })());
});
