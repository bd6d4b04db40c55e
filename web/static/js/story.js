// The story of a game: one plain line per thing that happened, as this viewer may see it.
//
// Lines come from comparing two views the viewer read in turn (a renderer's `story`), so
// another seat's move reads the same as one's own and nothing is told twice; a game without
// one tells the rules' events of the moves the viewer may see. The lines are kept per game
// and viewer in localStorage, so a reload keeps the story.
import { words } from "./dom.js";

const LIMIT = 300;

/** The stored story of game ``id`` as seen by ``who`` (a seat number or "host"/"spectator"). */
export function storyBook(id, who) {
  const key = `greenroom:story:${id}:${who}`;
  let entries = [];
  try {
    const raw = JSON.parse(localStorage.getItem(key) || "[]");
    if (Array.isArray(raw)) entries = raw.filter((e) => e && typeof e.text === "string" && Number.isInteger(e.v));
  } catch {
    entries = [];
  }
  return {
    /** Lines, oldest first. */
    entries: () => entries,
    /** The newest version already told. */
    told: () => (entries.length ? entries[entries.length - 1].v : 0),
    /** Add the lines of the versions up to ``v`` (once: a version already told is skipped). */
    add(v, lines) {
      if (!lines.length || v <= this.told()) return false;
      // the same thing twice in one move is one line: "… (2 times)"
      const counts = new Map();
      for (const text of lines) counts.set(text, (counts.get(text) || 0) + 1);
      for (const [text, n] of counts) entries.push({ v, text: n > 1 ? `${text} (${n} times)` : text });
      entries = entries.slice(-LIMIT);
      try { localStorage.setItem(key, JSON.stringify(entries)); } catch { /* storage full: the page keeps its copy */ }
      return true;
    },
  };
}

/** A rules event as a plain line (the fallback when a game has no story of its own). */
export function eventLine(ev, who) {
  const { seat, type, ...rest } = ev || {};
  const details = Object.entries(rest)
    .filter(([k, x]) => (typeof x === "number" || typeof x === "boolean") && k !== "sheet")
    .map(([k, x]) => (typeof x === "boolean" ? (x ? words(k) : `not ${words(k)}`) : `${words(k)} ${x}`));
  const text = `${words(type || "something happened")}${details.length ? ` (${details.join(", ")})` : ""}`;
  return Number.isInteger(seat) && seat >= 0 ? `${who(seat)}: ${text}.` : `${text[0].toUpperCase()}${text.slice(1)}.`;
}

/**
 * The lines between two views: the renderer's story when it has one, else per version the
 * viewer's own action (by its label) and the events it may see; another seat's move whose
 * events are hidden is the renderer's ``moveText`` (what that seat's part of the view
 * shows changed), or "X moved" when it has none.
 */
export function narrate(renderer, prev, next, { who, label, moves }) {
  if (renderer.story) {
    try {
      return renderer.story(prev, next, { who, label });
    } catch (err) {
      console.error(err);
    }
  }
  const lines = [];
  const described = new Set();
  for (let v = prev.version + 1; v <= next.version; v++) {
    const move = moves.get(v);
    if (!move) continue;
    if (move.action) lines.push(`${who(move.seat)}: ${label(move.action)}.`);
    const mover = move.action ? move.seat : null;
    const events = [];
    for (const ev of move.events || []) {
      // a game's own sentence; null: the action's label said it; undefined: no sentence
      const own = renderer.eventText?.(ev, who, mover);
      if (typeof own === "string") events.push(own);
      else if (own === undefined && !(move.action && ev.seat === move.seat)) events.push(eventLine(ev, who));
    }
    lines.push(...events);
    if (!move.action && !events.length && Number.isInteger(move.seat) && move.seat >= 0) {
      // a move the viewer only sees the result of: told once per seat from the two views
      if (described.has(move.seat)) continue;
      described.add(move.seat);
      let told = [];
      try {
        told = renderer.moveText?.(prev, next, move.seat, who) || [];
      } catch (err) {
        console.error(err);
      }
      lines.push(...(told.length ? told : [`${who(move.seat)} moved.`]));
    }
  }
  return lines;
}
