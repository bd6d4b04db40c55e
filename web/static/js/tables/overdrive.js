// Overdrive: every board space (what it needs, what it does, who is on it or that it is
// blocked), each band's dice, tracks, abilities, Hits and Distortions, the markets and awards.
// Names and effects come from the public catalog; the view says who holds and occupies what.
import { h, show, words } from "../dom.js";
import { items, load as loadCatalog } from "../catalog.js";
import { card, row } from "./cards.js";
import { panel, stats, value } from "./generic.js";

export const drawn = ["seats", "occupied", "blocked", "hit_market", "hit_owned", "distortion_market", "round", "schedule", "phase", "to_act", "battle", "metallum", "mode", "difficulty", "players", "hit_deck_size", "distortion_deck_size", "distortion_cost", "awards_free", "order", "first", "variants", "live_vp"];

const SECTIONS = ["spaces", "hits", "distortions", "awards", "bands"];

export function load() {
  return loadCatalog("overdrive", SECTIONS);
}

const byKey = (name, key = "id") => new Map((items("overdrive", name) || []).map((x) => [String(x[key]), x]));

const FACE = { skull: "Skull", chord: "Chord", horns: "Horns Up", influence: "Influence", any: "Any" };
export const face = (f) => FACE[f] || words(f);
const TRACK = { fans: "Fans", fame: "Fame", grana: "Grana", overdrive: "Overdrive" };
const track = (t) => TRACK[t] || words(t);

export function hitName(id) {
  return byKey("hits").get(String(id))?.name || words(id);
}

export function spaceName(key) {
  const k = String(key);
  if (k.startsWith("hit:")) return `Hit ${hitName(k.slice(4))}`;
  if (k.startsWith("exclusive:")) return `${words(k.slice(10))} (band space)`;
  const w = words(k);
  return w.charAt(0).toUpperCase() + w.slice(1);
}

/** {fans: 1, grana: 2} -> "+1 Fans, +2 Grana". */
export function gains(g) {
  return Object.entries(g || {}).map(([t, n]) => `${n >= 0 ? "+" : ""}${n} ${track(t)}`).join(", ");
}

/** What a space, Distortion or ability does, in a short sentence. */
export function effectText(e) {
  if (!e) return "";
  const faces = (fs) => (fs || []).map(face).join(" or ");
  switch (e.kind) {
    case "gain": return gains(e.gain);
    case "choose_track": return `+${e.amount ?? 1} on your choice of ${(e.tracks || []).map(track).join(", ")}`;
    case "change_face": return e.faces ? `Turn a die to ${faces(e.faces)}` : `Turn a ${e.from === "any" ? "die" : `${face(e.from)} die`} to ${face(e.to)}`;
    case "borrow": return "Use a rival's die on the board as one of yours";
    case "extra_die": return "Gain an extra die";
    case "clear_space": return "Clear the dice off a board space";
    case "intimidate": return `${gains(e.gain)}; a rival loses ${Object.entries(e.opponent_loses || {}).map(([t, n]) => `${n} ${track(t)}`).join(", ")}`;
    case "skull_to": return "Turn a Skull die to any other face";
    case "skulls_wild": return "Your Skulls count as any face this turn";
    case "set_faces": return `Set up to ${e.n} ${e.n === 1 ? "die" : "dice"} to faces you choose`;
    case "all_to": return `Turn all your free dice to ${face(e.face)}`;
    case "convert": return `Turn your ${face(e.from)} dice to ${face(e.to)}`;
    case "swap": return "Turn a die to Horns Up or Influence";
    case "protect": return "Protect a die in the Battle of Bands";
    case "reroll": case "reroll_free": return "Reroll dice for free";
    case "bonus_on_gain": return `+${e.amount} ${track(e.attr)} whenever you gain ${track(e.attr)}`;
    case "trade": return `Trade ${gains(e.lose).replace(/\+/g, "")} for ${gains(e.gain)}`;
    case "score": return `At the end: 1 VP per ${e.per} ${(e.tracks || []).map(track).join(" and ")} (at most ${e.max})`;
    case "spare_faces": return `${e.uses ?? ""} spare ${face(e.face)} face${e.uses > 1 ? "s" : ""}`.trim();
    case "copy": return `Copy another band's level ${String(e.level).toUpperCase()} ability`;
    case "gain_trigger": case "per_level_gain": return `${gains(e.gain)} when ${words(e.when || "")}`;
    case "exclusive_space": return `A space of your own: ${(e.slots || []).map(face).join(" + ")} gives ${gains(e.gain)}`;
    default: return words(e.kind || "");
  }
}

const slotsText = (slots) => (slots || []).map(face).join(" + ");

/** A Hit's ways to play it; a cancelled slot (chosen by its buyer) is struck out as "(X cancelled)". */
function hitModes(hit, cancel = null) {
  return (hit?.modes || []).map((m, k) => {
    const slots = (m.slots || []).map((f, j) => (cancel && cancel[0] === k && cancel[1] === j ? `(${face(f)} cancelled)` : face(f)));
    return `${slots.join(" + ")} → ${gains(m.gain)}`;
  }).join("; or ");
}

function hitCard(id, extra = {}) {
  const hit = byKey("hits").get(String(id));
  const name = hitName(id);
  const what = hit ? `costs ${hit.cost} Grana, ${face(hit.symbol)} symbol; ${hitModes(hit, extra.cancel)}` : "";
  return card({ top: name, sub: hit ? `$${hit.cost} · ${hitModes(hit, extra.cancel)}` : "", title: `Hit ${name}${what ? `: ${what}` : ""}${extra.note ? `, ${extra.note}` : ""}`, kind: "hit", id: String(id), ...extra });
}

function distortionCard(no, extra = {}) {
  const d = byKey("distortions", "number").get(String(no));
  const what = d ? effectText(d.effect) : "";
  return card({ top: `#${show(no)}`, sub: what, title: `Distortion ${show(no)}${d ? ` (${face(d.symbol)}): ${what}` : ""}`, kind: "distortion", id: String(no), ...extra });
}

function abilityOf(view, seat, level) {
  const b = byKey("bands").get(String(view?.seats?.[seat]?.band));
  return b ? b[level] : null;
}

const spaceByKey = (key) => byKey("spaces").get(String(key));

/** The acting band's dice (the view of the seat to act). */
function actingDice(view) {
  const seat = Array.isArray(view?.to_act) ? view.to_act[0] : view?.seat;
  const s = (view?.seats || [])[seat] || (view?.seats || []).find((x) => x.seat === seat);
  return s?.dice || [];
}

/** "die 2 (Skull)": a die by its number and the face it shows. */
function dieText(view, i) {
  const d = actingDice(view)[i];
  const f = d ? face(d.face ?? d) : "";
  return `die ${i + 1}${f ? ` (${f})` : ""}`;
}

export function label(action, view) {
  const dice = Array.isArray(action.dice) ? `${action.dice.length > 1 ? "dice " : ""}${action.dice.map((d) => (action.dice.length > 1 ? dieText(view, d).replace(/^die /, "") : dieText(view, d))).join(", ")}` : "";
  switch (action.type) {
    case "place": {
      const space = spaceByKey(action.space);
      const change = Number.isInteger(action.die) ? `, turning ${dieText(view, action.die)} to ${face(action.face)}` : "";
      const gain = space?.effect ? ` for ${effectText(space.effect)}` : space?.gain ? ` for ${gains(space.gain)}` : "";
      const cost = space?.grana_cost ? ` (costs ${space.grana_cost} Grana)` : "";
      return `Place ${dice} on ${spaceName(action.space)}${change}${gain}${cost}`;
    }
    case "reroll": return `Reroll ${dice} (1 Grana)`;
    case "set_face": return `Set ${dieText(view, action.die)} to ${face(action.face)} (5 Grana)`;
    case "end_turn": return "End my turn";
    case "pass": return "Pass";
    case "play_distortion": {
      const d = byKey("distortions", "number").get(String(action.card));
      return `Play Distortion #${action.card}${d ? `: ${effectText(d.effect)}` : ""}${dice ? ` (${dice})` : ""}`;
    }
    case "attack": return `Attack ${Number.isInteger(action.target) ? `seat ${action.target}` : words(action.target)}'s ${face(action.face)} die`;
    case "protect": return `Protect battle die ${action.die + 1}${action.source ? ` (${action.source === "shield" ? "Fame shield" : `Distortion #${action.source}`})` : ""}`;
    case "end_protect": return "Done protecting";
    case "choose_loss": return `Lose a ${face(action.face)} die`;
    case "buy_hit": {
      if (!action.card) return null;
      const [m, slot] = Array.isArray(action.cancel) ? action.cancel : [];
      const cancelled = Number.isInteger(slot) ? byKey("hits").get(String(action.card))?.modes?.[m]?.slots?.[slot] : null;
      const price = byKey("hits").get(String(action.card))?.cost;
      return `Buy Hit ${hitName(action.card)}${price ? ` (${price} Grana)` : ""}${Number.isInteger(slot) ? `, cancelling slot ${slot + 1}${cancelled ? ` (${face(cancelled)})` : ""}${m ? ` of way ${m + 1}` : ""}` : ""}`;
    }
    case "buy_distortion": return `Buy Distortion #${action.card}${view?.distortion_cost ? ` (${view.distortion_cost} Grana)` : ""}`;
    case "buy_die": return "Buy an extra die (10 Grana)";
    case "raise": return `Raise ${track(action.attr)} one level (10 Grana)`;
    case "claim_award": return `Claim the ${words(action.award)} award`;
    case "copy": return `Copy ${byKey("bands").get(String(action.band))?.name || words(action.band)}'s level ${String(action.level).toUpperCase()} ability`;
    case "ability": {
      const seat = Array.isArray(view?.to_act) ? view.to_act[0] : view?.seat;
      const ab = abilityOf(view, seat, action.level);
      const what = [Number.isInteger(action.die) ? `die ${action.die + 1}` : "", action.target ? `on ${spaceName(action.target)}` : "",
        action.borrow ? `borrow seat ${action.borrow.seat}'s ${face(action.borrow.face)}` : "", dice].filter(Boolean).join(", ");
      return `Ability ${String(action.level).toUpperCase()}${ab ? ` (${effectText(ab)})` : ""}${what ? `: ${what}` : ""}`;
    }
    default: return null;
  }
}

function die(d, i) {
  const f = face(d.face ?? d);
  const where = d.placed ? `on ${spaceName(d.placed)}` : d.borrowed ? "borrowed" : "free";
  return card({ top: f, sub: d.placed ? where : `die ${i + 1}`, title: `die ${i + 1}: ${f}, ${where}`, kind: `die${d.placed ? " placed" : ""}` });
}

function who(view, ctx, list) {
  return (list || []).map((o) => `${ctx.seatName(o.seat)}: ${(o.faces || []).map(face).join(", ")}`).join("; ");
}

/** One board space as a list item: name, state, needs, does, who is on it. */
function spaceItem(view, ctx, key, info) {
  const blocked = (view.blocked || []).includes(key);
  const on = view.occupied?.[key] || [];
  const cap = key.startsWith("hit:") ? 1 : info?.capacity ?? 1;
  const full = cap !== 0 && on.length >= cap;
  const state = blocked ? "Blocked" : full ? "Full" : on.length ? "Room left" : "Free";
  const room = cap === 0 ? "any number of bands" : cap === 1 ? "one band" : `${cap} bands`;
  return h("li", { class: `space ${blocked ? "blocked" : full ? "full" : "free"}`, dataset: { space: key } },
    h("div", { class: "space-head" }, h("strong", {}, spaceName(key)), " ", h("span", { class: "chip state" }, state)),
    info ? h("p", { class: "space-does" }, `${effectText(info.effect)}${info.grana_cost ? ` (costs ${info.grana_cost} Grana)` : ""}`) : null,
    info ? h("p", { class: "muted space-needs" }, `Needs ${slotsText(info.slots)} · room for ${room}${info.min_players ? ` · ${info.min_players}+ players` : ""}`) : null,
    on.length ? h("p", { class: "space-who" }, who(view, ctx, on)) : null);
}

/** Metallum, the rival band of solo and coop games: its tracks, Hits by name, award, symbols. */
function metallumPanel(m) {
  return [
    stats([["Fans", m.fans], ["Fame", m.fame], ["Grana", m.grana], ["Overdrive", m.overdrive], ["award", m.award ? words(m.award) : "none yet"], ["Distortions in hand", m.hand_size]]),
    h("p", { class: "label" }, "Hits"), row("Metallum: Hits", (m.hits || []).map((x) => hitCard(x))),
    (m.symbols || []).length ? h("p", {}, `Symbols: ${m.symbols.map(face).join(", ")}`) : null,
  ];
}

const PARTS = [["fans", "Fans"], ["fame", "Fame"], ["overdrive", "Overdrive level"], ["abilities", "abilities"], ["hits", "Hits"], ["award", "award"], ["symbols", "symbols"]];

/** The VP each band (and Metallum) would score if the game ended now, with its parts. */
function scorePanel(view, ctx) {
  const live = view.live_vp || {};
  const name = (k) => (k === "metallum" ? "Metallum" : ctx.seatName(Number(k)));
  const keys = Object.keys(live);
  if (!keys.length) return null;
  const bands = keys.filter((k) => k !== "metallum");
  const mine = bands.length ? Math.floor(bands.reduce((t, k) => t + (live[k].total || 0), 0) / bands.length) : 0;
  const lead = live.metallum
    ? h("p", { class: "score-line" }, h("strong", {}, `${bands.length > 1 ? "Your bands" : name(bands[0])} ${mine} VP`), " against ",
      h("strong", {}, `Metallum ${live.metallum.total} VP`), ` · ${mine > live.metallum.total ? "you are ahead" : mine === live.metallum.total ? "level (a tie goes to Metallum)" : "Metallum is ahead"}`)
    : null;
  return panel("Score now",
    lead,
    h("ul", { class: "plain scores-now" }, keys.map((k) => h("li", { dataset: { who: k } },
      h("strong", {}, `${name(k)}: ${live[k].total} VP`), " = ",
      PARTS.filter(([p]) => live[k][p]).map(([p, t]) => `${live[k][p]} ${t}`).join(" + ") || "nothing yet",
      live[k].hidden ? h("span", { class: "muted" }, ` (${live[k].hidden} Distortion${live[k].hidden === 1 ? "" : "s"} in hand not counted)`) : null))),
    h("p", { class: "muted" }, "What each band would score if the game ended now."));
}

function band(view, s, i, ctx, acting) {
  const b = byKey("bands").get(String(s.band));
  const abilities = b ? ["a", "b", "c"].map((lvl) => {
    const open = (s.unlocked || []).includes(lvl);
    return h("li", { class: open ? "" : "muted" }, h("strong", {}, `${lvl.toUpperCase()}${open ? "" : " (locked)"}: `), effectText(b[lvl]));
  }) : [];
  return h("section", { class: `area seat${acting ? " to-act" : ""}`, "aria-label": ctx.seatName(i) },
    h("h3", {}, `${ctx.seatName(i)} · ${b?.name || words(s.band || "band")}`, acting ? h("span", { class: "chip turn-chip" }, "to act") : null),
    h("div", { class: "tracks" }, ["fans", "fame", "grana", "overdrive"].map((t) =>
      h("div", { class: "track" }, h("span", {}, track(t)), h("meter", { min: 0, max: t === "overdrive" ? 10 : 40, value: s[t] ?? 0, "aria-label": `${track(t)} ${s[t]}` }), h("strong", {}, show(s[t]))))),
    h("p", { class: "label" }, "Dice"), row(`${ctx.seatName(i)}: dice`, (s.dice || []).map(die)),
    h("p", { class: "label" }, "Hits"), row(`${ctx.seatName(i)}: Hits`, (s.hits || []).map((x) => {
      const on = view.occupied?.[`hit:${x}`];
      const cancel = view.hit_owned?.[x]?.cancel || null;
      return hitCard(x, { cancel, ...(on?.length ? { note: `played with ${who(view, ctx, on)}` } : {}) });
    })),
    Array.isArray(s.hand) ? [h("p", { class: "label" }, "Distortions in hand"), row(`${ctx.seatName(i)}: Distortions`, s.hand.map((x) => distortionCard(x)))]
      : Number.isInteger(s.hand_size) ? h("p", { class: "muted" }, `${s.hand_size} Distortion${s.hand_size === 1 ? "" : "s"} in hand`) : null,
    (s.used || []).length ? [h("p", { class: "label" }, "Distortions played"), row(`${ctx.seatName(i)}: Distortions played`, s.used.map((x) => distortionCard(x)))] : null,
    abilities.length ? [h("p", { class: "label" }, "Abilities (unlock at Overdrive 1, 3, 6)"), h("ul", { class: "plain abilities" }, abilities)] : null,
    stats([["award", s.award ? words(s.award) : "none yet"]]));
}

const STEP = { shield: "bands protect dice", attack: "bands attack in battle order", choice: "a band chooses which die it loses" };

/** The Battle of Bands: each band's battle dice (protected ones marked), order and step. */
function battlePanel(view, ctx) {
  const b = view.battle;
  const name = (k) => (/^\d+$/.test(k) ? ctx.seatName(Number(k)) : words(k));
  return panel(b.final ? "Final Battle of Bands" : "Battle of Bands",
    stats([["step", STEP[b.step] || words(b.step || "")], ["order", (b.order || []).map((s) => name(String(s))).join(" → ")]]),
    Object.entries(b.dice || {}).map(([k, list]) => [h("p", { class: "label" }, `${name(k)}: battle dice`),
      row(`${name(k)}: battle dice`, list.map((d, i) => card({ top: face(d.face ?? d), sub: d.protected ? "protected" : `die ${i + 1}`, title: `battle die ${i + 1}: ${face(d.face ?? d)}${d.protected ? ", protected" : ""}`, kind: `die${d.protected ? " selected" : ""}` })))]),
    b.choice ? h("p", {}, `${name(String(b.choice.seat ?? ""))} must lose one of: ${(b.choice.faces || []).map(face).join(", ")}`) : null);
}

export function render(view, ctx) {
  const spaces = items("overdrive", "spaces") || [];
  const known = new Set(spaces.map((sp) => sp.id));
  // spaces the catalog does not list (a band's own space) still show with their occupants
  const others = [...Object.keys(view.occupied || {}), ...(view.blocked || [])].filter((k) => !known.has(k) && !k.startsWith("hit:"));
  const acting = new Set(turn(view));
  const awards = byKey("awards");
  return h("div", { class: "table overdrive" },
    panel("Show", stats([["mode", view.mode], ["round", `${view.round} of ${(view.schedule || []).length}`], ["phase", view.phase && words(view.phase)], ["difficulty", view.difficulty]])),
    scorePanel(view, ctx),
    view.battle ? battlePanel(view, ctx) : null,
    panel("Board", h("ul", { class: "plain spaces", "aria-label": "Board spaces" },
      spaces.map((sp) => spaceItem(view, ctx, sp.id, sp)),
      [...new Set(others)].map((k) => spaceItem(view, ctx, k, null)))),
    panel("Hits for sale", row("Hit market", (view.hit_market || []).map((x) => hitCard(x))),
      stats([["Hits left in the deck", view.hit_deck_size]])),
    panel("Distortions for sale", row("Distortion market", (view.distortion_market || []).map((x) => distortionCard(x))),
      stats([["cost", view.distortion_cost === undefined ? undefined : `${view.distortion_cost} Grana`], ["left in the deck", view.distortion_deck_size]])),
    (view.awards_free || []).length ? panel("Awards still free", h("ul", { class: "plain" }, view.awards_free.map((a) => {
      const aw = awards.get(String(a));
      return h("li", {}, h("strong", {}, words(a)), aw ? `: reach ${aw.fans} Fans and ${aw.fame} Fame for ${aw.vp} VP` : "");
    }))) : null,
    view.metallum ? panel("Metallum", metallumPanel(view.metallum)) : null,
    h("div", { class: "seats" }, (view.seats || []).map((s, i) => band(view, s, i, ctx, acting.has(i)))));
}

export function turn(view) {
  return Array.isArray(view.to_act) ? view.to_act : Number.isInteger(view.to_act) ? [view.to_act] : [];
}

/**
 * A rules event as a story line, or null when the mover's own action label already says it.
 * ``who`` names a seat; Metallum, the solo rival, is not a seat.
 */
export function eventText(ev, who, mover) {
  const W = (x) => (x === "metallum" ? "Metallum" : Number.isInteger(Number(x)) ? who(Number(x)) : words(x));
  const faces = (fs) => (fs || []).map(face).join(", ");
  switch (ev.type) {
    case "metallum_roll": return `Metallum rolled ${faces(ev.faces)}.`;
    case "hit_bought": return `${W(ev.who)} bought the Hit ${hitName(ev.card)} for ${ev.cost} Grana.`;
    case "distortion_bought": return `${W(ev.who)} bought a Distortion for ${ev.cost} Grana.`;
    case "round": return `Round ${ev.round} begins.`;
    case "turn": return `${W(ev.seat)} rolled ${faces(ev.faces)}.`;
    case "battle": return `Battle of the Bands${ev.final ? " (the final one)" : ""}: ${Object.entries(ev.dice || {}).map(([k, fs]) => `${W(k)} ${faces(fs)}`).join("; ")}.`;
    case "attack": return `${W(ev.by)} attacked ${W(ev.target)} with a ${face(ev.face)}.`;
    case "award": return `${W(ev.who)} took the ${words(ev.award)} award${ev.returned ? ` (the ${words(ev.returned)} award went back)` : ""}.`;
    case "gain": return Object.keys(ev.gains || {}).length ? `${W(ev.who)} gained ${gains(ev.gains)}.` : null;
    case "final_symbols": return `${W(ev.who)} scored the symbols ${faces(ev.faces)}.`;
    case "game_over": return "The game is over.";
    default: return ev.seat === mover ? null : undefined;
  }
}

/** Why the game ended, for the game-over banner. */
export function endText(o) {
  const base = "The Final Battle of round 8 ended the game.";
  if (o.scores && "metallum" in o.scores) return `${base} Your band scored ${o.band_score ?? o.scores["0"]} VP against Metallum's ${o.scores.metallum}.`;
  return base;
}

/** Changes of tracks, e.g. "+2 Fans, −3 Grana" ("" when none moved). */
function trackChanges(a, b, keys) {
  return keys.filter((t) => (b?.[t] ?? 0) !== (a?.[t] ?? 0)).map((t) => {
    const n = (b[t] ?? 0) - (a?.[t] ?? 0);
    return `${n > 0 ? "+" : "−"}${Math.abs(n)} ${track(t)}`;
  }).join(", ");
}

/**
 * Another seat's move in words, from what its part of the two views shows: the dice it put
 * on spaces (with their faces), Hits and Distortions it took or played, its tracks, award
 * and abilities. Hidden cards stay hidden: a Distortion drawn is "a Distortion".
 */
export function moveText(prev, next, seat, who) {
  const a = prev.seats?.[seat] || {};
  const b = next.seats?.[seat] || {};
  const name = who(seat);
  const lines = [];
  for (const [key, list] of Object.entries(next.occupied || {})) {
    const before = (prev.occupied?.[key] || []).filter((o) => o.seat === seat).flatMap((o) => o.faces || []);
    const now = (list || []).filter((o) => o.seat === seat).flatMap((o) => o.faces || []);
    if (now.length > before.length) {
      const added = [...now];
      for (const f of before) added.splice(added.indexOf(f), 1);
      lines.push(`${name} placed ${added.map(face).join(" + ")} on ${spaceName(key)}.`);
    }
  }
  const hits = (b.hits || []).filter((x) => !(a.hits || []).includes(x));
  if (hits.length) lines.push(`${name} took the Hit${hits.length > 1 ? "s" : ""} ${hits.map(hitName).join(", ")}.`);
  const played = (b.used || []).filter((x) => !(a.used || []).includes(x));
  for (const no of played) {
    const d = byKey("distortions", "number").get(String(no));
    lines.push(`${name} played Distortion #${no}${d ? ` (${effectText(d.effect)})` : ""}.`);
  }
  const drawnCards = (b.hand_size ?? 0) - (a.hand_size ?? 0) + played.length;
  if (drawnCards > 0) lines.push(`${name} took ${drawnCards === 1 ? "a Distortion" : `${drawnCards} Distortions`}.`);
  if ((b.dice || []).length > (a.dice || []).length && !lines.length) lines.push(`${name} gained a die.`);
  const unlocked = (b.unlocked || []).filter((x) => !(a.unlocked || []).includes(x));
  if (unlocked.length) lines.push(`${name} unlocked ability ${unlocked.map((x) => String(x).toUpperCase()).join(", ")}.`);
  if (b.award && b.award !== a.award) lines.push(`${name} took the ${words(b.award)} award.`);
  const tracks = trackChanges(a, b, ["fans", "fame", "grana", "overdrive"]);
  if (tracks) lines.push(`${name}: ${tracks}.`);
  const placed = (s) => (s.dice || []).filter((d) => d.placed).length;
  if (!lines.length && placed(b) === placed(a) && next.phase === "allocation" && !(next.to_act || []).includes(seat)) lines.push(`${name} ended the turn.`);
  return lines;
}

/** Set-faces Distortions are played through their picker, never through a form of ids. */
export function handles(action) {
  return action.type === "play_distortion" && action.card === undefined;
}

const FACES = ["skull", "chord", "horns", "influence"];

/** A set-faces Distortion: tick up to n free dice of your own and pick each one's new face. */
function setFacesPicker(ctx, entry) {
  const form = entry.form || entry;
  const d = byKey("distortions", "number").get(String(form.card));
  const n = d?.effect?.n ?? 1;
  const me = (ctx.view.seats || [])[entry.seat] || {};
  const free = (me.dice || []).map((x, i) => [x, i]).filter(([x]) => !x.placed && !x.borrowed);
  const rows = free.map(([x, i]) => {
    const id = `sf-${form.card}-${i}`;
    const tick = h("input", { type: "checkbox", id, dataset: { die: String(i) } });
    const pick = h("select", { id: `${id}-face`, "aria-label": `New face for die ${i + 1}` }, FACES.map((f) => h("option", { value: f, selected: f === (x.face ?? x) }, face(f))));
    return h("div", { class: "field" }, h("label", { for: id, class: "check" }, tick, ` Die ${i + 1} (${face(x.face ?? x)}), turned to:`), pick);
  });
  const problem = h("p", { class: "error", role: "alert", hidden: true });
  function submit(event) {
    event.preventDefault();
    const chosen = rows.map((r) => [r.querySelector("input"), r.querySelector("select")]).filter(([t]) => t.checked);
    if (!chosen.length || chosen.length > n) {
      problem.hidden = false;
      problem.textContent = `Tick between 1 and ${n} of your free dice.`;
      return;
    }
    ctx.act({ seat: entry.seat, action: { type: "play_distortion", card: form.card, dice: chosen.map(([t]) => Number(t.dataset.die)), faces: chosen.map(([, s]) => s.value) } });
  }
  return h("form", { class: "set-faces panel-inset", dataset: { card: String(form.card) }, onsubmit: submit },
    h("fieldset", {}, h("legend", {}, `Distortion #${form.card}: set up to ${n} ${n === 1 ? "die" : "dice"} to faces you choose`), rows.length ? rows : h("p", { class: "muted" }, "No free die of your own.")),
    problem, h("button", { type: "submit", class: "primary" }, `Play Distortion #${form.card}`));
}

/** Direct controls above the move buttons: a picker per set-faces Distortion in hand. */
export function extra(ctx) {
  const entries = (ctx.listing.forms || []).filter((f) => (f.form || f).type === "play_distortion");
  return entries.length ? h("div", { class: "pickers" }, entries.map((e) => setFacesPicker(ctx, e))) : null;
}
