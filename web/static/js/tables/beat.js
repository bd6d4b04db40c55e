// The Beat: the venue and its targets, the current song and its events, piles, stages and hand.
import { h, words } from "../dom.js";
import { card, row } from "./cards.js";
import { panel, stats } from "./generic.js";

export const drawn = ["venue", "current", "piles", "counts", "seats", "results", "phase", "round", "song_deck", "encore_deck", "event_deck", "setlist_total", "encores_taken", "lead", "solo_seat", "solo_used", "turn", "mode", "players", "you", "last_round", "event_discard", "venue_result", "pending_encores"];

/** (value, icon) of a card id "s{seat}-{value}{copy}". */
export function parseCard(id) {
  const m = /^s(\d+)-(\d)([abc])$/.exec(String(id));
  if (!m) return { value: id, icon: "" };
  const value = Number(m[2]);
  let icon = "";
  if (value === 1) icon = "Encore";
  else if (value <= 4 && m[3] === "a") icon = "Face Up";
  else if (value <= 4 && m[3] === "b") icon = "Cue";
  return { value, icon, seat: Number(m[1]) };
}

export function cardText(id) {
  const { value, icon } = parseCard(id);
  return icon ? `${value} (${icon})` : `${value}`;
}

function beatCard(id, extra = {}) {
  const { value, icon } = parseCard(id);
  return card({ top: String(value), sub: icon, title: `Beat card ${cardText(id)}${extra.note ? `, ${extra.note}` : ""}`, kind: "beat", id, ...extra });
}

export function label(action) {
  const c = action.card ? cardText(action.card) : "";
  switch (action.type) {
    case "play": return `Play ${c}${action.face_up ? " face up" : ""}`;
    case "solo": return `Solo: add ${c}${action.face_up ? " face up" : ""}`;
    case "ready": return "Ready: done playing";
    case "take_back": return "Take back my card";
    case "cue": return `Cue ${cardText(action.cue_card)} to tune ${c} ${action.direction}`;
    case "encore": return action.take === false || action.count === 0 ? "No Encore" : `Take ${action.count ?? 1} Encore${(action.count ?? 1) > 1 ? "s" : ""}`;
    default: return null;
  }
}

function targetText(targets) {
  return Object.entries(targets || {}).map(([pile, t]) =>
    `${words(pile)} ${"min" in t ? `at least ${t.min}` : ""}${"max" in t ? `at most ${t.max}` : ""}${"exact" in t ? `exactly ${t.exact}` : ""}`).join(" · ");
}

function song(s, i) {
  return h("div", { class: "song" },
    h("p", { class: "difficulty" }, h("strong", {}, `Song ${i + 1}: difficulty ${s.difficulty ?? "?"}`)),
    h("ul", { class: "plain" }, (s.events || []).map((e) => h("li", {}, h("strong", {}, e.name || words(e.id)), e.text ? `: ${e.text}` : ""))));
}

export function render(view, ctx) {
  const venue = view.venue || {};
  const mine = view.seats?.find((s) => Array.isArray(s.hand) && s.seat === (ctx.seat ?? view.you));
  const handSeats = (view.seats || []).filter((s) => Array.isArray(s.hand));
  const seatBox = (s) => {
    const playAction = (id) => ctx.find((a, seat) => seat === s.seat && (a.type === "play" || a.type === "solo") && a.card === id && !a.face_up);
    const hand = Array.isArray(s.hand) ? row(`${ctx.seatName(s.seat)}: hand`, s.hand.map((id) => {
      const sa = playAction(id);
      return beatCard(id, sa ? { onplay: () => ctx.act(sa), note: "play it" } : {});
    })) : h("p", { class: "muted" }, `${s.hand_count ?? "?"} cards in hand`);
    return h("section", { class: `area seat${s.seat === view.solo_seat ? " solo" : ""}`, "aria-label": ctx.seatName(s.seat) },
      h("h3", {}, ctx.seatName(s.seat), s.seat === view.solo_seat ? " · Solo" : "", s.ready ? " · ready" : ""),
      h("p", { class: "label" }, "Stage"), row(`${ctx.seatName(s.seat)}: stage`, (s.stage || []).map((id) => beatCard(id, { kind: "beat staged" }))),
      h("p", { class: "label" }, "Played this round"),
      row(`${ctx.seatName(s.seat)}: played`, (s.played || []).map((p) => p.card ? beatCard(p.card, { note: p.face_up ? "face up" : "face down" }) : card({ top: "?", title: "a face-down card", kind: "beat back" }))),
      h("p", { class: "label" }, "Hand"), hand,
      Array.isArray(s.draw) ? [h("p", { class: "label" }, "Draw pile, next card first"),
        row(`${ctx.seatName(s.seat)}: draw pile`, s.draw.map((id) => beatCard(id, { kind: "beat drawn" })))] : null,
      stats([["draw pile", s.draw_count], ["needs to play", s.need]]));
  };
  const piles = view.piles || {};
  return h("div", { class: "table beat" },
    panel(`${venue.name || "Venue"}${venue.tier ? ` (${venue.tier})` : ""}`,
      h("p", {}, `Targets: ${targetText(venue.targets)}`),
      venue.rule ? h("p", { class: "muted" }, `Venue rule: ${venue.rule.text || words(venue.rule.id)}`) : null,
      stats([["round", view.round], ["phase", view.phase && words(view.phase)], ["songs left", view.song_deck?.count], ["encores left", view.encore_deck?.count], ["events left", view.event_deck?.count]])),
    panel("Now playing", (view.current || []).length ? (view.current || []).map(song) : h("p", { class: "muted" }, "No song on stage.")),
    panel("Piles", h("div", { class: "piles" }, Object.entries(piles).map(([name, songs]) =>
      h("div", { class: `pile ${name}` }, h("strong", {}, `${words(name)}: ${songs.length}`), " ",
        h("span", { class: "chips" }, songs.map((d) => h("span", { class: "chip" }, String(d)))))))),
    h("div", { class: "seats" }, [...(mine ? [mine] : []), ...(view.seats || []).filter((s) => s !== mine)].map(seatBox)),
    handSeats.length ? null : null,
    view.results?.length ? panel("Songs played", h("ol", { class: "results" }, view.results.map((r) =>
      h("li", {}, `difficulty ${r.difficulty}: sum ${r.sum}, ${words(r.result)}`)))) : null);
}

export function turn(view) {
  if (Number.isInteger(view.turn)) return [view.turn];
  return (view.seats || []).filter((s) => !s.ready && !s.locked && (s.need ?? 1) > 0 && (s.hand_count ?? 1) > 0).map((s) => s.seat);
}
