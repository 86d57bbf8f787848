"""axe-core on every page of the built site, and on each game's play table in play.

axe-core (the npm package, a dev dependency: node_modules/axe-core/axe.min.js) is injected
into each page by the test, never shipped on the site, and run with the WCAG 2.0 and 2.1
A and AA rules (tags wcag2a, wcag2aa, wcag21a, wcag21aa) plus ``label-content-name-mismatch``
(a control's accessible name contains its visible text: WCAG 2.5.3, which axe keeps among
its experimental rules) and ``heading-order`` (a best practice, moderate). No page may have
a critical or a serious violation:

* every static page (every ``index.html`` of the build, no table started), one browser page
  reused for them all;
* each playable game's table once it has mounted and dealt (its settings open), then after a
  card the rules refuse (where the reader's first moves lead to one), and the comparison panel
  with one deal compared (its form and both results). The table and the panel are checked
  alone: the page around them is the static test's.

Each check is made in the light scheme with every rule, then in the dark one
(``prefers-color-scheme: dark``, which the palette in mkdocs.yml follows) with the rules a
scheme can change (contrast, links told from text). The figures (violations by impact, per
page and scheme) are printed and written to build/a11y/axe.json.
"""

from __future__ import annotations

import fcntl
import json
from collections import Counter
from pathlib import Path

import pytest

from engine import games
from test_loo_table import PLAYABLE, TABLE_VIEW, click_and_wait, open_loo, try_illegal_card
from test_pages import sample_pages

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
EXTRA_RULES = ["label-content-name-mismatch", "heading-order"]
"""Beyond the tags: WCAG 2.5.3 (experimental in axe) and the order of headings (moderate)."""
IMPACTS = ("critical", "serious", "moderate", "minor")
BLOCKING = {"critical", "serious"}
SCHEMES = ("light", "dark")
COLOUR_RULES = ["color-contrast", "link-in-text-block"]
"""The rules a change of scheme can change: the dark scheme is checked with these alone."""
FIGURES = ROOT / "build" / "a11y" / "axe.json"
STATIC = "?edition-bench=off"
PARTS = 4
"""The page sample is dealt into this many tests, so that parallel workers share it."""
"""Static pages are checked with no table started (edition.js's flag): the tables have their own test."""
GAMES = {spec.id: next(o["default"] for o in spec.options() if o["name"] == "players") for spec in games.all()}
SEED = 7
MOVES_TO_A_REFUSAL = 60

RUN_AXE = """async ([scope, tags, extra, only]) => {
  const rules = Object.fromEntries(extra.map((id) => [id, { enabled: true }]));
  const runOnly = only ? { type: "rule", values: only } : { type: "tag", values: tags };
  const result = await axe.run(scope ? { include: [[scope]] } : document,
    only ? { runOnly, resultTypes: ["violations"] } : { runOnly, rules, resultTypes: ["violations"] });
  const colours = (n) => {
    const d = (n.any[0] || {}).data;
    return d && d.contrastRatio ? ` (${d.fgColor} on ${d.bgColor}: ${d.contrastRatio}, needs ${d.expectedContrastRatio})` : "";
  };
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({ target: n.target.join(" "), html: n.html.slice(0, 160) + colours(n) })),
  }));
}"""

_figures: dict[str, dict] = {}


def axe(page, scope: str | None = None, only: list[str] | None = None) -> list[dict]:
    """axe's violations on the page (or the part of it matching ``scope``) as it stands: every
    rule of TAGS and EXTRA_RULES, or ``only`` these rules."""
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: axe-core is a dev dependency in package.json (`make setup`)")
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate(RUN_AXE, [scope, TAGS, EXTRA_RULES, only])


def scheme(page, name: str) -> None:
    """Put the page in a colour scheme as a reader's browser would ask for it (emulated); the
    theme reads that only as the page loads, and keeps a reader's choice from page to page, so
    the theme's own toggle is then set to the scheme as a reader would set it."""
    page.emulate_media(color_scheme=name)
    want = "slate" if name == "dark" else "default"
    if page.evaluate("document.body.getAttribute('data-md-color-scheme')") != want:
        # the toggle's input, not its label: a pointer left on the label shows its tooltip
        page.evaluate("(want) => document.querySelector("
                      "`form[data-md-component=palette] input[data-md-color-scheme=${want}]`).click()", want)
    page.wait_for_function(
        "(want) => document.body.getAttribute('data-md-color-scheme') === want", arg=want, timeout=5_000)


def record(where: str, violations: list[dict]) -> list[str]:
    """Keep and print the figures of one check; the blocking violations, in words."""
    rules = Counter(v["impact"] for v in violations)
    nodes: Counter[str] = Counter()
    for v in violations:
        nodes[v["impact"]] += len(v["nodes"])
    _figures[where] = {"rules": {i: rules[i] for i in IMPACTS}, "nodes": {i: nodes[i] for i in IMPACTS},
                       "violations": violations}
    FIGURES.parent.mkdir(parents=True, exist_ok=True)
    with open(FIGURES.with_suffix(".lock"), "w") as lock:  # parallel workers add to one file
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            kept = json.loads(FIGURES.read_text()) if FIGURES.is_file() else {}
        except ValueError:
            kept = {}
        FIGURES.write_text(json.dumps({**kept, **_figures}, indent=1, ensure_ascii=False) + "\n")
    summary = " ".join(f"{i}={rules[i]}({nodes[i]})" for i in IMPACTS)
    ids = ", ".join(f"{v['id']}:{v['impact']}" for v in violations)
    print(f"axe {where}: {summary}" + (f" [{ids}]" if ids else ""))
    return [f"{where}: {v['impact']} {v['id']} ({v['help']}) at {n['target']}: {n['html']}"
            for v in violations if v["impact"] in BLOCKING for n in v["nodes"][:5]]


def check_both_schemes(page, where: str, scope: str | None = None) -> list[str]:
    """Every rule in the light scheme, then the colour rules in the dark one."""
    problems = []
    for name in SCHEMES:
        scheme(page, name)
        problems += record(f"{where} [{name}]", axe(page, scope, None if name == "light" else COLOUR_RULES))
    return problems


@pytest.mark.parametrize("part", range(PARTS))
def test_each_kind_of_page_loads_cleanly_with_no_serious_violation(built_site: Path, site_page, part: int) -> None:
    """A page of each kind in both languages and a seeded sample of the rest (test_pages.sample_pages):
    each kind is made by one generator, and axe in two schemes takes some seconds a page. Each is
    loaded as a reader opens it (without starting Python: the tables have their own tests) and must
    answer 200, have a title, and load with no console error, no failed local request and no request
    to another host. (Every page's local assets and hosts are checked without a browser, in
    tests/test_site.py.) The sample is dealt into PARTS tests, so that parallel workers share it."""
    sample = sample_pages(built_site)
    assert len(sample) >= 12, f"only {len(sample)} pages sampled: {sample}"
    pages = sample[part::PARTS]
    problems = []
    for path in pages:
        site_page.console_errors.clear()
        site_page.outside_requests.clear()
        site_page.failed_responses.clear()
        response = site_page.goto(path + STATIC, settle_ms=10_000)
        if response is None or response.status != 200:
            problems.append(f"/{path}: status {response.status if response else 'none'}")
        if not site_page.page.title().strip():
            problems.append(f"/{path}: no title")
        problems += check_both_schemes(site_page.page, f"/{path}")
        problems += [f"/{path}: {p}" for p in site_page.problems()]
    assert not problems, "\n".join(problems)


def play_to_a_refusal(page) -> bool:
    """The reader's first legal action, again and again, until the rules forbid a card in the
    hand; that card tried and refused. False if the game gave none within the moves allowed."""
    for _ in range(MOVES_TO_A_REFUSAL):
        if page.evaluate(f"{TABLE_VIEW}.over"):
            return False
        if page.locator(".ed-hand .ed-card.ed-illegal").count():
            try_illegal_card(page)
            return True
        click_and_wait(page, page.locator(PLAYABLE).first)
    return False


# The four loo games draw one table (engine/games/loo/state.py: the same phases, panels and controls):
# Мушка stands for them; Ruffe, Gleek and Piquet each draw their own.
TABLES = ("gleek", "mushka", "piquet", "ruffe-and-trumps")


@pytest.mark.parametrize("game", TABLES)
def test_table_in_play_has_no_serious_violation(shared_page, game: str) -> None:
    """The table and the comparison panel, each checked alone (the page around them is the
    static test's), at the moments a reader meets them. One window for the four tables, walked
    from game to game by instant navigation (Python starts once)."""
    site_page = shared_page
    page = site_page.page
    table, compare = f".edition-table[data-game='{game}']", f".edition-compare[data-game='{game}']"
    open_loo(site_page, game, players=GAMES[game], seed=SEED)
    page.locator(".edition-table .ed-setup summary").click()
    problems = check_both_schemes(page, f"{game}: table dealt, settings open", table)
    page.locator(".edition-table .ed-setup summary").click()

    refused = play_to_a_refusal(page)
    if refused:
        problems += check_both_schemes(page, f"{game}: table, a card refused", table)
    print(f"axe {game}: " + ("a card refused" if refused else
                             f"no card refused in {MOVES_TO_A_REFUSAL} moves: that state is not checked"))

    panel = page.locator(compare)
    panel.scroll_into_view_if_needed()
    panel.locator(".edition-compare-start").click()
    panel.locator(".ed-compare-form").wait_for(timeout=60_000)
    panel.locator("select[name=deal-mode]").select_option("deal")
    panel.locator("input[name=deal]").fill("1")
    panel.locator(".ed-compare-run").click()
    panel.locator(".ed-compare-results[data-done='1']").wait_for(timeout=120_000)
    problems += check_both_schemes(page, f"{game}: comparison of one deal", compare)

    assert not problems, "\n".join(problems)
    site_page.assert_clean()


def test_resume_choice_and_focus_mode_have_no_serious_violation(site_page) -> None:
    """The choice offered for a kept game (in a new tab: a reload resumes it without asking) and the
    table in focus mode."""
    page = site_page.page
    table = ".edition-table[data-game='mushka']"
    open_loo(site_page, "mushka", players=4, seed=SEED)
    click_and_wait(page, page.locator(PLAYABLE).first)
    page.wait_for_function(f"{TABLE_VIEW} && document.querySelector('.ed-table-app').dataset.kept === 'true'")
    page.close()
    site_page.page = page = site_page.context.new_page()
    page.goto(site_page.url("games/mushka/"))
    page.locator(table).scroll_into_view_if_needed()
    page.locator(".ed-resume .ed-resume-game").wait_for(timeout=120_000)
    problems = check_both_schemes(page, "mushka: the kept game offered", table)
    page.locator(".ed-resume .ed-resume-game").click()
    page.wait_for_selector(PLAYABLE, timeout=60_000)
    page.locator(".ed-focus-toggle").click()
    problems += check_both_schemes(page, "mushka: table in focus mode", table)
    page.keyboard.press("Escape")
    assert not problems, "\n".join(problems)
    site_page.assert_clean()
