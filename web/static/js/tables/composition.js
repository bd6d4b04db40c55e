// Composition: the draft row, each Maestro's cards and Chorus, and a word input that spells
// a Performance from the seat's usable cards.
import { h, words } from "../dom.js";
import { items, load as loadCatalog } from "../catalog.js";
import { card, row } from "./cards.js";
import { panel, stats } from "./generic.js";

export function load() {
  return loadCatalog("composition", ["maestros", "cards", "awards", "ovations"]);
}

const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const letterList = (ls) => (ls || []).map((l) => String(l).toUpperCase()).join(", ").replace(/, ([^,]*)$/, " or $1");

/** An Award's goal as the sentence a player reads on the card. */
export function goalText(goal) {
  const n = goal?.n;
  switch (goal?.type) {
    case "min_length": return `Perform a word of ${n} or more letters`;
    case "min_vowels": return `Perform a word with ${n} or more vowels`;
    case "symbol_count": return `Use ${n} or more cards of the same symbol`;
    case "min_score": return `Score ${n} or more Roses with one Performance`;
    case "uses_two_letter": return "Use a two-letter card in your word";
    case "uses_crescendo": return "Use a Crescendo card in your word";
    case "uses_letter": return `Use the letter ${letterList(goal.letters)}`;
    case "same_start_end": return "Perform a word that starts and ends with the same letter";
    case "min_cards": return `Use ${n} or more cards in your word`;
    default: return words(goal?.type || "");
  }
}

/** A card's or Maestro's ability in a few words. */
export function abilityText(a) {
  const t = a?.type || a;
  const held = a?.hand ? " (while in hand)" : "";
  switch (t) {
    case "double_self": return "doubles its own value";
    case "double_word": return "doubles the Performance";
    case "pay_double_word": return `pay ${a.cost} Roses: double the Performance`;
    case "double_vowels": return "doubles the vowels";
    case "roses": return `+${a.n} Roses`;
    case "per_vowel": return `+${a.n} per vowel${held}`;
    case "long_word": return `+${a.n} for ${a.min}+ letters${held}`;
    case "on_take_roses": return `+${a.n} Roses when taken`;
    case "pay_roses": return `pay ${a.cost} Roses: +${a.n}`;
    case "two_words": return "allows two crossing words";
    case "ghost_free": return "takes the Ghost Note for free";
    case "change_letter": return "once per word, one single-letter card (not the Ghost Note) may play as any letter, keeping its value and symbol";
    case "rex_mark": return "once per round may put its X under a rival's Chorus card: unless used that round, the card is discarded";
    case "crescendo_discount": return `Crescendos cost ${a.n} Rose${a.n === 1 ? "" : "s"} less`;
    case "cat_roses": return `each round ${a.n} bank Rose${a.n === 1 ? "" : "s"} go${a.n === 1 ? "es" : ""} on every unbought Crescendo, for its buyer`;
    default: return words(t || "");
  }
}

export const drawn = ["composition", "seats", "round", "max_rounds", "phase", "baton", "turn", "tracker", "note_deck", "crescendo_deck", "discard", "ovations", "awards", "costs", "solo", "last_round", "history", "facedown", "rex", "held_tomatoes"];

function cardsById(view) {
  const all = new Map();
  const add = (c) => { if (c && c.id) all.set(c.id, c); };
  // the catalog names every card (a performed or bought card has left the view)
  (items("composition", "cards") || []).forEach(add);
  for (const s of view.seats || []) for (const key of ["locked", "drafted", "chorus"]) (s[key] || []).forEach(add);
  (view.composition?.notes || []).forEach(add);
  return all;
}

function noteCard(c, extra = {}) {
  const letters = String(c.letters ?? c.name ?? "?").toUpperCase();
  const powers = (c.abilities || []).map(abilityText);
  const named = c.name && String(c.name).toUpperCase() !== letters ? c.name : "";
  const kind = c.kind === "locked" ? "Locked Letter" : c.kind === "crescendo" ? "Crescendo" : c.kind === "note" ? "Note" : c.kind || "card";
  return card({
    top: letters, sub: [plural(c.rose ?? 0, "rose"), c.symbol || "", ...powers].filter(Boolean).join(" · "),
    title: `${kind} ${letters}${named ? ` (${named})` : ""}, ${plural(c.rose ?? 0, "Rose")}${c.symbol ? `, ${c.symbol} symbol` : ", no symbol"}${powers.length ? `, ${powers.join("; ")}` : ""}${extra.note ? `, ${extra.note}` : ""}`,
    kind: `note ${c.kind || ""}`, id: c.id, roses: c.rose ?? 0, ...extra,
  });
}

export function label(action, view) {
  const map = view ? cardsById(view) : new Map();
  // a Ghost Note (or any wildcard) spells the letter the action assigns it
  const spell = (ids) => (ids || []).map((id) => String(action.assign?.[id] ?? map.get(id)?.letters ?? "?")).join("").toUpperCase();
  switch (action.type) {
    case "take": return action.card === "ghost" ? "Take the Ghost Note" : `Take ${spell([action.card])}`;
    case "perform": return action.cards?.length ? `Perform ${spell(action.cards)}${action.cards2?.length ? ` crossed with ${spell(action.cards2)}` : ""}` : "Perform nothing (pass)";
    case "ask_help": return `Ask seat ${action.helper} whether ${spell(action.cards)} is a word`;
    case "buy_ovation": {
      const o = (view?.ovations || []).find((x) => x.id === action.ovation);
      return `Buy the Ovation ${o ? o.name : action.ovation}${view?.costs?.ovation ? ` (${view.costs.ovation} Roses)` : ""}`;
    }
    case "buy_crescendo": return `Buy Crescendo ${(action.slot ?? 0) + 1}`;
    case "stop": return "Stop drafting for this round";
    case "rex_mark": return `Mark seat ${action.target}'s Chorus card ${spell([action.card])} with the X`;
    case "flip": return `Flip ${spell([action.card])}`;
    default: return null;
  }
}

/**
 * Card ids that spell ``word`` from ``usable`` (each once, multi-letter cards whole), with
 * wildcards (a Ghost Note: an id with no letters) given the letter they stand for. With
 * ``change`` (MUD's power) one single-letter card that is not the Ghost Note may stand for
 * another letter too, tried only when the plain spelling fails.
 */
export function spell(word, usable, map, { change = false } = {}) {
  const target = word.toLowerCase().replace(/[^a-z]/g, "");
  const attempt = (allowChange) => {
    const used = new Set();
    const out = [];
    const assign = {};
    let changed = false;
    function go(pos) {
      if (pos === target.length) return true;
      for (const id of usable) {
        if (used.has(id)) continue;
        const letters = map.get(id)?.letters;
        const wild = !letters || id === "ghost";
        const options = [];
        if (wild) options.push([target[pos], true, false]);
        else if (target.startsWith(String(letters).toLowerCase(), pos)) options.push([String(letters).toLowerCase(), false, false]);
        else if (allowChange && !changed && String(letters).length === 1) options.push([target[pos], true, true]);
        for (const [chunk, assigned, isChange] of options) {
          used.add(id); out.push(id);
          if (assigned) assign[id] = chunk;
          if (isChange) changed = true;
          if (go(pos + chunk.length)) return true;
          used.delete(id); out.pop(); delete assign[id];
          if (isChange) changed = false;
        }
      }
      return false;
    }
    return go(0) ? { cards: [...out], assign } : null;
  };
  return attempt(false) || (change ? attempt(true) : null);
}

/**
 * Two crossing words: ``first`` spelled with a two-word card (tried first, so the crossing
 * card is used where its letter fits), ``second`` from that card and the cards the first
 * word left. Null when no crossing card is in the first word or the second cannot be spelled.
 */
export function spellCrossing(first, second, usable, map, crossing) {
  const order = [...usable.filter((id) => crossing.includes(id)), ...usable.filter((id) => !crossing.includes(id))];
  const one = spell(first, order, map);
  if (!one) return null;
  for (const shared of one.cards.filter((id) => crossing.includes(id))) {
    const rest = usable.filter((id) => !one.cards.includes(id));
    const two = spell(second, [shared, ...rest], map);
    if (two && two.cards.includes(shared)) return { cards: one.cards, cards2: two.cards, assign: { ...one.assign, ...two.assign } };
  }
  return null;
}

/** A checkbox list of cards: returns [element, () => checked ids]. */
function cardChecks(legend, ids, map, describe = () => "") {
  const boxes = ids.map((id) => h("label", { class: "field check" },
    h("input", { type: "checkbox", value: id }), ` ${String(map.get(id)?.letters ?? "?").toUpperCase()}${describe(id)}`));
  const el = ids.length ? h("fieldset", { class: "word-options" }, h("legend", {}, legend), boxes) : null;
  return [el, () => boxes.map((b) => b.querySelector("input")).filter((i) => i.checked).map((i) => i.value)];
}

/** The perform form is the word box (a listed pass stays a button). */
export function handles(action) {
  // the word box spells a Performance and asks a player for help: their forms are its
  return (action.type === "perform" || action.type === "ask_help") && action.cards === undefined;
}

export function extra(ctx) {
  const entry = (ctx.listing.forms || []).find((f) => (f.form || f).type === "perform" && (f.form || f).usable_cards);
  if (!entry) return null;
  const form = entry.form || entry;
  const usable = form.usable_cards;
  const map = cardsById(ctx.view);
  const me = (ctx.view.seats || []).find((s) => s.seat === entry.seat);
  const maestro = (items("composition", "maestros") || []).find((m) => m.id === me?.maestro);
  const change = (maestro?.abilities || []).some((a) => a.type === "change_letter");
  const input = h("input", { id: "word", type: "text", autocomplete: "off", autocapitalize: "none", spellcheck: "false", "aria-describedby": "word-help" });
  const note = h("small", { id: "word-help", class: "muted" }, `Your letters: ${usable.map((id) => (id === "ghost" || !map.get(id)?.letters ? "any letter (Ghost Note)" : String(map.get(id).letters).toUpperCase())).join(" ")}${change ? ". MUD: one letter card may play as another letter." : ""}`);
  const problem = h("p", { class: "error", role: "alert", hidden: true });
  // a two-word card (Crossroads) in hand: a second word may cross the first at it
  const crossForm = (ctx.listing.forms || []).find((f) => f.seat === entry.seat && (f.form || f).type === "perform" && (f.form || f).two_word_cards);
  const crossing = crossForm ? (crossForm.form || crossForm).two_word_cards : [];
  const crossName = crossing.map((id) => `${map.get(id)?.name || "a two-word card"} (${String(map.get(id)?.letters ?? "").toUpperCase()})`).join(" or ");
  const input2 = crossing.length ? h("input", { id: "word2", type: "text", autocomplete: "off", autocapitalize: "none", spellcheck: "false", "aria-describedby": "word2-help" }) : null;
  // why the word was refused (the server says it: not in the word list, too short)
  const refusal = me?.refusal?.message;
  // the Chorus: cards not in the word kept for later rounds (the rest is filled for you)
  const keepable = usable.filter((id) => id !== "ghost" && map.get(id)?.kind !== "locked");
  const [keepBox, kept] = cardChecks(`Keep in your Chorus (up to ${form.chorus_slots ?? 2}; if none is ticked the best are kept)`, keepable, map);
  // cards whose power costs Roses: used only when ticked
  const payable = usable.filter((id) => (map.get(id)?.abilities || []).some((a) => String(a.type || "").startsWith("pay_")));
  const [payBox, paid] = cardChecks("Use a power that costs Roses", payable, map, (id) => `: ${(map.get(id)?.abilities || []).map(abilityText).join("; ")}`);
  const awardName = (id) => (ctx.view.awards || []).find((a) => a.id === id);
  const award = (form.awards || []).length ? h("select", { id: "word-award" }, h("option", { value: "" }, "The first one my word meets"),
    form.awards.map((id) => h("option", { value: id }, `${awardName(id)?.name || words(id)}: ${goalText(awardName(id)?.goal)}`))) : null;
  // asking another player whether the word is one, before committing it (costs Roses)
  const helpForm = (ctx.listing.forms || []).find((f) => (f.form || f).type === "ask_help" && f.seat === entry.seat);
  const askable = helpForm ? (helpForm.form || helpForm).helpers || [] : [];
  const helpCost = helpForm ? (helpForm.form || helpForm).cost : null;
  const askSeat = askable.length ? h("select", { id: "help-seat" }, askable.map((s) => h("option", { value: String(s) }, ctx.seatName(s)))) : null;
  function spelled() {
    problem.hidden = true;
    if (input2 && input2.value.trim()) {
      const both = spellCrossing(input.value, input2.value, usable, map, crossing);
      if (!both) {
        problem.hidden = false;
        problem.textContent = `Your cards cannot spell "${input.value}" and "${input2.value}" crossing at ${crossName}: both words use it, and no other card twice.`;
      }
      return both;
    }
    const found = spell(input.value, usable, map, { change });
    if (!found) {
      problem.hidden = false;
      problem.textContent = `Your cards cannot spell "${input.value}".`;
    }
    return found;
  }
  function askHelp() {
    const found = spelled();
    if (!found) return;
    const action = { type: "ask_help", helper: Number(askSeat.value), cards: found.cards };
    if (found.cards2) action.cards2 = found.cards2;
    if (Object.keys(found.assign).length) action.assign = found.assign;
    ctx.act({ seat: entry.seat, action });
  }
  function submit(event) {
    event.preventDefault();
    const found = spelled();
    if (!found) return;
    const action = { type: "perform", cards: found.cards };
    if (found.cards2) action.cards2 = found.cards2;
    if (Object.keys(found.assign).length) action.assign = found.assign;
    const keep = kept().filter((id) => !found.cards.includes(id) && !(found.cards2 || []).includes(id));
    if (keep.length) action.keep = keep;
    if (paid().length) action.pay = paid();
    if (award?.value) action.awards = [award.value];
    ctx.act({ seat: entry.seat, action });
  }
  return h("form", { class: "word-form", onsubmit: submit },
    refusal ? h("p", { class: "error", id: "word-refused" }, refusal) : null,
    h("label", { for: "word" }, "Spell a word"), input, note,
    input2 ? h("div", { class: "field" }, h("label", { for: "word2" }, "Second word, crossing the first (optional)"), input2,
      h("small", { id: "word2-help", class: "muted" }, `${crossName} lets two words cross: both use it, and it counts once.`)) : null,
    problem,
    keepBox, payBox,
    award ? h("div", { class: "field" }, h("label", { for: "word-award" }, "Award you want most"), award) : null,
    h("button", { type: "submit", class: "primary", id: "perform-word" }, "Perform"),
    askSeat ? h("div", { class: "field help-ask" }, h("label", { for: "help-seat" }, `Not sure it is a word? Ask a player first${Number.isInteger(helpCost) ? ` (${plural(helpCost, "Rose")})` : ""}; only you see the answer`),
      askSeat, h("button", { type: "button", id: "ask-help", onclick: askHelp }, "Ask")) : null);
}

const TOMATO_EFFECTS = {
  all_lose_roses: (e) => `every seat loses ${plural(e.n, "Rose")}`,
  baton_loses_roses: (e) => `the Baton holder loses ${plural(e.n, "Rose")}`,
  discard_best_chorus: () => "its holder discards the best Chorus card",
  ghost_cost: (e) => `the Ghost Note costs its holder ${plural(e.n, "Rose")}`,
};

/** A Tomato's effect in words. */
export function tomatoEffect(effect) {
  const f = TOMATO_EFFECTS[effect?.type];
  return f ? f(effect) : words(effect?.type || "");
}

/** A held Tomato: its name, what it does and who holds it. */
function tomatoText(t, ctx) {
  const c = (items("composition", "cards") || []).find((x) => x.id === (t.card ?? t.id));
  const name = c?.name || "a Tomato";
  const effect = c?.effect ? ` (${tomatoEffect(c.effect)})` : "";
  return `${name}${effect}${Number.isInteger(t.holder) ? `, held by ${ctx.seatName(t.holder)}` : ""}`;
}

function lastPerformance(last) {
  if (typeof last !== "object") return String(last);
  if (!last.word) return "passed";
  const roses = Number.isInteger(last.roses) ? `, ${last.roses} roses` : "";
  return `${String(last.word).toUpperCase()}${last.failed ? " (not a word)" : roses}`;
}

const PHASES = { draft: "drafting", compose: "composing words", flip: "solo flip" };

export function render(view, ctx) {
  const comp = view.composition || {};
  const takeAction = (id) => ctx.find((a) => a.type === "take" && a.card === id);
  const me = ctx.seat ?? view.seat;
  const acting = new Set(turn(view));
  const seats = [...(view.seats || [])].sort((a, b) => (a.seat === me ? -1 : b.seat === me ? 1 : 0));
  const maestros = new Map((items("composition", "maestros") || []).map((m) => [m.id, m]));
  // a won Award or Ovation has left the offer: the catalog still names it
  const awardName = (id) => [...(view.awards || []), ...(items("composition", "awards") || [])].find((a) => a.id === id)?.name || words(id);
  const ovationName = (id) => [...(view.ovations || []), ...(items("composition", "ovations") || [])].find((o) => o.id === id)?.name || words(id);
  const costs = view.costs || {};
  return h("div", { class: "table composition" },
    panel("Round", stats([["round", `${view.round} of ${view.max_rounds}${view.last_round ? " (last)" : ""}`], ["phase", view.phase && (PHASES[view.phase] || words(view.phase))],
      ["Baton", Number.isInteger(view.baton) ? ctx.seatName(view.baton) : undefined], ["cards in the Note deck", view.note_deck], ["Crescendos left", view.crescendo_deck]]),
      (view.held_tomatoes || []).length ? h("p", { class: "muted tomatoes" }, `Tomatoes held: ${view.held_tomatoes.map((t) => tomatoText(t, ctx)).join("; ")}`) : null),
    panel("The Composition (draft row)", row("Draft row", [
      ...(comp.notes || []).map((c) => {
        const sa = takeAction(c.id);
        return noteCard(c, sa ? { onplay: () => ctx.act(sa), note: "take it" } : {});
      }),
      comp.ghost?.available ? (() => {
        const sa = takeAction("ghost");
        return card({ top: "?", sub: `Ghost Note · ${plural(comp.ghost.cost, "rose")}`, title: `Ghost Note, any letter, costs ${plural(comp.ghost.cost, "Rose")}${sa ? ", take it" : ""}`, kind: "note ghost", onplay: sa ? () => ctx.act(sa) : undefined });
      })() : null,
    ].filter(Boolean)),
    (comp.crescendos || []).length ? [h("p", { class: "label" }, `Crescendos (face down${costs.crescendo ? `, ${costs.crescendo} Roses each` : ""})`),
      row("Crescendos", comp.crescendos.map((c) => {
        const sa = ctx.find((a) => a.type === "buy_crescendo" && a.slot === c.slot);
        return card({ top: `C${c.slot + 1}`, sub: c.roses ? `+${plural(c.roses, "rose")} on it` : "face down", title: `Crescendo ${c.slot + 1}, face down${c.roses ? `, ${plural(c.roses, "Rose")} on it` : ""}${sa ? ", buy it" : ""}`, kind: "note back", onplay: sa ? () => ctx.act(sa) : undefined });
      }))] : null),
    h("div", { class: "seats" }, seats.map((s) => {
      const m = maestros.get(s.maestro);
      const mine = s.seat === me;
      return h("section", { class: `area seat${acting.has(s.seat) ? " to-act" : ""}`, "aria-label": ctx.seatName(s.seat) },
        h("h3", {}, `${ctx.seatName(s.seat)} · Maestro ${s.maestro}`, s.seat === view.baton ? h("span", { class: "chip" }, "Baton") : null, acting.has(s.seat) ? h("span", { class: "chip turn-chip" }, "to act") : null),
        m ? h("p", { class: "muted" }, [`${plural(m.chorus ?? 2, "Chorus slot")}`, ...(m.abilities || []).map(abilityText)].join(" · ")) : null,
        stats([["Roses", s.roses], ["Applause Badges", s.badges], ["status", s.status && words(s.status)]]),
        h("p", { class: "label" }, "Locked Letters"), row(`${ctx.seatName(s.seat)}: Locked Letters`, (s.locked || []).map((c) => noteCard(c))),
        h("p", { class: "label" }, mine ? "Your hand (drafted this round)" : "Drafted this round"),
        row(`${ctx.seatName(s.seat)}: drafted`, [...(s.drafted || []).map((c) => noteCard(c)), s.ghost ? card({ top: "?", sub: "Ghost Note", title: "Ghost Note, any letter", kind: "note ghost" }) : null].filter(Boolean)),
        h("p", { class: "label" }, "Chorus (kept for later rounds)"), row(`${ctx.seatName(s.seat)}: Chorus`, (s.chorus || []).map((c) => noteCard(c))),
        (s.ovations || []).length || (s.awards || []).length ? h("p", {}, "Won: ", [...(s.ovations || []).map((id) => `Ovation ${ovationName(id)}`), ...(s.awards || []).map((id) => `Award ${awardName(id)}`)].join(", ")) : null,
        mine && s.refusal?.message ? h("p", { class: "error refusal", role: "alert" }, s.refusal.message) : null,
        s.last ? h("p", {}, `Last performance: ${lastPerformance(s.last)}`) : null);
    })),
    panel("Awards on offer", h("ul", { class: "plain goals" }, (view.awards || []).map((a) =>
      h("li", { class: "award", dataset: { award: a.id } }, h("strong", {}, a.name), `: ${goalText(a.goal)}.`, h("span", { class: "muted" }, ` ${plural(a.badges, "badge")}`))))),
    panel("Ovations for sale", costs.ovation ? h("p", { class: "muted" }, `${costs.ovation} Roses each; a seat that buys one takes no Award that round.`) : null,
      h("ul", { class: "plain" }, (view.ovations || []).map((o) => {
        const sa = ctx.find((a) => a.type === "buy_ovation" && a.ovation === o.id);
        return h("li", { class: "ovation", dataset: { ovation: o.id } }, h("strong", {}, o.name), h("span", { class: "muted" }, ` ${plural(o.badges, "badge")}`), " ",
          sa ? h("button", { type: "button", class: "small", onclick: () => ctx.act(sa) }, `Buy for ${costs.ovation ?? "?"} Roses`) : null);
      }))));
}

export function turn(view) {
  if (Number.isInteger(view.turn)) return [view.turn];
  return (view.seats || []).filter((s) => s.status === "composing" || s.status === "retry").map((s) => s.seat);
}

/** What happened between two views of the same seat, in plain lines (see story.js). */
export function story(prev, next, { who }) {
  const lines = [];
  const map = cardsById(next);
  for (const [k, v] of cardsById(prev)) if (!map.has(k)) map.set(k, v);
  const letters = (id) => String(map.get(id)?.letters ?? map.get(id)?.name ?? "a card").toUpperCase();
  const sameRound = prev.round === next.round;
  if (!sameRound && next.status !== "finished") {
    lines.push(`Round ${next.round} begins${Number.isInteger(next.baton) ? `; ${who(next.baton) === "You" ? "you hold" : `${who(next.baton)} holds`} the Baton` : ""}.`);
  }
  const awardName = (id) => (items("composition", "awards") || []).find((a) => a.id === id)?.name || (next.awards || []).find((a) => a.id === id)?.name || words(id);
  const ovationName = (id) => (items("composition", "ovations") || []).find((o) => o.id === id)?.name || words(id);
  for (const s of next.seats || []) {
    const before = (prev.seats || []).find((x) => x.seat === s.seat) || {};
    const name = who(s.seat);
    if (sameRound) {
      const had = new Set((before.drafted || []).map((c) => c.id));
      for (const c of s.drafted || []) {
        if (had.has(c.id)) continue;
        lines.push(c.kind === "crescendo" ? `${name} bought a Crescendo: ${letters(c.id)}.` : `${name} took ${letters(c.id)}.`);
      }
      if (s.ghost && !before.ghost) lines.push(`${name} took the Ghost Note.`);
      if (s.status === "retry" && before.status !== "retry") lines.push(s.refusal?.message ? `Refused: ${s.refusal.message}` : `${name === "You" ? "Your" : `${name}'s`} word was refused: one retry left.`);
    }
    if (JSON.stringify(s.last) !== JSON.stringify(before.last) && s.last) lines.push(`${name} ${s.last.word ? `performed ${lastPerformance(s.last)}` : "passed"}.`);
    const gained = (now, then) => (now || []).filter((x) => !(then || []).includes(x));
    for (const o of gained(s.ovations, before.ovations)) lines.push(`${name} bought the Ovation ${ovationName(o)}.`);
    for (const a of gained(s.awards, before.awards)) lines.push(`${name} won the Award ${awardName(a)}.`);
  }
  const heldBefore = new Set((prev.held_tomatoes || []).map((t) => t.card));
  for (const t of next.held_tomatoes || []) {
    if (!heldBefore.has(t.card)) lines.push(`A Tomato came out: ${tomatoText(t, { seatName: who })}.`);
  }
  return lines;
}

/** Why the game ended, for the game-over banner. */
export function endText(o) {
  return `The game ended after ${o.rounds} round${o.rounds === 1 ? "" : "s"}: most Applause Badges wins, then most Roses.`;
}
