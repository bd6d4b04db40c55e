// The Beat puzzles: the daily puzzle, generation by venue and grade, grade reports and
// shareable codes, the archive, an explicit deal played with open cards, "is it
// winnable?" for the position on the table, and a step-through of the winning plan.
import * as api from "./api.js";
import { fill, h, words } from "./dom.js";
import { remember } from "./store.js";
import { label as beatLabel } from "./tables/beat.js";

function exampleDeal(players) {
  const deck = [1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5];
  return JSON.stringify({ decks: Array.from({ length: players }, () => deck) });
}

const GRADES = [1, 2, 3, 4, 5];
const GRADE_NOTE = "Grade 1 is the easiest, 5 the hardest.";
/** The document event that tells the archive a puzzle joined it. */
const ARCHIVED = "pz-archived";

/** Venue names by id, once the venue list has loaded (the id in words until then). */
const VENUE_NAMES = new Map();
const venueName = (id) => VENUE_NAMES.get(id) || words(id);

/** The narrowness N in words: a band choosing each round's plays at random stays on a
 * winning path about one time in 10^N. */
function oddsInWords(narrowness) {
  const odds = Math.round(10 ** narrowness);
  if (odds <= 1) return "a band choosing its plays at random nearly always keeps it winnable";
  return `a band choosing its plays at random keeps it winnable about 1 time in ${odds.toLocaleString("en")}`;
}

/** Open a puzzle game from a code and go to its table. */
async function openCode(code) {
  const created = await api.createGame({ code: code.trim() });
  remember(created.id, { token: created.host_token, hostToken: created.host_token, host: true, omniscient: true, seat: null, game: "beat", at: Date.now(), puzzle: true, code: code.trim() });
  location.hash = `#/g/${created.id}`;
}

function shareLink(code) {
  return `${location.origin}${location.pathname}#/puzzle?code=${encodeURIComponent(code)}`;
}

/** A grade report: grade, lines, tags, per-round keep counts, the code to share. */
function gradeReport(rep) {
  if (!rep) return null;
  const winnable = rep.winnable === true ? "winnable" : rep.winnable === false ? "not winnable" : "undecided in the budget";
  const lines = rep.lines == null ? "not counted in the budget" : rep.lines_exact ? String(rep.lines) : `${rep.lines} or more`;
  return h("div", { class: "grade-report" },
    h("p", {}, h("strong", { class: "pz-grade" }, rep.grade ? `Grade ${rep.grade} of 5` : "No grade"), ` · ${venueName(rep.venue)}, ${rep.players} seats · ${winnable}`),
    h("p", {}, `Winning lines: ${lines}`, rep.narrowness != null ? ` · ${oddsInWords(rep.narrowness)}` : ""),
    rep.tags && rep.tags.length ? h("ul", { class: "tags" }, rep.tags.map((t) => h("li", {}, t))) : null,
    rep.rounds && rep.rounds.length ? h("details", {}, h("summary", {}, "Plays that keep it winnable, by round"),
      h("ol", {}, rep.rounds.map((r) => h("li", {}, `${r.keep} of ${r.plays}${r.exact ? "" : " (estimated)"}`)))) : null,
    rep.code ? codeBox(rep.code) : null);
}

function codeBox(code) {
  return h("div", { class: "code-box" },
    h("label", {}, "Code ", h("input", { class: "pz-code", type: "text", readonly: true, value: code, size: 40, onfocus: (ev) => ev.target.select() })),
    h("a", { href: shareLink(code) }, "Link"), " ",
    h("button", { type: "button", class: "primary", onclick: () => openCode(code) }, "Play it"));
}

/** Wait for a GET that answers 202 + job until it answers 200. */
async function settled(path) {
  for (let i = 0; i < 30; i++) {
    const res = await fetch(path, { headers: { Accept: "application/json" } });
    const body = await res.json();
    if (res.status === 200) return body;
    if (res.status !== 202) throw new Error(body.message || `HTTP ${res.status}`);
    const job = await api.waitJob(body.location, { seconds: 10, tries: 12 });
    if (job.status === "failed") throw new Error(job.error || "the job failed");
  }
  throw new Error("still computing; try again later");
}

function dailySection() {
  const out = h("div", { id: "pz-daily", "aria-live": "polite" });
  // asked on demand: the first ask of a day computes the puzzle on the solver queue
  async function show(ev) {
    ev.currentTarget.disabled = true;
    fill(out, h("p", { class: "muted" }, "Loading today's puzzle…"));
    try {
      const d = await settled("/v1/puzzles/daily");
      fill(out, h("p", {}, `${d.date}: ${venueName(d.venue)}, ${d.players} seats, grade ${d.grade} of 5`, d.tags && d.tags.length ? ` · ${d.tags.join(", ")}` : "", ` · ${d.solves} solved of ${d.attempts} tries`), codeBox(d.code));
      document.dispatchEvent(new Event(ARCHIVED));
    } catch (err) {
      fill(out, h("p", { class: "error" }, err.message));
    }
  }
  return h("section", { class: "panel", "aria-labelledby": "pz-daily-h" }, h("h2", { id: "pz-daily-h" }, "Today's puzzle"),
    h("button", { type: "button", id: "pz-daily-show", onclick: show }, "Show today's puzzle"), out);
}

function archiveSection(venueOptions) {
  const venue = h("select", { id: "pz-arch-venue" }, h("option", { value: "" }, "any venue"), venueOptions());
  const grade = h("select", { id: "pz-arch-grade" }, h("option", { value: "" }, "any grade"), GRADES.map((g) => h("option", { value: g }, String(g))));
  const players = h("select", { id: "pz-arch-players" }, h("option", { value: "" }, "any seats"), [2, 3, 4].map((n) => h("option", { value: n }, String(n))));
  const tag = h("input", { id: "pz-arch-tag", type: "text", placeholder: "tag, e.g. needs the Solo" });
  const out = h("div", { id: "pz-archive", "aria-live": "polite" });
  async function load(event) {
    if (event) event.preventDefault();
    const q = new URLSearchParams();
    for (const [k, el] of [["venue", venue], ["grade", grade], ["players", players], ["tag", tag]]) if (el.value) q.set(k, el.value);
    try {
      const res = await api.request("GET", `/v1/puzzles?${q}`);
      fill(out, res.puzzles.length ? h("ul", { class: "archive" }, res.puzzles.map((p) => h("li", {},
        `${venueName(p.venue)}, ${p.players} seats, grade ${p.grade} of 5${p.tags.length ? ` (${p.tags.join(", ")})` : ""} · ${p.solves} solved of ${p.attempts} tries `,
        h("button", { type: "button", onclick: () => openCode(p.code) }, "Play")))) : h("p", { class: "muted" }, "No puzzle matches."));
    } catch (err) {
      fill(out, h("p", { class: "error" }, err.message));
    }
  }
  load();
  // a puzzle generated or the daily one computed on this page joins the archive: show it
  const refresh = () => (out.isConnected ? load() : document.removeEventListener(ARCHIVED, refresh));
  document.addEventListener(ARCHIVED, refresh);
  return h("section", { class: "panel", "aria-labelledby": "pz-arch-h" }, h("h2", { id: "pz-arch-h" }, "Archive"),
    h("form", { class: "row", onsubmit: load }, venue, players, grade, tag, h("button", { type: "submit" }, "Show")), out);
}

function generateSection(venueOptions) {
  const venue = h("select", { id: "pz-gen-venue" }, venueOptions());
  const players = h("select", { id: "pz-gen-players" }, [2, 3, 4].map((n) => h("option", { value: n }, `${n} seats`)));
  const grade = h("select", { id: "pz-gen-grade" }, GRADES.map((g) => h("option", { value: g }, `grade ${g}`)));
  const unique = h("input", { id: "pz-gen-unique", type: "checkbox" });
  const out = h("div", { id: "pz-gen-result", "aria-live": "polite" });
  async function submit(event) {
    event.preventDefault();
    fill(out, h("p", { class: "muted" }, "Searching…"));
    try {
      const job = await api.solve("beat/generate", { venue: venue.value, players: Number(players.value), grade: Number(grade.value), unique: unique.checked });
      if (job.status !== "finished") throw new Error(job.error || "the generator failed");
      const r = job.result;
      fill(out, r.found ? gradeReport(r.report) : h("p", {}, `Not found in the budget: ${r.message}.`));
      if (r.found) document.dispatchEvent(new Event(ARCHIVED));
    } catch (err) {
      fill(out, h("p", { class: "error", role: "alert" }, err.message));
    }
  }
  return h("section", { class: "panel", "aria-labelledby": "pz-gen-h" }, h("h2", { id: "pz-gen-h" }, "Generate a puzzle"),
    h("form", { class: "row", onsubmit: submit }, venue, players, grade,
      h("label", { class: "check" }, unique, " one winning line only"), h("button", { type: "submit", class: "primary", id: "pz-generate" }, "Generate")),
    h("p", { class: "muted" }, GRADE_NOTE), out);
}

function codeSection(initial) {
  const input = h("input", { id: "pz-code", type: "text", size: 40, placeholder: "B1.…", value: initial || "" });
  const out = h("div", { "aria-live": "polite" });
  async function grade() {
    fill(out, h("p", { class: "muted" }, "Grading…"));
    try {
      const job = await api.solve("beat/grade", { code: input.value.trim() });
      if (job.status !== "finished") throw new Error(job.error || "grading failed");
      fill(out, gradeReport(job.result));
    } catch (err) {
      fill(out, h("p", { class: "error", role: "alert" }, err.message));
    }
  }
  async function open(event) {
    event.preventDefault();
    try {
      await openCode(input.value);
    } catch (err) {
      fill(out, h("p", { class: "error", role: "alert" }, err.message));
    }
  }
  return h("section", { class: "panel", "aria-labelledby": "pz-code-h" }, h("h2", { id: "pz-code-h" }, "Open a code"),
    h("form", { class: "row", onsubmit: open }, input, h("button", { type: "submit", class: "primary", id: "pz-open" }, "Open"),
      h("button", { type: "button", id: "pz-grade-code", onclick: grade }, "Grade it")), out);
}

/** #/puzzle: the daily puzzle, generation, codes, the archive, and a deal of your own. */
export async function puzzle(main, params = new URLSearchParams()) {
  let venues = [];
  try {
    venues = (await api.content("beat", "venues")).items || [];
    for (const v of venues) VENUE_NAMES.set(v.id, v.name || words(v.id));
  } catch { /* a free-text venue still works */ }
  const venue = venues.length
    ? h("select", { id: "pz-venue" }, venues.map((v) => h("option", { value: v.id }, `${v.number ?? ""} ${v.name || words(v.id)}`)))
    : h("input", { id: "pz-venue", type: "text", value: "garage" });
  const players = h("input", { id: "pz-players", type: "number", min: 2, max: 4, value: 2, step: 1 });
  const seed = h("input", { id: "pz-seed", type: "number", min: 0, step: 1, value: 1 });
  const deal = h("textarea", { id: "pz-deal", rows: 5, placeholder: '{"decks": [[...15 values in draw order...], ...], "songs": [...], "encores": [...], "events": [...]}', "aria-describedby": "pz-deal-help" });
  const errors = h("p", { class: "error", role: "alert", hidden: true });
  async function submit(event) {
    event.preventDefault();
    errors.hidden = true;
    try {
      const options = { venue: venue.value, mode: "puzzle" };
      if (deal.value.trim()) options.deal = JSON.parse(deal.value);
      const n = Number.parseInt(players.value, 10);
      const body = { game: "beat", players: n, options };
      if (seed.value !== "") body.seed = Number.parseInt(seed.value, 10);
      const created = await api.createGame(body);
      remember(created.id, { token: created.host_token, hostToken: created.host_token, host: true, omniscient: true, seat: null, game: "beat", at: Date.now(), puzzle: true });
      location.hash = `#/g/${created.id}`;
    } catch (err) {
      errors.hidden = false;
      errors.textContent = err instanceof SyntaxError ? `The deal is not valid JSON: ${err.message}` : err.message;
    }
  }
  const venueOptions = () => venues.map((v) => h("option", { value: v.id }, `${v.number ?? ""} ${v.name || words(v.id)}`));
  const own = h("div", { id: "pz-own-report", "aria-live": "polite" });
  async function gradeOwn() {
    errors.hidden = true;
    fill(own, h("p", { class: "muted" }, "Grading…"));
    try {
      const body = { venue: venue.value, players: Number.parseInt(players.value, 10) };
      if (deal.value.trim()) body.deal = JSON.parse(deal.value);
      if (seed.value !== "") body.seed = Number.parseInt(seed.value, 10);
      const job = await api.solve("beat/grade", body);
      if (job.status !== "finished") throw new Error(job.error || "grading failed");
      fill(own, gradeReport(job.result));
    } catch (err) {
      fill(own);
      errors.hidden = false;
      const fields = err.errors && Object.keys(err.errors).length ? ` (${Object.keys(err.errors).join(", ")})` : "";
      errors.textContent = err instanceof SyntaxError ? `The deal is not valid JSON: ${err.message}` : `${err.message}${fields}`;
    }
  }
  fill(main,
    h("h1", {}, "The Beat: puzzles"),
    dailySection(),
    codeSection(params.get("code")),
    venues.length ? generateSection(venueOptions) : null,
    archiveSection(venueOptions),
    h("form", { class: "panel narrow", onsubmit: submit },
      h("h2", {}, "Your own deal"),
      h("p", {}, "A puzzle is a Beat venue with every card face up: you play all seats, and the solver can tell whether the deal can be won and show how."),
      h("div", { class: "field" }, h("label", { for: "pz-venue" }, "Venue"), venue),
      h("div", { class: "row" },
        h("div", { class: "field" }, h("label", { for: "pz-players" }, "Seats"), players),
        h("div", { class: "field" }, h("label", { for: "pz-seed" }, "Seed (deals what the deal leaves out)"), seed)),
      h("div", { class: "field" }, h("label", { for: "pz-deal" }, "Explicit deal (optional JSON)"), deal,
        h("small", { class: "muted", id: "pz-deal-help" }, "decks: per seat, 15 card values (or ids) in draw order; songs and encores: difficulties; events: ids drawn first."),
        h("button", { type: "button", onclick: () => { deal.value = exampleDeal(Number(players.value) || 2); } }, "Fill an example deal")),
      errors,
      h("div", { class: "row" },
        h("button", { type: "submit", class: "primary", id: "pz-create" }, "Create the puzzle"),
        h("button", { type: "button", id: "pz-grade-own", onclick: gradeOwn }, "Grade it")),
      own));
}

/** The puzzle box on a Beat puzzle table: winnable?, the plan, its step-through. */
export function puzzlePanel({ id, token, act }) {
  const out = h("div", { id: "solve-result", "aria-live": "polite" });
  const button = h("button", { type: "button", id: "winnable", onclick: ask }, "Is it winnable?");
  let plan = null;
  let here = null;
  let drawing = 0;

  async function ask() {
    button.disabled = true;
    fill(out, h("p", { class: "muted" }, "Solving…"));
    try {
      const game = await api.log(id, token);
      const options = game.options || {};
      const body = { venue: options.venue ?? "garage", players: game.players, seed: game.seed };
      if (options.deal) body.deal = options.deal;
      const job = await api.solve("beat/feasibility", body);
      if (job.status !== "finished") throw new Error(job.error || "the solver failed");
      plan = job.result;
      // the position on the table, not the starting deal: the hint decides it
      here = null;
      if ((game.entries || []).length && game.status !== "finished") {
        const hinted = await api.hint(id, token);
        here = hinted.status === "finished" ? hinted.result.verdict || "unknown" : "unknown";
      }
      await draw();
    } catch (err) {
      fill(out, h("p", { class: "error", role: "alert" }, err.message));
    } finally {
      button.disabled = false;
    }
  }

  /** How far the table is along the plan, read from the log now: a click that
   * comes before the plan is redrawn after the last move must not replay it. */
  async function position(steps) {
    const entries = (await api.log(id, token)).entries || [];
    const onTrack = entries.every((e, i) => steps[i] && e.seat === steps[i].seat && JSON.stringify(e.action) === JSON.stringify(steps[i].action));
    return { done: entries.length, onTrack };
  }

  async function follow(buttonEl, steps, count) {
    buttonEl.disabled = true;
    try {
      const { done, onTrack } = await position(steps);
      if (!onTrack) return;
      for (const sa of steps.slice(done, done + count)) if (!(await act(sa))) break;
    } finally {
      buttonEl.disabled = false;
    }
  }

  async function draw() {
    if (!plan) return;
    const mine = ++drawing;
    const verdict = plan.verdict;
    const steps = plan.actions || [];
    let done = 0;
    let onTrack = true;
    try {
      ({ done, onTrack } = await position(steps));
    } catch { /* the plan still shows */ }
    if (mine !== drawing) return; // a later move has drawn the plan already
    const now = here || verdict;
    const sentence = here
      ? (now === "feasible" ? "Yes: from this position the venue can still be won." : now === "infeasible" ? "No: from this position no sequence of plays wins." : "Unknown: the solver ran out of time.")
      : (now === "feasible" ? "Yes: this deal can be won." : now === "infeasible" ? "No: no sequence of plays wins this deal." : "Unknown: the solver ran out of time.");
    const next = onTrack && done < steps.length ? steps[done] : null;
    fill(out,
      h("p", { class: "verdict", id: "verdict" }, h("strong", {}, sentence), ` (${plan.method || "solver"}, ${Number(plan.seconds || 0).toFixed(2)} s)`),
      steps.length ? h("ol", { class: "plan", id: "plan" }, steps.map((sa, i) => h("li", { class: i < done && onTrack ? "done" : i === done ? "next" : "", "aria-current": i === done ? "step" : null },
        `Seat ${sa.seat}: ${beatLabel(sa.action) || JSON.stringify(sa.action)}`))) : null,
      steps.length && !onTrack ? h("p", { class: "muted" }, "The table has left the plan; create the puzzle again to follow it.") : null,
      next ? h("div", { class: "row" },
        h("button", { type: "button", class: "primary", id: "plan-next", onclick: (ev) => follow(ev.currentTarget, steps, 1) }, `Step ${done + 1} of ${steps.length}: play it`),
        h("button", { type: "button", id: "plan-all", onclick: (ev) => follow(ev.currentTarget, steps, steps.length) }, "Play the rest")) : null,
      plan.plan ? h("details", {}, h("summary", {}, "The plan by song"), h("ol", { class: "plan-songs" }, plan.plan.map((r) => h("li", {},
        `Round ${r.round}: `, r.plays.map((p) => `seat ${p.seat} ${beatLabel({ type: p.solo ? "solo" : "play", card: p.card }) || p.card}${p.song ? ` (song ${p.song + 1})` : ""}`).join(", "),
        r.encores ? ` · take ${r.encores} Encore${r.encores > 1 ? "s" : ""}` : "")))) : null);
  }

  const el = h("section", { class: "panel", "aria-labelledby": "puzzle-h" }, h("h2", { id: "puzzle-h" }, "Puzzle"), button, out);
  return { el, update: draw };
}
