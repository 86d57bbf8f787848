"""The table in Russian (issue 15), in headless Chromium on the built site.

On /ru/games/mushka/ and /ru/games/piquet/ the table mounts, a few moves are played, and the
table's own words (its buttons, headings, form labels, toolbar, info bar, seat names and counts,
status line, score sheet's heads, the resumed game after a reload and the resume box in a new tab) have no Latin word in them
(rule ids, card symbols and the file format's name aside); every request to the worker carries
the page's language; no sentence was asked for without its Russian (lang.js says so in the
console). The engine's own sentences (prompts, log lines, sheet reasons, option names and
docs) are the engine's catalogue's, checked by its own tests: here only the JS's words are read.
The English page is as it was.
"""

from __future__ import annotations

import re

import pytest

from test_loo_table import TABLE, wait_for_reader
from test_table_keep import TABLE_JS, play_some

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LATIN = re.compile(r"\b[A-Za-z]{2,}\b")
ALLOWED = {"JSON", "Esc", "Enter", "Python", "Pyodide"}
RULE_ID = re.compile(r"(?:§\s*)?\b[a-z-]+(?:\.[a-z0-9-]+)+\b")

# The table's own words: the elements only the JS fills (the engine's sentences are elsewhere).
CHROME = {
    "toolbar": ".ed-toolbar button",
    "settings summary": ".ed-setup summary",
    "fixed labels": ".ed-setup label[for$='-seed'], .ed-setup label[for$='-bots'], .ed-setup label[for$='-speed'],"
                    " .ed-setup label[for$='-players'], .ed-setup label[for$='-reading_set']",
    "fixed notes": ".ed-field:has(input[name=seed]) small, .ed-field:has(select[name=bots]) small",
    "choices": ".ed-setup select[name=bots] option, .ed-setup select[name=speed] option,"
               " .ed-setup select[name=reading_set] option[value='']",
    "submit": ".ed-setup button[type=submit], .ed-setup .ed-small-button",
    "info labels": ".ed-info-list dt",
    "seat names": ".ed-seat-name",
    "counts": ".ed-count:not(.ed-known), .ed-dealer-chip",
    "headings": ".ed-sheet h3, .ed-log h3",
    "sheet heads": ".ed-sheet thead th",
    "status": ".ed-seed-label",
}
LABELS = ".ed-felt, .ed-toolbar, .ed-hand, .ed-sheet, .ed-log, .ed-piles, .ed-setup"


def latin_words(text: str, engine_words: tuple[str, ...] = ()) -> list[str]:
    """The Latin words of a text, but for rule ids and the names the engine gives (the game's)."""
    for words in engine_words:
        text = text.replace(words, " ")
    text = RULE_ID.sub(" ", text)
    return [word for word in LATIN.findall(text) if word not in ALLOWED]


def chrome_of(page) -> dict[str, list[str]]:
    said = {name: [" ".join(text.split()) for text in page.locator(selector).all_text_contents()]
            for name, selector in CHROME.items()}  # (the folded settings too)
    said["aria-labels"] = page.evaluate(
        f"Array.from(document.querySelectorAll({LABELS!r})).map((e) => e.getAttribute('aria-label') || '')")
    return said


def game_name(page) -> tuple[str, ...]:
    """The game's name as the engine lists it (the engine's word, not the table's)."""
    return (page.evaluate(f"{TABLE_JS}.spec.name"),)


def assert_russian(said: dict[str, list[str]], engine_words: tuple[str, ...]) -> None:
    found = {name: [(text, latin_words(text, engine_words)) for text in texts if latin_words(text, engine_words)]
             for name, texts in said.items()}
    found = {name: items for name, items in found.items() if items}
    assert not found, found
    assert all(said[name] for name in CHROME), said


def watch(site_page) -> tuple[list[str], list[str]]:
    """The languages of the requests sent to the worker, and the console's "no Russian" warnings."""
    missing: list[str] = []
    site_page.page.on("console", lambda m: missing.append(m.text) if "no Russian" in m.text else None)
    return [], missing


def record_languages(page) -> None:
    page.evaluate("""() => { const w = window.EditionSite.python.worker; const post = w.postMessage.bind(w);
      window.__langs = []; w.postMessage = (message, ...rest) => {
        if (message && message.request) window.__langs.push(message.request.lang); return post(message, ...rest); }; }""")


def open_russian(site_page, game: str, seed: int):
    page = site_page.page
    site_page.goto(f"ru/games/{game}/")
    assert page.evaluate("document.documentElement.lang") == "ru"
    page.locator(f".edition-table[data-game='{game}']").scroll_into_view_if_needed()
    page.wait_for_selector(f"{TABLE}[data-phase]", timeout=120_000)
    record_languages(page)
    page.locator(".ed-setup summary").click()
    page.select_option(".ed-setup select[name=speed]", "0")
    page.fill(".ed-setup input[name=seed]", str(seed))
    page.locator(".ed-setup button[type=submit]").click()
    page.wait_for_function("(seed) => document.querySelector('.ed-seed-label')?.textContent.includes('Расклад № ' + seed)",
                           arg=seed)
    wait_for_reader(page)
    return page


@pytest.mark.parametrize("game", ["mushka", "piquet"])
def test_the_russian_table_speaks_russian(site_page, game) -> None:
    _, missing = watch(site_page)
    page = open_russian(site_page, game, seed=17)
    play_some(page, 4)
    said = chrome_of(page)
    assert_russian(said, game_name(page))
    assert "Юг (вы)" in " ".join(said["seat names"]), said["seat names"]
    assert any(label in said["info labels"] for label in ("Сдача", "Сдаёт", "Ход")), said["info labels"]
    assert "Новая партия" in said["toolbar"] and "Лист записи" in " ".join(said["headings"])
    languages = page.evaluate("window.__langs")
    assert languages and set(languages) == {"ru"}, languages
    # the hand's cards are named in Russian for a screen reader
    card = page.locator(".ed-hand .ed-card").first.get_attribute("aria-label")
    assert re.search(r"(туз|король|дама|валет|десятка|девятка|восьмёрка|семёрка|шестёрка) (пик|червей|бубён|треф)", card), card

    # a reload resumes the kept game at once (issue 26), saying so in Russian
    page.evaluate(f"{TABLE_JS}.saving")
    page.wait_for_function(f"{TABLE_JS}.root.dataset.kept === 'true'")
    name = page.evaluate(f"{TABLE_JS}.spec.name")
    page.reload()
    page.locator(f".edition-table[data-game='{game}']").scroll_into_view_if_needed()
    page.wait_for_function("document.querySelector('.ed-seed-label')?.textContent.includes('Ваша партия продолжена')",
                           timeout=120_000)
    wait_for_reader(page)
    assert_russian(chrome_of(page), (name,))
    assert not missing, missing
    # a new tab on the page offers the kept game: the resume box in Russian
    page.close()
    site_page.page = page = site_page.context.new_page()
    page.goto(site_page.url(f"ru/games/{game}/"))
    page.locator(f".edition-table[data-game='{game}']").scroll_into_view_if_needed()
    box = page.locator(".ed-resume")
    box.wait_for(timeout=120_000)
    text = box.inner_text()
    assert "Ваша неоконченная партия" in text and not latin_words(text, (name,)), text
    page.locator(".ed-resume .ed-resume-game").click()
    wait_for_reader(page)
    assert "Ваша партия продолжена" in page.locator(".ed-seed-label").inner_text()
    assert not missing, missing
    site_page.screenshot(f"table-russian-{game}.png")
    site_page.assert_clean()


def test_the_english_table_is_as_it_was(site_page) -> None:
    page = site_page.page
    site_page.goto("games/mushka/")
    assert page.evaluate("document.documentElement.lang") == "en"
    page.locator(".edition-table[data-game='mushka']").scroll_into_view_if_needed()
    page.wait_for_selector(f"{TABLE}[data-phase]", timeout=120_000)
    record_languages(page)
    wait_for_reader(page)
    play_some(page, 2)
    said = chrome_of(page)
    assert said["toolbar"][:2] == ["New game", "Replay this seed"], said["toolbar"]
    assert "South (you)" in " ".join(said["seat names"]) and said["headings"][0].startswith("Score sheet")
    assert "Deal a new game" in said["submit"] and page.locator(".ed-seed-label").inner_text().startswith("Seed ")
    own = [text for name, texts in said.items() if name != "aria-labels" for text in texts]  # (a label names the game)
    assert not re.search(r"[А-Яа-яЁё]", " ".join(own)), said
    assert set(page.evaluate("window.__langs")) == {"en"}
    site_page.assert_clean()
