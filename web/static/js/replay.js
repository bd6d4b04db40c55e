// Replay a game from its log: step forward and back, each step the view replayed by the server.
import * as api from "./api.js";
import { genericLabel } from "./actions.js";
import { fill, h } from "./dom.js";
import { credentials } from "./store.js";
import * as generic from "./tables/generic.js";
import { tableFor } from "./tables/index.js";
import { nameOf, shortName } from "./table.js";
import { counted, stepLines } from "./story.js";
import { rulesOf } from "./rules.js";
import { explainTerms } from "./terms.js";
import { analysisPanel } from "./analysis.js";

export async function replay(main, id, params) {
  const creds = credentials(id) || {};
  const token = creds.hostToken || null;
  let game;
  try {
    game = await api.log(id, token);
  } catch (err) {
    fill(main, h("h1", {}, `Replay of ${id}`), h("p", { class: "error", role: "alert" }, err.message),
      h("p", {}, h("a", { href: `#/g/${id}` }, "Back to the table")));
    return;
  }
  const total = game.entries.length;
  let step = Math.min(Number.parseInt(params.get("step") ?? `${total}`, 10) || 0, total);
  const board = h("div", { class: "board", id: "replay-board" });
  const where = h("p", { id: "replay-step", "aria-live": "polite" });
  const told = h("ul", { class: "events", id: "replay-story", "aria-label": "What this step did" });
  const slider = h("input", { type: "range", min: 0, max: total, value: step, id: "replay-slider", "aria-label": "Step" });
  const buttons = {
    first: h("button", { type: "button", id: "replay-first", onclick: () => go(0) }, "« Start"),
    back: h("button", { type: "button", id: "replay-back", onclick: () => go(step - 1) }, "◀ Back"),
    forward: h("button", { type: "button", id: "replay-forward", onclick: () => go(step + 1) }, "Forward ▶"),
    last: h("button", { type: "button", id: "replay-last", onclick: () => go(total) }, "End »"),
  };
  slider.addEventListener("input", () => go(Number(slider.value)));
  const review = analysisPanel({ id, token, total, go: (k) => go(k), game: game.game });
  let seq = 0;

  async function go(k) {
    step = Math.max(0, Math.min(total, k));
    const mine = ++seq;
    slider.value = step;
    buttons.first.disabled = buttons.back.disabled = step === 0;
    buttons.forward.disabled = buttons.last.disabled = step === total;
    history.replaceState(null, "", `#/replay/${encodeURIComponent(id)}?step=${step}`);
    try {
      const [view, before] = await Promise.all([api.replayStep(id, step, token), step > 0 ? api.replayStep(id, step - 1, token) : null]);
      if (mine !== seq) return;
      const r = tableFor(view.game);
      if (r.load) await r.load(view);
      const last = view.last;
      const seatName = (s) => nameOf(view, s);
      // an action is named as the table that offered it showed it: the view before it
      const label = (a) => r.label?.(a, before || view) || genericLabel(a);
      where.textContent = `Step ${step} of ${total}${last ? `: ${seatName(last.seat)}, ${label(last.action)}` : ": the deal"}${view.outcome ? " · game over" : ""}`;
      // the same story lines the table tells for this step, from the same views and events
      const who = (s) => shortName(view, s, null);
      const move = last ? { seat: last.seat, action: last.action, events: view.last_events || [] } : undefined;
      const lines = before ? counted(stepLines(r, before, view, move, who)) : [];
      fill(told, lines.map((text) => h("li", {}, text)));
      const ctx = { view, seat: view.seat, host: false, listing: { actions: [], forms: [] }, act: () => {}, seatName, label, find: () => undefined };
      let drawn;
      try { drawn = r.render(view, ctx); } catch { drawn = generic.render(view); }
      fill(board, drawn, r === generic ? null : generic.rest(view, r.drawn || []));
      review.show(step, label);
      explainTerms(board, rulesOf(view.game)?.terms);
    } catch (err) {
      fill(board, h("p", { class: "error", role: "alert" }, err.message));
    }
  }

  fill(main,
    h("h1", {}, `Replay of game ${id}`),
    h("div", { class: "panel replay-controls", role: "group", "aria-label": "Replay controls" },
      buttons.first, buttons.back, slider, buttons.forward, buttons.last,
      h("a", { href: `#/g/${encodeURIComponent(id)}`, class: "button" }, "Table")),
    h("div", { class: "layout" },
      h("div", { class: "table-main" }, where, told, board),
      h("aside", { class: "side", "aria-label": "Analysis" }, review.el)));
  main.addEventListener("keydown", (e) => {
    if (e.target === slider) return;
    if (e.key === "ArrowLeft") go(step - 1);
    if (e.key === "ArrowRight") go(step + 1);
  });
  await go(step);
}
