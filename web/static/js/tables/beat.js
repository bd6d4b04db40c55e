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
  return card({ top: String(value), sub: [icon, extra.sub].filter(Boolean).join(" · "), title: `Beat card ${cardText(id)}${extra.note ? `, ${extra.note}` : ""}`, kind: "beat", id, ...extra });
}

/** "5", "2 face up", "2 (Face Up) face down": how a card is played, said once. */
function playText(action) {
  if (!action.card) return Number.isInteger(action.hidden) ? `hidden card ${action.hidden + 1}` : "a card";
  const { value, icon } = parseCard(action.card);
  if (action.face_up) return `${value} face up`;
  return icon === "Face Up" ? `${value} (Face Up) face down` : cardText(action.card);
}

export function label(action) {
  const c = action.card ? cardText(action.card) : "";
  switch (action.type) {
    case "play": return `Play ${playText(action)}`;
    case "solo": return `Solo: add ${playText(action)}`;
    case "ready": return "Ready: done playing";
    case "solo_pass": return "Solo: play no card on this song";
    case "take_back": return "Take back my card";
    case "cue": return `Cue ${cardText(action.cue_card)} to tune ${c} ${action.direction}`;
    case "encore": return action.take === false || action.count === 0 ? "No Encore" : `Take ${action.count ?? 1} Encore${(action.count ?? 1) > 1 ? "s" : ""}`;
    default: return null;
  }
}

const PILE = { on_point: "On Point", loud: "Loud", fail: "Fail" };
const pileName = (p) => PILE[p] || words(p);
const songs = (n) => `${n} song${n === 1 ? "" : "s"}`;

/** A venue target as a sentence: "at least 3 songs". */
export function targetText(t) {
  if ("min" in t) return `at least ${songs(t.min)}`;
  if ("max" in t) return `at most ${songs(t.max)}`;
  if ("exact" in t) return `exactly ${songs(t.exact)}`;
  return "";
}

const met = (t, n) => ("min" in t ? n >= t.min : "max" in t ? n <= t.max : n === t.exact);

/** A venue's special rule in a sentence (written from the engine's reading of each rule). */
export function ruleText(rule) {
  const r = rule || {};
  switch (r.id) {
    case "last_song_loud": return "The last song must be Loud.";
    case "must_play_solo": return "The Solo must be played at least once.";
    case "encore_required": return "At least one Encore must be taken.";
    case "odd_songs_loud": return "The 1st, 3rd, 5th… songs must all be Loud.";
    case "turn_order": return "Seats play in turn from the lead; the lead moves on one seat each round.";
    case "first_songs_fail": return `The first ${songs(r.count)} must Fail.`;
    case "face_up_lock": return "A seat may play Face Up only once its own stage shows every value 1 to 5.";
    case "tuning_cues": return `A staged Cue card may tune a played card by up to ${r.delta}.`;
    case "full_range": return "The stages start empty, the Solo is random, and every stage must show every value 1 to 5 at the end.";
    case "play_all_songs": return "All twelve songs are played.";
    case "entropy_chain": return "Every On Point or Loud song adds an Encore by itself; running out of cards loses.";
    case "recycle": return "A Loud or Fail song goes under the song deck, uncounted; running out of cards loses.";
    case "medley": return "Two songs are played each round.";
    case "solo_pass": return "Every song must Fail; the Solo may instead be spent to play no card.";
    case "hidden_cards": return `${r.count} cards of each hand are hidden from their own player.`;
    case "no_loud_twice": return "A Loud song right after a Loud song counts as a Fail.";
    case "confiscate": return `${r.count} cards of each seat are confiscated.`;
    case "exact_total_songs": return `Exactly ${songs(r.total)} must be played in all.`;
    case "even_songs_on_point": return "Every song of even difficulty must be On Point.";
    case "margin_cap": return `A song played more than ${r.max} over its difficulty counts as a Fail.`;
    case "last_songs_on_point": return `The last ${songs(r.count)} must be On Point.`;
    case "two_events": return "Each song gets two events.";
    case "hidden_setlist": return "Song difficulties are hidden from all but the Solo player, who may play any card Face Up.";
    case "no_encores": return "No Encores here.";
    case "forced_staging": return "After each song every seat stages its highest card in hand.";
    case "visible_setlist": return "The setlist is public and played from lowest to highest; no song may be Loud.";
    default: return r.text || words(r.id || "");
  }
}

function song(s, i, view) {
  const played = (view.results || []).length;
  const total = view.setlist_total ?? view.venue?.songs;
  return h("div", { class: "song" },
    h("p", { class: "difficulty" }, h("strong", {}, `Song ${played + i + 1}${total ? ` of ${total}` : ""}: difficulty ${s.difficulty ?? "hidden"}`),
      s.difficulty !== undefined && s.difficulty !== null ? h("span", { class: "muted" }, ` (play exactly ${s.difficulty} for On Point, more for Loud)`) : null),
    h("ul", { class: "plain" }, (s.events || []).map((e) => h("li", {}, h("strong", {}, e.name || words(e.id)), e.text ? `: ${e.text}` : ""))));
}

export function render(view, ctx) {
  const venue = view.venue || {};
  const acting = new Set(turn(view));
  const mine = view.seats?.find((s) => Array.isArray(s.hand) && s.seat === (ctx.seat ?? view.you));
  const seatBox = (s) => {
    const playAction = (id) => ctx.find((a, seat) => seat === s.seat && (a.type === "play" || a.type === "solo") && a.card === id && !a.face_up);
    const hand = Array.isArray(s.hand) ? row(`${ctx.seatName(s.seat)}: hand`, s.hand.map((id) => {
      const sa = playAction(id);
      return beatCard(id, sa ? { onplay: () => ctx.act(sa), note: "play it" } : {});
    })) : h("p", { class: "muted" }, `${s.hand_count ?? "?"} cards in hand`);
    return h("section", { class: `area seat${s.seat === view.solo_seat ? " solo" : ""}${acting.has(s.seat) && !s.ready ? " to-act" : ""}`, "aria-label": ctx.seatName(s.seat) },
      h("h3", {}, ctx.seatName(s.seat), s.seat === view.solo_seat ? h("span", { class: "chip" }, view.solo_used ? "Solo (used)" : "Solo") : null,
        s.ready ? h("span", { class: "chip" }, "ready") : acting.has(s.seat) ? h("span", { class: "chip turn-chip" }, "to act") : null),
      h("p", { class: "label" }, "Stage"), row(`${ctx.seatName(s.seat)}: stage`, (s.stage || []).map((id) => beatCard(id, { kind: "beat staged" }))),
      h("p", { class: "label" }, "Played this round"),
      row(`${ctx.seatName(s.seat)}: played`, (s.played || []).map((p) => {
        const how = [p.face_up ? "face up" : "face down", p.solo ? "the Solo card" : ""].filter(Boolean).join(", ");
        return p.card ? beatCard(p.card, { note: how, sub: p.solo ? "Solo" : undefined }) : card({ top: "?", sub: p.solo ? "Solo" : "face down", title: `a face-down card${p.solo ? ", the Solo card" : ""}`, kind: "beat back" });
      })),
      h("p", { class: "label" }, "Hand"), hand,
      Array.isArray(s.draw) ? [h("p", { class: "label" }, "Draw pile, next card first"),
        row(`${ctx.seatName(s.seat)}: draw pile`, s.draw.map((id) => beatCard(id, { kind: "beat drawn" })))] : null,
      stats([["cards in hand", s.hand_count], ["draw pile", s.draw_count], ["cards still to play", Number.isInteger(s.need) ? Math.max(0, s.need - (s.played || []).filter((p) => !p.solo).length) : undefined], ["confiscated", s.confiscated_count || undefined], ["hidden from you", s.hidden_count || undefined]]));
  };
  const piles = view.piles || {};
  const targets = venue.targets || {};
  const pileNames = [...new Set([...Object.keys(targets), ...Object.keys(piles)])];
  return h("div", { class: "table beat" },
    panel(`${venue.name || "Venue"}${venue.tier ? ` (${venue.tier})` : ""}`,
      venue.rule ? h("p", { class: "venue-rule" }, h("strong", {}, "Venue rule: "), ruleText(venue.rule)) : null,
      stats([["round", view.round], ["phase", view.phase && words(view.phase)], ["songs left", view.song_deck?.count], ["Encores left", view.encore_deck?.count], ["Encores taken", view.encores_taken], ["events left", view.event_deck?.count]])),
    panel("Now playing", (view.current || []).length ? (view.current || []).map((x, i) => song(x, i, view)) : h("p", { class: "muted" }, "No song on stage.")),
    panel("Piles and targets", h("ul", { class: "plain piles" }, pileNames.map((name) => {
      const list = piles[name] || [];
      const t = targets[name];
      const ok = t ? met(t, list.length) : null;
      return h("li", { class: `pile ${name}`, dataset: { pile: name } },
        h("strong", {}, `${pileName(name)}: ${songs(list.length)}`),
        t ? h("span", { class: ok ? "target met" : "target" }, ` · target ${targetText(t)}${ok ? " ✓" : ""}`) : null, " ",
        list.length ? h("span", { class: "chips", "aria-label": `difficulties of the ${pileName(name)} songs` }, list.map((d) => h("span", { class: "chip" }, String(d)))) : null);
    }))),
    h("div", { class: "seats" }, [...(mine ? [mine] : []), ...(view.seats || []).filter((s) => s !== mine)].map(seatBox)),
    view.results?.length ? panel("Songs played", h("ol", { class: "results" }, view.results.map((r) =>
      h("li", {}, `difficulty ${r.difficulty}: played ${r.sum}, ${pileName(r.result)}`)))) : null);
}

export function turn(view) {
  if (Number.isInteger(view.turn)) return [view.turn];
  return (view.seats || []).filter((s) => !s.ready && !s.locked && (s.need ?? 1) > 0 && (s.hand_count ?? 1) > 0).map((s) => s.seat);
}
