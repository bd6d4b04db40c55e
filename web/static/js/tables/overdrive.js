// Overdrive: the board's spaces, each band's dice and tracks, Hits and Distortions.
import { h, show, words } from "../dom.js";
import { card, row } from "./cards.js";
import { panel, stats, value } from "./generic.js";

export const drawn = ["seats", "occupied", "blocked", "hit_market", "hit_owned", "distortion_market", "round", "schedule", "phase", "to_act", "battle", "metallum", "mode", "difficulty", "players", "hit_deck_size", "distortion_deck_size", "distortion_cost", "awards_free", "order", "first", "variants"];

export function label(action) {
  const dice = Array.isArray(action.dice) ? `dice ${action.dice.map((d) => d + 1).join(", ")}` : "";
  switch (action.type) {
    case "place": return `Place ${dice} on ${space(action.space)}`;
    case "reroll": return `Reroll ${dice} (1 Grana)`;
    case "set_face": return `Set die ${action.die + 1} to ${words(action.face)}`;
    case "end_turn": return "End my turn";
    case "pass": return "Pass";
    default: return null;
  }
}

const space = (name) => words(String(name).replace(/^hit:/, "Hit "));

function die(d, i) {
  return card({ top: words(d.face ?? d), sub: d.placed ? `on ${space(d.placed)}` : `die ${i + 1}`, title: `die ${i + 1}: ${words(d.face ?? d)}${d.placed ? `, placed on ${space(d.placed)}` : ", free"}`, kind: `die${d.placed ? " placed" : ""}` });
}

function band(view, s, i, ctx) {
  return h("section", { class: "area seat", "aria-label": ctx.seatName(i) },
    h("h3", {}, `${ctx.seatName(i)} · ${words(s.band || "band")}`),
    h("div", { class: "tracks" }, ["fans", "fame", "grana", "overdrive"].map((t) =>
      h("div", { class: "track" }, h("span", {}, words(t)), h("meter", { min: 0, max: t === "overdrive" ? 10 : 40, value: s[t] ?? 0, "aria-label": `${words(t)} ${s[t]}` }), h("strong", {}, show(s[t]))))),
    h("p", { class: "label" }, "Dice"), row(`${ctx.seatName(i)}: dice`, (s.dice || []).map(die)),
    h("p", { class: "label" }, "Hits"), row(`${ctx.seatName(i)}: Hits`, (s.hits || []).map((x) => card({ top: words(x), title: `Hit ${words(x)}`, kind: "hit" }))),
    Array.isArray(s.hand) ? [h("p", { class: "label" }, "Distortions in hand"), row(`${ctx.seatName(i)}: Distortions`, s.hand.map((x) => card({ top: `#${show(x.id ?? x)}`, title: `Distortion ${show(x.id ?? x)}`, kind: "distortion" })))] : null,
    stats([["award", s.award && words(s.award)], ["used Distortions", (s.used || []).length]]));
}

export function render(view, ctx) {
  const occupied = view.occupied || {};
  const spaces = [...new Set([...Object.keys(occupied), ...(view.blocked || [])])];
  return h("div", { class: "table overdrive" },
    panel("Show", stats([["mode", view.mode], ["round", `${view.round} of ${(view.schedule || []).length}`], ["phase", view.phase && words(view.phase)], ["difficulty", view.difficulty]])),
    panel("Board", spaces.length ? h("ul", { class: "plain spaces" }, spaces.map((sp) => h("li", {},
      h("strong", {}, space(sp)), ": ",
      (view.blocked || []).includes(sp) ? "blocked" : (occupied[sp] || []).map((o) => `${ctx.seatName(o.seat)} (${(o.faces || []).map(words).join(", ")})`).join("; ")))) : h("p", { class: "muted" }, "Every space is free.")),
    panel("Hits for sale", row("Hit market", (view.hit_market || []).map((x) => card({ top: words(x), title: `Hit ${words(x)}`, kind: "hit" }))),
      stats([["Hits left", view.hit_deck_size]])),
    panel("Distortions for sale", row("Distortion market", (view.distortion_market || []).map((x) => card({ top: `#${x}`, title: `Distortion ${x}`, kind: "distortion" }))),
      stats([["cost", view.distortion_cost], ["left", view.distortion_deck_size]])),
    view.battle ? panel("Battle", value(view.battle)) : null,
    view.metallum ? panel("Metallum", value(view.metallum)) : null,
    h("div", { class: "seats" }, (view.seats || []).map((s, i) => band(view, s, i, ctx))));
}
