// The Beat: the venue and its targets, the current song and its events, piles, stages and hand.
import { h, words } from "../dom.js";
import { items, load as loadCatalog } from "../catalog.js";
import { card, row } from "./cards.js";
import { panel, stats } from "./generic.js";

export function load() {
  return loadCatalog("beat", ["events"]);
}

/** An event's name from the catalog (its id in words when unknown). */
export function eventName(id) {
  const e = (items("beat", "events") || []).find((x) => x.id === id);
  return e?.name || words(id);
}

/** What a Cue or a Milkyway tune says about a played card: "> 2", "< 4", "tuned +1". */
export function cueText(p) {
  if (p?.cue) {
    const v = parseCard(p.cue.cue_card).value;
    return p.cue.direction === "higher" ? `> ${v}` : `< ${v}`;
  }
  if (p?.tune) return `tuned ${p.tune.delta > 0 ? "+" : ""}${p.tune.delta}`;
  return "";
}

/** The Cue in words for screen readers and the log: "higher than 2". */
export function cueWords(p) {
  if (p?.cue) {
    const v = parseCard(p.cue.cue_card).value;
    return `${p.cue.direction === "higher" ? "higher" : "lower"} than ${v}`;
  }
  if (p?.tune) return `tuned by ${p.tune.delta > 0 ? "+" : ""}${p.tune.delta}`;
  return "";
}

export const drawn = ["venue", "current", "piles", "counts", "seats", "results", "phase", "round", "song_deck", "encore_deck", "event_deck", "setlist_total", "encores_taken", "lead", "solo_seat", "solo_used", "turn", "mode", "players", "you", "last_round", "event_discard", "venue_result", "pending_encores", "tour"];

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

/** What each card icon does, for the card's text alternative and tooltip. */
export const ICONS = {
  "Encore": "if its song does not fail, its player may add one more song",
  "Face Up": "it may be played showing its value",
  "Cue": "once staged, it can tell the band whether a face-down card is higher or lower than its value",
};

function beatCard(id, extra = {}) {
  const { value, icon } = parseCard(id);
  const meaning = icon && ICONS[icon] ? ` (${icon}: ${ICONS[icon]})` : "";
  return card({ top: String(value), sub: [icon, extra.sub].filter(Boolean).join(" · "), title: `Beat card ${value}${meaning}${extra.note ? `, ${extra.note}` : ""}`, kind: "beat", id, corner: value, ...extra });
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
    // a Cue rotates a staged Cue card to say the face-down card is above or below it
    case "cue": return `Cue: my face-down ${c} is ${action.direction} than ${parseCard(action.cue_card).value}`;
    // Milkyway: the staged Cue card tunes one's own played card instead
    case "tune": return `Tune my ${c} by ${action.delta > 0 ? "+" : ""}${action.delta} (turning my staged ${cardText(action.cue_card)})`;
    case "encore": return action.take === false || action.count === 0 ? "No Encore" : `Take ${action.count ?? 1} Encore${(action.count ?? 1) > 1 ? "s" : ""}`;
    default: return null;
  }
}

const PHASES = { play: "playing", encore: "Encore decisions", over: "over", tour_choice: "tour decision" };
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

/** The number of the first song on stage: once revealed (Encore decisions) it is already in the results. */
export function firstSongNumber(view) {
  const played = (view.results || []).length;
  const current = (view.current || []).length;
  return view.phase === "play" ? played + 1 : Math.max(1, played - current + 1);
}

function song(s, i, view) {
  const total = view.setlist_total ?? view.venue?.songs;
  const n = firstSongNumber(view) + i;
  return h("div", { class: "song" },
    h("p", { class: "difficulty" }, h("strong", { class: "song-number" }, `Song ${n}${total ? ` of ${total}` : ""}: difficulty ${s.difficulty ?? "hidden"}`),
      s.difficulty !== undefined && s.difficulty !== null ? h("span", { class: "muted" }, ` (play exactly ${s.difficulty} for On Point, more for Loud)`) : null),
    h("ul", { class: "plain" }, (s.events || []).map((e) => h("li", {}, h("strong", {}, e.name || words(e.id)), e.text ? `: ${e.text}` : ""))));
}

/** One played card as its seat's bandmates see it: face down ("?") with its Cue, or its value. */
function playedCard(p) {
  const cue = cueText(p);
  const how = [p.face_up ? "Face Up" : "face down", p.solo ? "Solo" : "", cue].filter(Boolean);
  const says = [p.face_up ? "played Face Up" : "played face down", p.solo ? "the Solo card" : "", cue ? `Cue: ${cueWords(p)}` : ""].filter(Boolean).join(", ");
  if (p.card) return beatCard(p.card, { note: says, sub: how.join(" · "), kind: `beat${p.face_up ? " face-up" : ""}${cue ? " cued" : ""}` });
  // a bandmate's face-down card shows its Cue where the value would be
  return card({ top: cue || "?", sub: how.filter((x) => x !== cue).concat(cue ? ["Cue"] : []).join(" · "), title: `a face-down card, ${says}`, kind: `beat back${cue ? " cued" : ""}` });
}

/** Reveals already animated on this page: a redraw of the same reveal stays still. */
const revealsShown = new Set();

const RESULT_CLASS = { on_point: "on_point", loud: "loud", fail: "fail" };

/** The last reveal: each seat's card, what the events did to the total, against the difficulty. */
function reveal(view, ctx) {
  const last = view.last_round;
  if (!last?.songs?.length) return null;
  const key = `${view.id}:${last.round}`;
  const animate = !revealsShown.has(key);
  revealsShown.add(key);
  const fresh = last.round === view.round && view.phase !== "play";
  return panel(fresh ? `Reveal of round ${last.round}` : `Last reveal (round ${last.round})`,
    last.songs.map((r, i) => {
      const cards = (r.cards || []).map((id) => ({ id, ...parseCard(id) }));
      const printed = cards.reduce((t, c) => t + (Number(c.value) || 0), 0);
      const delta = r.sum - printed;
      const broken = (r.broken || []).map((b) => eventName(String(b).split(":")[0]));
      return h("div", { class: `reveal${animate ? " animate" : ""}`, dataset: { result: r.result } },
        h("ul", { class: "plain reveal-cards", "aria-label": "Cards revealed" }, cards.map((c, k) =>
          h("li", { style: `--i:${k}` }, h("span", { class: "who" }, ctx.seatName(c.seat)), " ", beatCard(c.id, { kind: "beat revealed" })))),
        h("p", { class: "reveal-sum" },
          `Printed total ${printed}`,
          delta ? `, events ${delta > 0 ? "+" : ""}${delta}` : "",
          ` → ${r.sum} against difficulty ${r.difficulty ?? "hidden"}: `,
          h("strong", { class: `result ${RESULT_CLASS[r.result] || ""}` }, pileName(r.result)),
          r.recycled ? " (back under the song deck, not counted)" : ""),
        broken.length ? h("p", { class: "muted" }, `Broken: ${broken.join(", ")} (the song counts as a Fail).`) : null,
        (r.events || []).length ? h("p", { class: "muted" }, `Event${r.events.length > 1 ? "s" : ""}: ${r.events.map(eventName).join(", ")}`) : null,
        i < last.songs.length - 1 ? h("hr") : null);
    }));
}

const REASONS = {
  too_many_fails: "too many songs failed",
  final_check: "every song was played",
  entropy_complete: "every target was reached",
  no_cards_left: "the band ran out of cards",
};

/** Why the venue ended, in words. */
export function reasonText(reason) {
  return REASONS[reason] || words(reason || "");
}

export function render(view, ctx) {
  const venue = view.venue || {};
  const over = view.status === "finished" || view.phase === "over";
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
        s.ready && !over ? h("span", { class: "chip" }, "ready") : acting.has(s.seat) ? h("span", { class: "chip turn-chip" }, "to act") : null),
      h("p", { class: "label" }, "Stage"), row(`${ctx.seatName(s.seat)}: stage`, (s.stage || []).map((id) => beatCard(id, { kind: "beat staged" }))),
      h("p", { class: "label" }, "Played this round"),
      row(`${ctx.seatName(s.seat)}: played`, (s.played || []).map(playedCard)),
      h("p", { class: "label" }, "Hand"), hand,
      Array.isArray(s.draw) ? [h("p", { class: "label" }, "Draw pile, next card first"),
        row(`${ctx.seatName(s.seat)}: draw pile`, s.draw.map((id) => beatCard(id, { kind: "beat drawn" })))] : null,
      stats([["cards in hand", s.hand_count], ["draw pile", s.draw_count], ["cards still to play", Number.isInteger(s.need) && !over ? Math.max(0, s.need - (s.played || []).filter((p) => !p.solo).length) : undefined], ["confiscated", s.confiscated_count || undefined], ["hidden from you", s.hidden_count || undefined]]));
  };
  const piles = view.piles || {};
  const targets = venue.targets || {};
  const pileNames = [...new Set([...Object.keys(targets), ...Object.keys(piles)])];
  return h("div", { class: "table beat" },
    panel(`${venue.name || "Venue"}${venue.tier ? ` (${venue.tier})` : ""}`,
      venue.rule ? h("p", { class: "venue-rule" }, h("strong", {}, "Venue rule: "), ruleText(venue.rule)) : null,
      view.tour ? h("p", { class: "muted" }, `A tour: venue ${view.tour.index + 1} of ${(view.tour.venues || []).length}, attempt ${view.tour.attempt}.`) : null,
      stats([["round", view.round], ["phase", view.phase && (PHASES[view.phase] || words(view.phase))], ["songs left", view.song_deck?.count], ["Encores left", view.encore_deck?.count], ["Encores taken", view.encores_taken], ["events left", view.event_deck?.count]])),
    over ? panel("The venue is over", h("p", { class: "venue-over" }, view.venue_result
      ? `${view.venue_result.won ? "The band won" : "The band lost"} ${venue.name || "the venue"}: ${reasonText(view.venue_result.reason)}.`
      : "No more songs.")) : panel("Now playing", (view.current || []).length ? (view.current || []).map((x, i) => song(x, i, view)) : h("p", { class: "muted" }, "No song on stage.")),
    reveal(view, ctx),
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
  if (view.status === "finished" || view.phase === "over") return [];
  if (view.phase === "encore") return (view.pending_encores || []).slice(0, 1).map((p) => p.seat);
  if (Number.isInteger(view.turn)) return [view.turn];
  return (view.seats || []).filter((s) => !s.ready && !s.locked && (s.need ?? 1) > 0 && (s.hand_count ?? 1) > 0).map((s) => s.seat);
}

/** "3 face down", "a card face down", "2 Face Up", with "as the Solo". */
function playWords(p) {
  const what = p.card ? `${parseCard(p.card).value}` : "a card";
  return `${what} ${p.face_up ? "Face Up" : "face down"}${p.solo ? " as the Solo" : ""}`;
}

/** What happened between two views of the same seat, in plain lines (see story.js). */
export function story(prev, next, { who }) {
  const lines = [];
  const sameRound = prev.round === next.round;
  // every song revealed since the last read (several when reads were far apart)
  const revealed = (next.results || []).slice((prev.results || []).length);
  if (revealed.length) {
    for (const r of revealed) {
      const cards = (r.cards || []).map(parseCard);
      const printed = cards.reduce((t, c) => t + (Number(c.value) || 0), 0);
      const delta = r.sum - printed;
      const played = cards.length ? cards.map((c) => `${who(c.seat)} ${c.value}`).join(", ") : "no cards";
      lines.push(`Reveal: ${played}; total ${r.sum}${delta ? ` (events ${delta > 0 ? "+" : ""}${delta})` : ""} against difficulty ${r.difficulty ?? "hidden"}: ${pileName(r.result)}.`);
    }
  }
  for (const s of next.seats || []) {
    const before = (prev.seats || []).find((x) => x.seat === s.seat) || {};
    const was = sameRound ? before.played || [] : [];
    const now = s.played || [];
    if (now.length < was.length) lines.push(`${who(s.seat)} took back ${was.length - now.length === 1 ? "a card" : "their cards"}.`);
    now.forEach((p, k) => {
      const old = now.length < was.length ? undefined : was[k];
      if (!old) lines.push(`${who(s.seat)} played ${playWords(p)}.`);
      if (p.cue && !old?.cue) lines.push(`${who(s.seat)} gave a Cue: the face-down card is ${cueWords(p)}.`);
      if (p.tune && !old?.tune) lines.push(`${who(s.seat)} tuned the played card by ${p.tune.delta > 0 ? "+" : ""}${p.tune.delta}.`);
    });
    if (sameRound && s.ready && !before.ready && next.phase === "play") lines.push(`${who(s.seat)} ${who(s.seat) === "You" ? "are" : "is"} done playing.`);
  }
  const taken = (next.encores_taken ?? 0) - (prev.encores_taken ?? 0);
  const pending = prev.pending_encores || [];
  const decided = pending.length - (next.phase === "encore" && sameRound ? (next.pending_encores || []).length : 0);
  if (decided === 1) lines.push(`${who(pending[0].seat)} ${taken > 0 ? "took an Encore: one more song" : "passed on the Encore"}.`);
  else if (taken > 0) lines.push(`${taken} Encore${taken > 1 ? "s" : ""} added: more songs.`);
  if (next.round > prev.round && next.phase === "play") {
    const songsNow = (next.current || []).map((c) => `difficulty ${c.difficulty ?? "hidden"}${(c.events || []).length ? `, event ${c.events.map((e) => e.name || eventName(e.id)).join(" and ")}` : ""}`);
    lines.push(`Round ${next.round}: ${songsNow.join("; ") || "no song"}.`);
  }
  if (next.venue_result && !prev.venue_result) {
    lines.push(`${next.venue_result.won ? "The band won the venue" : "The band lost the venue"}: ${reasonText(next.venue_result.reason)}.`);
  }
  return lines;
}

/** Why the venue ended, for the game-over banner. */
export function endText(o, view) {
  const venue = view.venue?.name || "the venue";
  const counts = o.counts ? ` Songs: ${["on_point", "loud", "fail"].map((k) => `${pileName(k)} ${o.counts[k] ?? 0}`).join(", ")}.` : "";
  const others = (o.failures || []).filter((f) => f !== o.reason).map(reasonText);
  return `${o.won ? "The band won" : "The band lost"} ${venue}: ${reasonText(o.reason)}${others.length ? `; also ${others.join(", ")}` : ""}.${counts}`;
}
