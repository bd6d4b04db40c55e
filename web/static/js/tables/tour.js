// Tour: the band sheet (money, fans, van, crew, dice of the night) and the week's offers.
import { h, show, words } from "../dom.js";
import { items, load as loadCatalog } from "../catalog.js";
import { card, row } from "./cards.js";
import { panel, stats } from "./generic.js";

export function load() {
  return loadCatalog("tour", ["venues", "crew", "rules", "ranks"]);
}

const PHASE = { offers: "choosing tonight's gig", road: "on the road: the van broke down", shop: "shopping", stage: "staging two dice for the show", work: "putting the other dice to work", done: "done for the week" };

/** What a crew member costs and does, from the catalog. */
export function crewText(role) {
  const c = (items("tour", "crew") || {})[role];
  if (!c) return "";
  const does = [c.show ? `+${c.show} to every show` : "", c.upkeep_van ? `+${c.upkeep_van} van a week` : "", c.free_merch ? `${c.free_merch} free shirts` : "",
    c.gold_die ? `${c.gold_die} gold die` : "", c.wage ? `$${c.wage} wage a week` : ""].filter(Boolean).join(", ");
  return `$${c.cost}${does ? `: ${does}` : ""}`;
}

const venueName = (id) => (items("tour", "venues") || {})[id]?.name || words(id);

export const drawn = ["offers", "sheets", "week", "band", "mode", "difficulty", "players", "finished", "seats_to_act", "you", "rival", "opponent", "headline_done"];

/** A hint figure keyed by an offer's index, named by the offer ("House Show value"). */
export function figureName(key, index, view) {
  const offer = view?.offers?.find((o) => o.index === index);
  return key === "offer_values" && offer ? `${offer.name} value` : null;
}

export function label(action, view) {
  switch (action.type) {
    case "choose_offer": {
      const offer = view?.offers?.find((o) => o.index === action.index);
      return `Book ${offer ? offer.name : `offer ${action.index + 1}`}`;
    }
    case "mechanic": return "Fix the van (mechanic)";
    case "restock": return `Restock ${action.pairs * 2} shirts ($${action.pairs})`;
    case "end_shopping": return "Done shopping";
    case "stage": return `Stage dice ${(action.dice || []).map((d) => d + 1).join(" and ")}${action.hype ? ` with ${action.hype} hype` : ""}`;
    case "roll": return "Roll the dice";
    case "work": {
      const dice = view?.sheets?.[view?.you?.sheet ?? 0]?.dice || [];
      const jobs = { merch: "merch", flyer: "flyers", dayjob: "day job" };
      return `Work: ${Object.entries(action.assign || {}).map(([d, job]) => `die ${Number(d) + 1}${dice[d] !== undefined ? ` (${dice[d]})` : ""} ${jobs[job] || words(job)}`).join(", ")}`;
    }
    case "breakdown": return action.choice === "pay" ? "Pay $8 for the repair" : "Take the breakdown (−2 van)";
    case "skip_gig": return "No gig this week: odd jobs";
    case "buy": return `Hire the ${words(action.item)}${crewText(action.item) ? ` (${crewText(action.item).split(":")[0]})` : ""}`;
    default: return null;
  }
}

function sheet(s, i, ctx, acting) {
  const caps = items("tour", "rules")?.caps || {};
  const of = (k) => (caps[k] && caps[k] < 999 ? `${s[k]} of ${caps[k]}` : s[k]);
  const staged = s.staged || [];
  return h("section", { class: `area seat${acting ? " to-act" : ""}`, "aria-label": `${ctx.seatName(i)}: band sheet` },
    h("h3", {}, `${ctx.seatName(i)}: band sheet`, acting ? h("span", { class: "chip turn-chip" }, "to act") : null),
    s.phase ? h("p", { class: "muted" }, `Now: ${PHASE[s.phase] || words(s.phase)}${s.forced ? ` (forced week: ${words(s.forced)})` : ""}`) : null,
    h("p", { class: "label" }, "Money and merch"), stats([["cash", `$${s.cash}`], ["shirts", of("shirts")]]),
    h("p", { class: "label" }, "The band"), stats([["morale", of("morale")], ["van", of("van")], ["hype", of("hype")], ["skill", of("skill")]]),
    h("p", { class: "label" }, "Standing"), stats([["fans", s.fans], ["fame", s.fame], ["stars", s.stars], ["albums", s.albums], ["score", s.score]]),
    h("p", { class: "label" }, "Crew"),
    h("ul", { class: "plain crew" }, Object.entries(s.crew || {}).map(([k, v]) =>
      h("li", { class: v ? "" : "muted" }, h("strong", {}, `${words(k)}${v ? " (hired)" : ""}`), crewText(k) ? ` ${crewText(k)}` : ""))),
    s.gig ? h("p", { class: "gig" }, h("strong", {}, `Tonight: ${venueName(s.gig)}`), `${s.target !== null && s.target !== undefined ? `, show needs ${s.target}` : ""}${s.show !== null && s.show !== undefined ? `, show ${s.show}` : ""}${s.won === true ? ": won" : s.won === false ? ": lost" : ""}`) : null,
    (s.dice || []).length ? [h("p", { class: "label" }, "Dice of the night"), row(`${ctx.seatName(i)}: dice`, s.dice.map((d, k) => card({ top: String(d), sub: staged.includes(k) ? "staged" : `die ${k + 1}`, title: `die ${k + 1} shows ${d}${staged.includes(k) ? ", staged" : ""}${s.gold === k ? ", gold die" : ""}`, kind: `die${staged.includes(k) ? " selected" : ""}` })))] : null);
}

export function render(view, ctx) {
  return h("div", { class: "table tour" },
    panel(`${show(view.band)} on tour`, stats([["week", `${view.week} of 12`], ["mode", view.mode], ["difficulty", view.difficulty]]),
      (items("tour", "ranks") || []).length ? h("p", { class: "muted" }, `Final ranks by score: ${items("tour", "ranks").map((r) => `${r.name} ${r.min}+`).join(", ")}`) : null),
    panel("Offers this week", (view.offers || []).length ? h("div", { class: "offers" }, view.offers.map((o) => {
      const sa = ctx.find((a) => a.type === "choose_offer" && a.index === o.index);
      return card({
        top: o.name, sub: `${o.tier} · show needs ${o.target} · pays $${o.cash}, ${o.fame} fame, ${o.fans} fans${o.entry ? ` · entry $${o.entry}` : ""}${o.hype ? ` · +${o.hype} hype` : ""}`,
        title: `${o.name}: ${o.tier}, the show needs ${o.target}, pays $${o.cash}, ${o.fame} fame and ${o.fans} fans${o.entry ? `, entry fee $${o.entry}` : ""}${o.hype ? `, ${o.hype} hype on entry` : ""}${sa ? ", book it" : ""}`,
        kind: "offer", onplay: sa ? () => ctx.act(sa) : undefined,
      });
    })) : h("p", { class: "muted" }, "No offers right now.")),
    h("div", { class: "seats" }, (view.sheets || []).map((s, i) => sheet(s, i, ctx, turn(view).includes(i)))),
    view.rival ? panel("Rival", stats(Object.entries(view.rival).filter(([, v]) => typeof v !== "object"))) : null);
}

export function turn(view) {
  return Array.isArray(view.seats_to_act) ? view.seats_to_act : [];
}

/** A rules event as a story line, or null when the mover's own action label already says it. */
export function eventText(ev, who, mover) {
  switch (ev.type) {
    case "week_start": return `Week ${ev.week} begins.`;
    case "offers": return `Tonight's gigs on offer: ${(ev.offers || []).map(venueName).join(", ")}.`;
    case "show": return `${Number.isInteger(ev.seat) ? `${who(ev.seat)}: the` : "The"} show at ${venueName(ev.venue)} scored ${ev.show} against ${ev.target}: ${ev.won ? "a hit" : "it flopped"}.`;
    case "road": return `On the road: ${ev.name || `a roll of ${ev.roll}`}.`;
    case "payout": return `${ev.won ? "Paid for a good show" : "Paid for the show"}: ${Object.entries(ev.gains || {}).filter(([, n]) => n).map(([k, n]) => `${n > 0 ? "+" : ""}${n} ${words(k)}`).join(", ") || "nothing"}.`;
    case "upkeep": return null;
    case "game_over": return "The tour is over.";
    default: return ev.seat === mover ? null : undefined;
  }
}

const JOBS = { merch: "Merch: sell shirts", flyer: "Flyers: fans for a 4+", dayjob: "Day job: cash" };
const same = (a, b) => JSON.stringify(Object.entries(a || {}).sort()) === JSON.stringify(Object.entries(b || {}).sort());

/** The work step as one job picker per leftover die, not a button per combination. */
function workPicker(ctx, works) {
  const seat = works[0].seat;
  const dice = (ctx.view.sheets?.[ctx.view.you?.sheet ?? 0]?.dice) || [];
  const start = works[0].action.assign;
  const options = {};
  for (const { action } of works) {
    for (const [d, job] of Object.entries(action.assign)) (options[d] ||= new Set()).add(job);
  }
  const selects = Object.keys(start).sort((a, b) => a - b).map((d) => {
    const id = `work-die-${d}`;
    const select = h("select", { id, dataset: { die: d } }, [...options[d]].map((job) =>
      h("option", { value: job, selected: job === start[d] }, JOBS[job] || words(job))));
    return h("div", { class: "field" }, h("label", { for: id }, `Die ${Number(d) + 1} (shows ${dice[d] ?? "?"})`), select);
  });
  const problem = h("p", { class: "error", role: "alert", hidden: true });
  function submit(event) {
    event.preventDefault();
    const assign = Object.fromEntries(selects.map((f) => { const s = f.querySelector("select"); return [s.dataset.die, s.value]; }));
    const listed = works.find((sa) => same(sa.action.assign, assign));
    if (!listed) {
      problem.hidden = false;
      problem.textContent = "That mix of jobs is not open to this band now.";
      return;
    }
    ctx.act(listed);
  }
  return h("form", { class: "work-form panel-inset", id: "work-form", onsubmit: submit },
    h("fieldset", {}, h("legend", {}, "Put the other dice to work"), selects),
    problem, h("button", { type: "submit", class: "primary", id: "work-submit" }, "Send the dice to work"));
}

/** Direct controls above the move buttons: the stage step's dice and the work step's jobs. */
export function extra(ctx) {
  const works = (ctx.listing.actions || []).filter((sa) => sa.action.type === "work");
  const stages = (ctx.listing.actions || []).filter((sa) => sa.action.type === "stage");
  return works.length ? workPicker(ctx, works) : stages.length ? stagePicker(ctx, stages) : null;
}

/** Moves drawn by ``extra`` instead of as buttons. */
export function handles(action) {
  return action.type === "work" || action.type === "stage";
}

/** Why the tour ended and the rank each band reached, for the game-over banner. */
export function endText(o) {
  const ranks = Object.entries(o.rank || {}).map(([k, r]) => `${Object.keys(o.rank).length > 1 ? `band ${Number(k) + 1}: ` : ""}${r} with ${o.scores?.[k]} (fans + fame)`);
  return `Twelve weeks are over. Rank: ${ranks.join("; ") || "none"}${o.target ? `; the goal was ${o.target}` : ""}.`;
}

/** The stage step as two dice to tick and the hype to spend, not a button per pair. */
function stagePicker(ctx, stages) {
  const dice = (ctx.view.sheets?.[ctx.view.you?.sheet ?? 0]?.dice) || [];
  const usable = [...new Set(stages.flatMap((sa) => sa.action.dice))].sort((a, b) => a - b);
  const hypes = [...new Set(stages.map((sa) => sa.action.hype ?? 0))].sort((a, b) => a - b);
  // starts on the first listed choice, so one press plays a legal show
  const first = stages[0].action;
  const boxes = usable.map((d) => h("label", { class: "field check" },
    h("input", { type: "checkbox", value: String(d), checked: first.dice.includes(d), dataset: { die: d } }), ` Die ${d + 1} (shows ${dice[d] ?? "?"})`));
  const hype = h("select", { id: "stage-hype" }, hypes.map((k) => h("option", { value: k, selected: k === (first.hype ?? 0) }, k ? `${k} hype (+${k} on the show)` : "No hype")));
  const problem = h("p", { class: "error", role: "alert", hidden: true });
  function submit(event) {
    event.preventDefault();
    const picked = boxes.map((b) => b.querySelector("input")).filter((i) => i.checked).map((i) => Number(i.value));
    const k = Number(hype.value);
    const listed = stages.find((sa) => [...sa.action.dice].sort((a, b) => a - b).join() === picked.join() && (sa.action.hype ?? 0) === k);
    if (!listed) {
      problem.hidden = false;
      problem.textContent = picked.length !== 2 ? "Tick exactly two dice for the show." : "That choice is not open to this band now.";
      return;
    }
    ctx.act(listed);
  }
  return h("form", { class: "work-form", id: "stage-form", onsubmit: submit },
    h("fieldset", {}, h("legend", {}, "Stage two dice for the show"), boxes,
      h("div", { class: "field" }, h("label", { for: "stage-hype" }, "Hype to spend"), hype)),
    problem, h("button", { type: "submit", class: "primary", id: "stage-submit" }, "Play the show"));
}

const COUNTS = ["cash", "fans", "fame", "hype", "morale", "van", "shirts", "skill", "stars", "boxes", "albums"];

/**
 * Another seat's move in words, from its sheet in the two views: the gig it booked, the dice
 * it staged, crew hired, and what its counts did (cash, fans, shirts…).
 */
export function moveText(prev, next, seat, who) {
  const at = (v) => (v.sheets || [])[(v.sheets || []).length > seat ? seat : 0] || {};
  const a = at(prev);
  const b = at(next);
  const name = who(seat);
  const lines = [];
  if (b.gig && b.gig !== a.gig) lines.push(`${name} booked ${venueName(b.gig)}.`);
  const staged = (b.staged || []).filter((k) => !(a.staged || []).includes(k));
  if (staged.length) lines.push(`${name} staged ${staged.map((k) => `a ${b.dice?.[k] ?? "die"}`).join(" and ")}${b.hype_spent > (a.hype_spent || 0) ? ` with ${b.hype_spent - (a.hype_spent || 0)} hype` : ""}.`);
  const hired = Object.keys(b.crew || {}).filter((k) => b.crew[k] && !a.crew?.[k]);
  if (hired.length) lines.push(`${name} hired the ${hired.map(words).join(" and ")}.`);
  const counts = COUNTS.filter((k) => (b[k] ?? 0) !== (a[k] ?? 0)).map((k) => {
    const n = (b[k] ?? 0) - (a[k] ?? 0);
    return k === "cash" ? `${n > 0 ? "+" : "−"}$${Math.abs(n)}` : `${n > 0 ? "+" : "−"}${Math.abs(n)} ${words(k)}`;
  });
  if (counts.length) lines.push(`${name}: ${counts.join(", ")}.`);
  return lines;
}
