// The play table's toolbar (a new game, the same seed again, the record downloaded or opened)
// and its focus mode, in which the table takes the whole window until Escape or the button
// leaves it. `t` is the play table (table.js).

import { tr } from "./lang.js";
import { downloadRecord, openRecord } from "./table-records.js";

/** The most a record file may weigh to be read (bytes): a record is far smaller. */
const MAX_RECORD_FILE = 4_000_000;

export function buildToolbar(t) {
  const { el } = t;
  t.seedLabel = el("span", { class: "ed-seed-label" });
  const upload = el("input", { type: "file", accept: "application/json,.json", class: "ed-visually-hidden",
    id: t.uid("record-file"), tabindex: "-1", "aria-label": tr("Open a game record (a JSON file)") });
  upload.addEventListener("change", () => {
    const file = upload.files && upload.files[0];
    upload.value = "";
    if (!file) return;
    if (file.size > MAX_RECORD_FILE) {
      t.problem(tr("{0} is too large to be a game record ({1} MB).", file.name, Math.round(file.size / 1e6)));
      return;
    }
    file.text().then((text) => openRecord(t, text, file.name));
  });
  t.focusButton = el("button", { type: "button", class: "ed-small-button ed-focus-toggle", "aria-pressed": "false",
    onclick: () => setFocusMode(t, !t.root.classList.contains("ed-focus")) }, tr("Focus on the table"));
  return el("div", { class: "ed-toolbar", role: "toolbar", "aria-label": tr("Game controls") },
    el("button", { type: "button", class: "ed-small-button ed-new", onclick: () => t.playAgain() }, tr("New game")),
    el("button", { type: "button", class: "ed-small-button ed-replay", onclick: () => t.newGame(t.currentSeed) },
      tr("Replay this seed")),
    el("button", { type: "button", class: "ed-small-button ed-download", onclick: () => downloadRecord(t) },
      tr("Download the record")),
    el("button", { type: "button", class: "ed-small-button ed-open", onclick: () => upload.click() },
      tr("Open a record…")),
    upload, t.focusButton, t.seedLabel);
}

/** Focus mode: the table takes the whole window (the page scrolls under it no more); the
 *  button or Escape leaves it. */
export function setFocusMode(t, on) {
  t.root.classList.toggle("ed-focus", on);
  document.documentElement.classList.toggle("ed-focus-open", on);
  t.focusButton.setAttribute("aria-pressed", String(on));
  t.focusButton.textContent = on ? tr("Leave focus mode (Esc)") : tr("Focus on the table");
  if (on) {
    t.onEscape = (event) => {
      if (event.key === "Escape" && !event.defaultPrevented) setFocusMode(t, false);
    };
    document.addEventListener("keydown", t.onEscape);
  } else if (t.onEscape) {
    document.removeEventListener("keydown", t.onEscape);
    t.onEscape = null;
  }
  t.focusButton.focus({ preventScroll: true });
}
