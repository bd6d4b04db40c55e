// Composition: the draft row, each Maestro's cards and Chorus, and a word input that spells
// a Performance from the seat's usable cards.
import { h, words } from "../dom.js";
import { card, row } from "./cards.js";
import { panel, stats } from "./generic.js";

export const drawn = ["composition", "seats", "round", "max_rounds", "phase", "baton", "turn", "tracker", "note_deck", "crescendo_deck", "discard", "ovations", "awards", "costs", "solo", "last_round", "history", "facedown", "rex", "held_tomatoes"];

function cardsById(view) {
  const all = new Map();
  const add = (c) => { if (c && c.id) all.set(c.id, c); };
  for (const s of view.seats || []) for (const key of ["locked", "drafted", "chorus"]) (s[key] || []).forEach(add);
  (view.composition?.notes || []).forEach(add);
  return all;
}

function noteCard(c, extra = {}) {
  const letters = String(c.letters ?? c.name ?? "?").toUpperCase();
  return card({
    top: letters, sub: [c.rose ? `${c.rose} rose${c.rose > 1 ? "s" : ""}` : "", c.symbol || ""].filter(Boolean).join(" · "),
    title: `${c.kind || "card"} ${letters}${c.rose ? `, ${c.rose} roses` : ""}${c.symbol ? `, ${c.symbol}` : ""}${(c.abilities || []).length ? `, abilities ${c.abilities.map((a) => a.id || a).join(", ")}` : ""}${extra.note ? `, ${extra.note}` : ""}`,
    kind: `note ${c.kind || ""}`, id: c.id, ...extra,
  });
}

export function label(action, view) {
  const map = view ? cardsById(view) : new Map();
  const spell = (ids) => (ids || []).map((id) => String(map.get(id)?.letters ?? "?")).join("").toUpperCase();
  switch (action.type) {
    case "take": return action.card === "ghost" ? "Take the Ghost Note" : `Take ${spell([action.card])}`;
    case "perform": return action.cards?.length ? `Perform ${spell(action.cards)}` : "Perform nothing (pass)";
    case "ask_help": return `Ask seat ${action.helper} whether ${spell(action.cards)} is a word`;
    default: return null;
  }
}

/**
 * Card ids that spell ``word`` from ``usable`` (each once, multi-letter cards whole), with
 * wildcards (a Ghost Note: an id with no letters) given the letter they stand for.
 */
export function spell(word, usable, map) {
  const target = word.toLowerCase().replace(/[^a-z]/g, "");
  const used = new Set();
  const out = [];
  const assign = {};
  function go(pos) {
    if (pos === target.length) return true;
    for (const id of usable) {
      if (used.has(id)) continue;
      const letters = map.get(id)?.letters;
      const wild = !letters || id === "ghost";
      const chunk = wild ? target[pos] : String(letters).toLowerCase();
      if (!target.startsWith(chunk, pos)) continue;
      used.add(id); out.push(id);
      if (wild) assign[id] = chunk;
      if (go(pos + chunk.length)) return true;
      used.delete(id); out.pop(); delete assign[id];
    }
    return false;
  }
  return go(0) ? { cards: [...out], assign } : null;
}

export function extra(ctx) {
  const form = (ctx.listing.forms || []).find((f) => (f.form || f).type === "perform" && (f.form || f).usable_cards);
  if (!form) return null;
  const usable = (form.form || form).usable_cards;
  const map = cardsById(ctx.view);
  const input = h("input", { id: "word", type: "text", autocomplete: "off", autocapitalize: "none", spellcheck: "false", "aria-describedby": "word-help" });
  const note = h("small", { id: "word-help", class: "muted" }, `Your letters: ${usable.map((id) => String(map.get(id)?.letters ?? "any").toUpperCase()).join(" ")}`);
  const problem = h("p", { class: "error", role: "alert", hidden: true });
  function submit(event) {
    event.preventDefault();
    const found = spell(input.value, usable, map);
    if (!found) {
      problem.hidden = false;
      problem.textContent = `Your cards cannot spell "${input.value}".`;
      return;
    }
    const action = { type: "perform", cards: found.cards };
    if (Object.keys(found.assign).length) action.assign = found.assign;
    ctx.act({ seat: form.seat, action });
  }
  return h("form", { class: "word-form", onsubmit: submit },
    h("label", { for: "word" }, "Spell a word"), input, note, problem,
    h("button", { type: "submit", class: "primary", id: "perform-word" }, "Perform"));
}

function lastPerformance(last) {
  if (typeof last !== "object") return String(last);
  if (!last.word) return "passed";
  const roses = Number.isInteger(last.roses) ? `, ${last.roses} roses` : "";
  return `${String(last.word).toUpperCase()}${last.failed ? " (not a word)" : roses}`;
}

export function render(view, ctx) {
  const comp = view.composition || {};
  const takeAction = (id) => ctx.find((a) => a.type === "take" && a.card === id);
  const me = ctx.seat ?? view.seat;
  const seats = [...(view.seats || [])].sort((a, b) => (a.seat === me ? -1 : b.seat === me ? 1 : 0));
  return h("div", { class: "table composition" },
    panel("Round", stats([["round", `${view.round} of ${view.max_rounds}`], ["phase", view.phase && words(view.phase)], ["baton", view.baton], ["note deck", view.note_deck]])),
    panel("The Composition (draft)", row("Draft row", [
      ...(comp.notes || []).map((c) => {
        const sa = takeAction(c.id);
        return noteCard(c, sa ? { onplay: () => ctx.act(sa), note: "take it" } : {});
      }),
      comp.ghost?.available ? (() => {
        const sa = takeAction("ghost");
        return card({ top: "?", sub: `Ghost Note · ${comp.ghost.cost} rose`, title: `Ghost Note, any letter, costs ${comp.ghost.cost} rose${sa ? ", take it" : ""}`, kind: "note ghost", onplay: sa ? () => ctx.act(sa) : undefined });
      })() : null,
    ].filter(Boolean)), (comp.crescendos || []).length ? stats(comp.crescendos.map((c) => [`crescendo ${c.slot + 1}`, `${c.roses} roses`])) : null),
    h("div", { class: "seats" }, seats.map((s) => h("section", { class: "area seat", "aria-label": ctx.seatName(s.seat) },
      h("h3", {}, `${ctx.seatName(s.seat)} · Maestro ${s.maestro}`),
      stats([["roses", s.roses], ["badges", s.badges], ["status", s.status && words(s.status)]]),
      h("p", { class: "label" }, "Maestro cards"), row("Maestro cards", (s.locked || []).map((c) => noteCard(c))),
      h("p", { class: "label" }, "Drafted"), row("Drafted", [...(s.drafted || []).map((c) => noteCard(c)), s.ghost ? card({ top: "?", title: "Ghost Note", kind: "note ghost" }) : null].filter(Boolean)),
      h("p", { class: "label" }, "Chorus"), row("Chorus", (s.chorus || []).map((c) => noteCard(c))),
      s.last ? h("p", {}, `Last performance: ${lastPerformance(s.last)}`) : null))),
    panel("Ovations and awards", h("ul", { class: "plain" },
      (view.ovations || []).map((o) => h("li", {}, `Ovation ${o.name} (${o.badges} badges)`)),
      (view.awards || []).map((a) => h("li", {}, `Award ${a.name} (${a.badges} badge${a.badges > 1 ? "s" : ""}): ${words(a.goal?.type || "")}${a.goal?.n ? ` ${a.goal.n}` : ""}`)))));
}

export function turn(view) {
  if (Number.isInteger(view.turn)) return [view.turn];
  return (view.seats || []).filter((s) => s.status === "composing" || s.status === "waiting" && false).map((s) => s.seat);
}
