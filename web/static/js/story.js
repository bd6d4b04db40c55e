// The story of a game: one plain line per thing that happened, as this viewer may see it.
//
// The lines are told from the game's history (`GET /v1/games/{id}/history`): the viewer's
// own view after each logged action, with the action and its events where the viewer may
// know them. Each step is told by comparing the views before and after it (a renderer's
// `story`), so another seat's move reads the same as one's own, a move made from another
// device with the same token reads like one made here, and a fresh browser tells the
// whole story so far. A replay step is told the same way by `stepLines` with the replay
// answer's action and `last_events`.
import * as api from "./api.js";
import { genericLabel } from "./actions.js";
import { words } from "./dom.js";

const LIMIT = 300;

/** The story of one table, in memory: lines per version, told once each. */
export function storyBook() {
  let entries = [];
  return {
    /** Lines, oldest first. */
    entries: () => entries,
    /** The newest version already told. */
    told: () => (entries.length ? entries[entries.length - 1].v : 0),
    /** Add the lines of version ``v`` (once: a version already told is skipped). */
    add(v, lines) {
      if (v <= this.told()) return false;
      for (const text of counted(lines)) entries.push({ v, text });
      if (!lines.length) entries.push({ v, text: null }); // told, nothing to show
      entries = entries.slice(-LIMIT);
      return true;
    },
    /** The lines worth showing, oldest first. */
    lines: () => entries.filter((e) => e.text !== null),
  };
}

/** The same thing twice in one move is one line: "… (2 times)". */
export function counted(lines) {
  const counts = new Map();
  for (const text of lines) counts.set(text, (counts.get(text) || 0) + 1);
  return [...counts].map(([text, n]) => (n > 1 ? `${text} (${n} times)` : text));
}

/** The lines of one step of a game: ``prev`` and ``next`` views around one logged action. */
export function stepLines(renderer, prev, next, move, who) {
  // an action is named as the table that offered it showed it (the view before it)
  const label = (a) => renderer.label?.(a, prev) || genericLabel(a);
  const moves = new Map([[next.version, move]]);
  return narrate(renderer, prev, next, { who, label, moves });
}

/**
 * Tell ``book`` what happened after the versions it has told: the history's steps read
 * (page by page) from the server, each step told from the views around it.
 */
export async function catchUp(book, { id, token, seat, renderer, who }) {
  for (let pages = 0; pages < 50; pages++) {
    const told = book.told();
    const history = await api.history(id, token, told, seat);
    let prev = history.start;
    // names come from the catalog sections a table reads (a board space's effect)
    await renderer(prev).load?.(prev);
    for (const entry of history.entries) {
      if (entry.version > book.told()) {
        const move = { seat: entry.seat, events: entry.events || [], action: entry.action || undefined };
        book.add(entry.version, stepLines(renderer(entry.view), prev, entry.view, move, who));
      }
      prev = entry.view;
    }
    if (!history.more || !history.entries.length) return;
  }
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
