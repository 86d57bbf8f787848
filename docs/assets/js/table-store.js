// What the play table keeps in the browser, so that nothing is lost:
//   - the game in progress at each game's table, as its record (with the settings beside it),
//     saved after every action in localStorage, so that it survives a reload, a walk to another
//     page and back, and a closed tab; the table offers to resume it;
//   - a record opened at another game's table, passed in sessionStorage to its own game's page,
//     which opens it (a record belongs to its game).
// Nothing here reaches the network. Every read is checked and bounded: a value that is not what
// this module wrote (another version, a hand edit, a full store) is forgotten, never trusted.

const PREFIX = "edition.table.v1.";
const PASS_KEY = `${PREFIX}passed`;
/** The most a saved game may take (characters of JSON); a longer one is not kept. */
export const MAX_SAVED_CHARS = 1_500_000;
/** How long a record passed to another page is good for (ms). */
const PASS_TTL_MS = 60_000;

const gameKey = (gameId) => `${PREFIX}game.${gameId}`;

function store(kind) {
  try {
    const s = window[kind];
    const probe = `${PREFIX}probe`;
    s.setItem(probe, "1");
    s.removeItem(probe);
    return s;
  } catch (error) {
    return null; // storage disabled (a private window, a policy) or full
  }
}

function readJson(s, key) {
  if (!s) return null;
  let text;
  try {
    text = s.getItem(key);
  } catch (error) {
    return null;
  }
  if (text === null || text.length > MAX_SAVED_CHARS) return null;
  try {
    return JSON.parse(text);
  } catch (error) {
    s.removeItem(key);
    return null;
  }
}

/** The game in progress saved for `gameId`: {record, settings, savedAt}, or null. */
export function savedGame(gameId) {
  const s = store("localStorage");
  const entry = readJson(s, gameKey(gameId));
  const ok = entry && typeof entry === "object" && entry.record && typeof entry.record === "object"
    && entry.record.game === gameId && Array.isArray(entry.record.actions) && Number.isFinite(entry.savedAt);
  if (entry && !ok) s.removeItem(gameKey(gameId));
  return ok ? entry : null;
}

/** Keep `record` (a game in progress of `gameId`) with the table's settings; true if kept. */
export function saveGame(gameId, record, settings) {
  const s = store("localStorage");
  if (!s) return false;
  const text = JSON.stringify({ record, settings: settings || {}, savedAt: Date.now() });
  if (text.length > MAX_SAVED_CHARS) return false;
  try {
    s.setItem(gameKey(gameId), text);
    return true;
  } catch (error) {
    return false; // the quota is full
  }
}

export function forgetGame(gameId) {
  const s = store("localStorage");
  if (s) s.removeItem(gameKey(gameId));
}

/** Pass a record's text to `gameId`'s page (a record opened at another game's table). */
export function passRecord(gameId, text, fileName, fromGame) {
  const s = store("sessionStorage");
  if (!s || text.length > MAX_SAVED_CHARS) return false;
  try {
    s.setItem(PASS_KEY, JSON.stringify({ game: gameId, text, fileName, fromGame, at: Date.now() }));
    return true;
  } catch (error) {
    return false;
  }
}

/** The record passed to `gameId`'s page ({text, fileName, fromGame}), taken once; or null. */
export function takePassedRecord(gameId) {
  const s = store("sessionStorage");
  const entry = readJson(s, PASS_KEY);
  if (!entry || entry.game !== gameId) return null;
  s.removeItem(PASS_KEY);
  if (typeof entry.text !== "string" || !(Date.now() - entry.at < PASS_TTL_MS)) return null;
  return { text: entry.text, fileName: String(entry.fileName || "the record"), fromGame: String(entry.fromGame || "") };
}
