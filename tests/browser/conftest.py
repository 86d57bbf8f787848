"""Fixtures for driving the built site in headless Chromium.

- ``built_site``: a strict build of the current tree (reused when the inputs have not
  changed since the last strict build; see ``tools/sitebuild.py``);
- ``site_url``: that folder served on 127.0.0.1, on a free port, from a thread (``serve``);
- ``subpath_site_url``: a build for deployment under a sub-path (SITE_URL=https://example.org/edition/),
  served under /edition/ on a free port;
- ``chromium``-backed ``browser``: Debian's ``/usr/bin/chromium`` (or ``$CHROMIUM``) through
  Playwright, never a downloaded browser. Missing: a failure under ``CI=true``, else a skip;
- ``site_page`` (and ``narrow_site_page``, ``subpath_site_page``): a fresh page whose every
  request to a host other than 127.0.0.1 is aborted and recorded, with console errors, page
  errors and failed local responses collected; ``site_page.assert_clean()`` checks them all;
- ``shared_page``: the same, but one page per test module (what ``site_page`` is in a module
  that says ``SHARE_PAGE = True``), kept from test to test, so that
  Python starts once per module (a start is 5-10 s): each test walks to its page by the site's
  instant navigation (``visit``), which keeps the window and its Python, as a reader's click
  on a link does. Each test begins with the page's problems cleared and the games kept by the
  browser forgotten.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
IN_CI = os.environ.get("CI", "").lower() == "true"
SCREENSHOTS = ROOT / "build" / "screenshots"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


def unavailable(reason: str) -> None:
    """Under CI a missing browser is a failure; elsewhere the browser tests are skipped."""
    if IN_CI:
        pytest.fail(reason)
    pytest.skip(reason)


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm",
        ".json": "application/json", ".whl": "application/zip", ".zip": "application/zip",
    }

    def log_message(self, format: str, *args: object) -> None:
        pass




@contextlib.contextmanager
def serve(directory: Path) -> Iterator[str]:
    """``directory`` served on 127.0.0.1 on a free port, from a thread: its root URL."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Handler, directory=str(directory)))
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def site_url(built_site: Path) -> Iterator[str]:
    with serve(built_site) as url:
        yield url


SUBPATH = "edition"
SUBPATH_SITE_URL = f"https://example.org/{SUBPATH}/"
"""The deployment the sub-path build is made for (README, "Deploying")."""


@pytest.fixture(scope="session")
def subpath_site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A strict build for SITE_URL=https://example.org/edition/, served under /edition/ of a free
    port on 127.0.0.1 (a folder whose edition/ is that build): the server's root URL. The build
    is cached apart from the default one (``tools/sitebuild.py``)."""
    sys.path.insert(0, str(ROOT / "tools"))
    import sitebuild

    try:
        folder, _note = sitebuild.build_or_reuse(site_url=SUBPATH_SITE_URL)
    except RuntimeError as exc:
        pytest.fail(str(exc))
    root = tmp_path_factory.mktemp("served")
    (root / SUBPATH).symlink_to(folder, target_is_directory=True)
    with serve(root) as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.is_file():
        unavailable(f"headless Chromium is not installed at {CHROMIUM}: run `make browser` "
                    "(apt-get install -y chromium); never `playwright install`")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("the playwright package is not installed: `make setup`")
    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield instance
        finally:
            instance.close()


class SitePage:
    """A page on the loopback site and everything that went wrong while it was open."""

    def __init__(self, context, base: str) -> None:
        self.context = context
        self.base = base
        self.page = context.new_page()
        self.console_errors: list[str] = []
        self.outside_requests: list[str] = []
        self.failed_responses: list[str] = []
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda error: self.console_errors.append(f"page error: {error}"))
        self.page.on("response", self._response)
        self.page.on("worker", lambda worker: worker.on("console", self._console))

    def _console(self, message) -> None:
        if message.type == "error":
            where = (message.location or {}).get("url", "")
            self.console_errors.append(f"{message.text} ({where})" if where else message.text)

    def _response(self, response) -> None:
        if response.status >= 400 and response.url.startswith(self.base):
            self.failed_responses.append(f"{response.status} {response.url}")

    def url(self, path: str = "") -> str:
        return self.base + path.lstrip("/")

    def goto(self, path: str = "", *, settle_ms: int = 60_000):
        response = self.page.goto(self.url(path), wait_until="load")
        try:
            self.page.wait_for_load_state("networkidle", timeout=settle_ms)
        except Exception as exc:  # a page that never settles is itself a finding
            self.console_errors.append(f"the page did not settle within {settle_ms} ms: {exc}")
        return response

    def problems(self) -> list[str]:
        return ([f"console: {e}" for e in self.console_errors]
                + [f"request to another host: {u}" for u in self.outside_requests]
                + [f"failed: {r}" for r in self.failed_responses])

    def assert_clean(self) -> None:
        problems = self.problems()
        assert not problems, "\n".join(problems)

    def screenshot(self, name: str, *, full_page: bool = False) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / name
        self.page.screenshot(path=str(path), full_page=full_page)
        return path


def visit(session: SitePage, path: str) -> None:
    """Bring ``session`` to the site's page ``path`` as a reader would: by a click's instant
    navigation when the page is the site's with Python already running (the window and its
    Python survive: checked), else by loading it. Already there: nothing is done."""
    page = session.page
    target = session.url(path)
    here = page.url.split("#")[0].split("?")[0]
    if here == target.split("#")[0].split("?")[0]:
        return
    live = page.url.startswith(session.base) and page.evaluate(
        "() => Boolean(window.EditionNavigation?.pages && window.EditionSite?.python?.state === 'ready')")
    if not live:
        session.goto(path)
        return
    page.evaluate("(url) => { window.__visiting = document.querySelector('article'); window.__kept = 1;"
                  " window.EditionNavigation.go(url); }", target)
    page.wait_for_function(
        "() => { const a = document.querySelector('article'); return a !== null && a !== window.__visiting"
        " && a.querySelector('h1') !== null; }", timeout=60_000)
    assert page.evaluate("window.__kept ?? null") == 1, f"walking to /{path} reloaded the page"


def _new_context(browser, site_url: str, records: list[str], **options):
    # The site's service worker (sw.js) is blocked unless a test allows it: a page it controls
    # is answered by it, past the route below (tests/browser/test_offline.py allows it).
    options.setdefault("service_workers", "block")
    context = browser.new_context(**options)

    def route(route_obj) -> None:
        url = route_obj.request.url
        host = urlsplit(url).hostname
        if url.startswith(("data:", "blob:")) or host == "127.0.0.1":
            route_obj.continue_()
        else:
            records.append(url)
            route_obj.abort()

    context.route("**/*", route)
    return context


def _site_page(browser, site_url: str, **context_options) -> Iterator[SitePage]:
    outside: list[str] = []
    context = _new_context(browser, site_url, outside, **context_options)
    page = SitePage(context, site_url)
    page.outside_requests = outside
    try:
        yield page
    finally:
        context.close()


@pytest.fixture
def site_page(request: pytest.FixtureRequest, browser, site_url: str) -> Iterator[SitePage]:
    """The test's page: its own, or the module's ``shared_page`` when the module says
    ``SHARE_PAGE = True`` (one page for the module's tests, Python started once)."""
    if getattr(request.module, "SHARE_PAGE", False):
        yield request.getfixturevalue("shared_page")
        return
    yield from _site_page(browser, site_url, viewport={"width": 1280, "height": 900})


@pytest.fixture
def own_page(browser, site_url: str) -> Iterator[SitePage]:
    """A page of the test's own, for a test that takes the page apart (a module whose other tests
    share one page says ``SHARE_PAGE = True``)."""
    yield from _site_page(browser, site_url, viewport={"width": 1280, "height": 900})


@pytest.fixture
def subpath_site_page(browser, subpath_site_url: str) -> Iterator[SitePage]:
    """A page on the sub-path deployment; its base is the server's root, so that a request the
    site makes outside /edition/ fails and is reported."""
    yield from _site_page(browser, subpath_site_url, viewport={"width": 1280, "height": 900})


@pytest.fixture
def narrow_site_page(browser, site_url: str) -> Iterator[SitePage]:
    yield from _site_page(browser, site_url, viewport={"width": 390, "height": 844},
                          device_scale_factor=1, is_mobile=True, has_touch=True)


@pytest.fixture(scope="module")
def _module_page(browser, site_url: str) -> Iterator[SitePage]:
    yield from _site_page(browser, site_url, viewport={"width": 1280, "height": 900})


@pytest.fixture
def shared_page(_module_page: SitePage) -> Iterator[SitePage]:
    """The module's page (see the module's docstring): problems cleared, kept games forgotten,
    extra tabs closed; the page itself is left where the last test left it."""
    session = _module_page
    for extra in session.context.pages:
        if extra is not session.page:
            extra.close()
    if session.page.url.startswith(session.base):
        session.page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
    session.console_errors.clear()
    session.outside_requests.clear()
    session.failed_responses.clear()
    yield session
