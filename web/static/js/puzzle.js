// The Beat puzzles: an explicit deal played with open cards, "is it winnable?" from the
// solver, and a step-through of the winning plan on the table.
import * as api from "./api.js";
import { fill, h, words } from "./dom.js";
import { remember } from "./store.js";
import { label as beatLabel } from "./tables/beat.js";
import { value } from "./tables/generic.js";

function exampleDeal(players) {
  const deck = [1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5];
  return JSON.stringify({ decks: Array.from({ length: players }, () => deck) });
}

/** #/puzzle: choose a venue, seats, a seed or an explicit deal; create the puzzle game. */
export async function puzzle(main) {
  let venues = [];
  try {
    venues = (await api.content("beat", "venues")).items || [];
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
  fill(main,
    h("h1", {}, "The Beat: puzzles"),
    h("form", { class: "panel narrow", onsubmit: submit },
      h("p", {}, "A puzzle is a Beat venue with every card face up: you play all seats, and the solver can tell whether the deal can be won and show how."),
      h("div", { class: "field" }, h("label", { for: "pz-venue" }, "Venue"), venue),
      h("div", { class: "row" },
        h("div", { class: "field" }, h("label", { for: "pz-players" }, "Seats"), players),
        h("div", { class: "field" }, h("label", { for: "pz-seed" }, "Seed (deals what the deal leaves out)"), seed)),
      h("div", { class: "field" }, h("label", { for: "pz-deal" }, "Explicit deal (optional JSON)"), deal,
        h("small", { class: "muted", id: "pz-deal-help" }, "decks: per seat, 15 card values (or ids) in draw order; songs and encores: difficulties; events: ids drawn first."),
        h("button", { type: "button", onclick: () => { deal.value = exampleDeal(Number(players.value) || 2); } }, "Fill an example deal")),
      errors,
      h("button", { type: "submit", class: "primary", id: "pz-create" }, "Create the puzzle")));
}

/** The puzzle box on a Beat puzzle table: winnable?, the plan, its step-through. */
export function puzzlePanel({ id, token, act }) {
  const out = h("div", { id: "solve-result", "aria-live": "polite" });
  const button = h("button", { type: "button", id: "winnable", onclick: ask }, "Is it winnable?");
  let plan = null;
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
    const sentence = verdict === "feasible" ? "Yes: this deal can be won." : verdict === "infeasible" ? "No: no sequence of plays wins this deal." : "Unknown: the solver ran out of time.";
    const next = onTrack && done < steps.length ? steps[done] : null;
    fill(out,
      h("p", { class: "verdict", id: "verdict" }, h("strong", {}, sentence), ` (${plan.method || "solver"}, ${Number(plan.seconds || 0).toFixed(2)} s)`),
      steps.length ? h("ol", { class: "plan", id: "plan" }, steps.map((sa, i) => h("li", { class: i < done && onTrack ? "done" : i === done ? "next" : "", "aria-current": i === done ? "step" : null },
        `Seat ${sa.seat}: ${beatLabel(sa.action) || JSON.stringify(sa.action)}`))) : null,
      steps.length && !onTrack ? h("p", { class: "muted" }, "The table has left the plan; create the puzzle again to follow it.") : null,
      next ? h("div", { class: "row" },
        h("button", { type: "button", class: "primary", id: "plan-next", onclick: (ev) => follow(ev.currentTarget, steps, 1) }, `Step ${done + 1} of ${steps.length}: play it`),
        h("button", { type: "button", id: "plan-all", onclick: (ev) => follow(ev.currentTarget, steps, steps.length) }, "Play the rest")) : null,
      plan.plan ? h("details", {}, h("summary", {}, "The plan by round"), value(plan.plan)) : null);
  }

  const el = h("section", { class: "panel", "aria-labelledby": "puzzle-h" }, h("h2", { id: "puzzle-h" }, "Puzzle"), button, out);
  return { el, update: draw };
}
