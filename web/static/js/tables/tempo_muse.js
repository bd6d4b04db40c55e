// Tempo Muse: each seat's Studio (fifteen positions, the Muses played with their tokens and
// what they do each Mix) and the hand, with the card each Studio needs next.
import { h, words } from "../dom.js";
import { items, load as loadCatalog } from "../catalog.js";
import { card, row } from "./cards.js";
import { panel, stats } from "./generic.js";

export const drawn = ["studios", "hand", "hand_counts", "deck_count", "discard", "round", "round_limit", "final_round", "phase", "to_act", "first_player", "cycled", "cycle_pending", "offsets_allowed"];

export function load() {
  return loadCatalog("tempo-muse", ["cards", "setup"]);
}

const muse = (v) => (items("tempo-muse", "cards") || []).find((c) => c.value === Number(v));
const goal = () => items("tempo-muse", "setup")?.studio_goal ?? 15;

/** What a Muse does in the Mix while in tempo. */
export function effectText(e) {
  const n = e?.amount ?? 1;
  switch (e?.kind) {
    case "draw": return `draw ${n}`;
    case "salvage": return `take ${n} from the discard pile`;
    case "strip": return `a richer rival discards ${n} at random`;
    case "retune": return `your ${n} most-worn cards lose a token`;
    case "detune": return `the rival's rightmost card gains ${n} token${n > 1 ? "s" : ""}`;
    case "knockout": return "the rival's rightmost Studio card is knocked out";
    default: return words(e?.kind || "");
  }
}

const nameOf = (v) => muse(v)?.name || `Muse ${v}`;

export function label(action) {
  switch (action.type) {
    case "play": return `Play ${action.card} ${nameOf(action.card)}${action.payment ? `, paying with ${[].concat(action.payment).join(" + ")}` : ""}`;
    case "discard": return `Discard ${action.card} ${nameOf(action.card)}`;
    case "cycle": return `Cycle ${action.count} card${action.count > 1 ? "s" : ""}`;
    case "pass": return "Pass";
    case "cycle_return": return `Give back ${[].concat(action.cards || []).join(", ")}`;
    case "mix": return (action.offsets || []).length
      ? `Mix, offsetting ${action.offsets.map((o) => `position ${o.position} with ${[].concat(o.payment || []).join(" + ")}`).join("; ")}`
      : "Mix with no Offset";
    default: return null;
  }
}

const PHASES = { downbeat: "Downbeat", composition: "Composition", mix: "Mix", drop: "Drop", over: "over" };

function studioCard(m) {
  const c = muse(m.value);
  const silent = m.current_value <= 0;
  const does = c ? effectText(c.effect) : "";
  return card({
    top: String(m.value), sub: `${m.name}${m.tokens ? ` · ${m.tokens} token${m.tokens > 1 ? "s" : ""}` : ""}${silent ? " · silent" : ""}`,
    kind: `muse${m.duplex ? " duplex" : ""}${silent ? " silent" : ""}`,
    title: `position ${m.position}: ${m.name}, value ${m.value}, ${m.tokens} Tempo token${m.tokens === 1 ? "" : "s"}, now worth ${m.current_value}${silent ? ", silent unless offset" : `, each Mix: ${does}`}${m.duplex ? ", Duplex (one more Offset a round)" : ""}`,
  });
}

export function render(view, ctx) {
  const studios = view.studios || [];
  const hand = Array.isArray(view.hand) ? view.hand : null;
  const me = ctx.seat ?? view.seat;
  const acting = new Set(turn(view));
  const mineNext = Number.isInteger(me) ? (studios[me] || []).length + 1 : null;
  return h("div", { class: "table tempo" },
    panel("Round", stats([["round", `${view.round} of ${view.round_limit}${view.final_round ? " (final)" : ""}`], ["phase", view.phase && (PHASES[view.phase] || words(view.phase))],
      ["first player", Number.isInteger(view.first_player) ? ctx.seatName(view.first_player) : undefined], ["deck", view.deck_count], ["discard pile", (view.discard || []).join(", ") || "empty"]])),
    h("div", { class: "seats" }, studios.map((studio, seat) => {
      const next = studio.length + 1;
      return h("section", { class: `area seat${acting.has(seat) ? " to-act" : ""}`, "aria-label": `${ctx.seatName(seat)}: Studio` },
        h("h3", {}, `${ctx.seatName(seat)}: Studio ${studio.length} of ${goal()}`, seat === view.first_player ? h("span", { class: "chip" }, "first player") : null, acting.has(seat) ? h("span", { class: "chip turn-chip" }, "to act") : null),
        row(`${ctx.seatName(seat)}: Studio`, [...studio.map(studioCard),
          next <= goal() ? card({ top: String(next), sub: `next: ${nameOf(next)}`, title: `position ${next} is empty: it needs a ${next}, ${nameOf(next)}`, kind: "muse empty" }) : null].filter(Boolean)),
        stats([["cards in hand", view.hand_counts?.[seat]], ["Offsets this round", view.offsets_allowed?.[seat]], ["cycled this round", view.cycled ? view.cycled[seat] : undefined]]));
    })),
    hand ? panel("Your hand", mineNext && mineNext <= goal() ? h("p", { class: "muted" }, `Your Studio needs a ${mineNext} (${nameOf(mineNext)}) next; other cards pay for it.`) : null,
      row("Your hand", hand.map((v) => {
        const sa = ctx.find((a) => a.type === "play" && a.card === v);
        const c = muse(v);
        return card({
          top: String(v), sub: c ? c.name : "",
          title: `${v} ${nameOf(v)}${c ? `, each Mix: ${effectText(c.effect)}${c.duplex ? ", Duplex" : ""}` : ""}${v === mineNext ? ", your Studio's next card" : ""}${sa ? ", play it" : ""}`,
          kind: `muse${v === mineNext ? " selected" : ""}`, onplay: sa ? () => ctx.act(sa) : undefined,
        });
      }))) : null);
}

export function turn(view) {
  return Number.isInteger(view.to_act) ? [view.to_act] : [];
}

/** A rules event as a story line, or null when the mover's own action label already says it. */
export function eventText(ev, who, mover) {
  switch (ev.type) {
    case "round": return null; // the story tells rounds
    case "play": return ev.seat === mover ? null : `${who(ev.seat)} played ${ev.name || nameOf(ev.card)} to the Studio.`;
    case "silent": return `The Muse in place ${ev.position} fell silent.`;
    case "tempo_tokens": return "Tempo Tokens were handed out.";
    case "reshuffle": return "The deck was reshuffled.";
    case "game_over": return `The game is over${ev.reason ? `: ${words(ev.reason)}` : ""}.`;
    default: return ev.seat === mover ? null : undefined;
  }
}

/** What happened between two views of the same seat, in plain lines (see story.js). */
export function story(prev, next, { who }) {
  const lines = [];
  if (next.round !== prev.round && next.status !== "finished") {
    lines.push(`Round ${next.round} begins${Number.isInteger(next.first_player) ? `; ${who(next.first_player) === "You" ? "you go" : `${who(next.first_player)} goes`} first` : ""}.`);
  }
  (next.studios || []).forEach((studio, seat) => {
    const was = (prev.studios || [])[seat] || [];
    for (const m of studio.slice(was.length)) lines.push(`${who(seat)} played ${m.value} ${m.name} to the Studio (place ${m.position}).`);
    studio.slice(0, was.length).forEach((m, k) => {
      if (m.current_value <= 0 && was[k].current_value > 0) lines.push(`${who(seat) === "You" ? "Your" : `${who(seat)}'s`} ${m.name} fell silent.`);
    });
    const drew = (next.hand_counts?.[seat] ?? 0) - (prev.hand_counts?.[seat] ?? 0);
    if (drew > 0) lines.push(`${who(seat)} drew ${drew} card${drew > 1 ? "s" : ""}.`);
    if (next.cycled?.[seat] && !prev.cycled?.[seat]) lines.push(`${who(seat)} cycled cards.`);
  });
  const before = prev.discard || [];
  const after = next.discard || [];
  if (after.length > before.length && before.every((v, i) => after[i] === v)) {
    lines.push(`To the discard pile: ${after.slice(before.length).map((v) => `${v} ${nameOf(v)}`).join(", ")}.`);
  }
  return lines;
}

const sumOf = (cards) => cards.reduce((t, v) => t + v, 0);

/**
 * Payments, give-backs and Offsets picked from the hand: tap the cards, then the move.
 * Every combination the rules allow can be built, and the server judges it.
 */
export function extra(ctx) {
  const listed = ctx.listing.actions || [];
  const forms = (ctx.listing.forms || []).map((f) => ({ seat: f.seat, ...(f.form || f) }));
  const hand = Array.isArray(ctx.view.hand) ? ctx.view.hand : [];
  const play = forms.find((f) => f.type === "play") || listed.find((sa) => sa.action.type === "play")?.action;
  const giveBack = forms.find((f) => f.type === "cycle_return");
  const mix = forms.find((f) => f.type === "mix");
  const seat = listed[0]?.seat ?? forms[0]?.seat;
  const cycles = listed.filter((sa) => sa.action.type === "cycle").map((sa) => sa.action.count);
  const cycleForm = cycles.length ? cyclePicker(cycles, (count) => ctx.act({ seat, action: { type: "cycle", count } })) : null;
  if (!hand.length || (!play && !giveBack && !mix)) return cycleForm;
  const picked = new Set();
  const offsets = [];
  // the card being played is not part of its own payment
  const reserved = play && !giveBack ? hand.indexOf(play.card) : -1;
  const status = h("p", { class: "muted", id: "pick-status", "aria-live": "polite" });
  const cards = hand.map((v, i) => h("button", {
    type: "button", class: `card muse pick${i === reserved ? " selected" : ""}`, "aria-pressed": "false",
    disabled: i === reserved, "aria-label": `${v} ${nameOf(v)}${i === reserved ? ", the card to play" : ""}`,
    dataset: { index: i, value: v }, onclick: (e) => toggle(i, e.currentTarget),
  }, h("span", { class: "card-top", "aria-hidden": "true" }, String(v)), h("span", { class: "card-sub", "aria-hidden": "true" }, nameOf(v))));
  const chosen = () => [...picked].sort((a, b) => a - b).map((i) => hand[i]);
  function toggle(i, el) {
    if (picked.has(i)) picked.delete(i); else picked.add(i);
    el.setAttribute("aria-pressed", String(picked.has(i)));
    el.classList.toggle("placed", picked.has(i));
    say();
  }
  function say() {
    const c = chosen();
    const parts = [c.length ? `Chosen: ${c.join(" + ")} (worth ${sumOf(c)})` : "Tap cards to choose them."];
    if (offsets.length) parts.push(`Offsets so far: ${offsets.map((o) => `place ${o.position} with ${o.payment.join(" + ")}`).join("; ")}`);
    status.textContent = parts.join(" · ");
  }
  say();
  const post = (action) => ctx.act({ seat, action });
  const moves = [];
  if (play && !giveBack) {
    moves.push(h("button", { type: "button", class: "primary", id: "pick-play", onclick: () => post({ type: "play", card: play.card, payment: chosen() }) },
      `Play ${play.card} ${nameOf(play.card)} paying with the chosen cards`));
  }
  if (giveBack) {
    const n = giveBack.cards?.count;
    moves.push(h("button", { type: "button", class: "primary", id: "pick-give-back", onclick: () => post({ type: "cycle_return", cards: chosen() }) },
      `Give back the chosen cards${n ? ` (${n})` : ""}`));
  }
  if (mix) {
    const positions = Object.entries(mix.offsets?.positions || {});
    for (const [position, need] of positions) {
      moves.push(h("button", { type: "button", dataset: { position }, onclick: () => {
        if (!picked.size || offsets.some((o) => o.position === Number(position))) return;
        offsets.push({ position: Number(position), payment: chosen() });
        for (const i of picked) cards[i].disabled = true;
        picked.clear();
        say();
      } }, `Offset place ${position} (needs ${need}) with the chosen cards`));
    }
    moves.push(h("button", { type: "button", class: "primary", id: "pick-mix", onclick: () => post({ type: "mix", offsets }) }, "Mix with these Offsets"));
  }
  return h("section", { class: "picker", "aria-labelledby": "pick-h" },
    h("h3", { id: "pick-h" }, giveBack ? "Choose the cards to give back" : mix && !play ? "Choose cards for Offsets" : "Choose the cards to pay with"),
    h("div", { class: "card-row", role: "group", "aria-label": "Cards to choose from your hand" }, cards), status, h("div", { class: "buttons" }, moves),
    cycleForm);
}

/** Cycle as a count to choose, not a button per count. */
function cyclePicker(counts, send) {
  const most = Math.max(...counts);
  const count = h("input", { id: "cycle-count", type: "number", min: Math.min(...counts), max: most, step: 1, value: Math.min(...counts), inputmode: "numeric" });
  return h("form", { class: "row cycle-form", id: "cycle-form", onsubmit: (e) => { e.preventDefault(); send(Number(count.value)); } },
    h("div", { class: "field" }, h("label", { for: "cycle-count" }, `Cycle: draw this many, then give back as many (1 to ${most})`), count),
    h("button", { type: "submit", id: "cycle-submit" }, "Cycle"));
}

/** Moves built with the hand picker instead of listed as buttons. */
export function handles(action) {
  // a mix form (no offsets given) is the picker's too; "Mix with no Offset" stays a button
  return action.type === "play" || action.type === "cycle_return" || action.type === "cycle" || (action.type === "mix" && (action.offsets === undefined || action.offsets.length > 0));
}

/** Why the game ended, for the game-over banner. */
export function endText(o) {
  if (o.reason === "round_limit") return `The round limit was reached after ${o.rounds} rounds: the fullest Studio wins.`;
  return `The game ended: ${words(o.reason || "a Studio was completed")}.`;
}
