// The hint box: ask the solver for the acting seat's next move, show why, play it in one click.
import * as api from "./api.js";
import { fill, h } from "./dom.js";
import { value } from "./tables/generic.js";

const TEXT_KEYS = ["explanation", "reason", "why", "summary", "message"];

/** The hint's sentence, wherever the game's hint puts it. */
export function explanation(result) {
  for (const key of TEXT_KEYS) if (typeof result[key] === "string") return result[key];
  return "The solver recommends this move.";
}

export function hintPanel({ get, play, label }) {
  const out = h("div", { id: "hint-result", "aria-live": "polite" });
  const button = h("button", { type: "button", id: "hint", onclick: ask }, "Hint");
  const el = h("section", { class: "panel", "aria-labelledby": "hint-h" }, h("h2", { id: "hint-h" }, "Hint"), button, out);

  async function ask() {
    const { id, token, seat } = get();
    button.disabled = true;
    fill(out, h("p", { class: "muted" }, "Thinking…"));
    try {
      const job = await api.hint(id, token, seat);
      if (job.status !== "finished") throw new Error(job.error || "the hint failed");
      const result = job.result || {};
      const steps = result.actions || [];
      const figures = Object.fromEntries(Object.entries(result).filter(([k]) => k !== "actions" && !TEXT_KEYS.includes(k)));
      fill(out,
        h("p", { class: "hint-text" }, explanation(result)),
        steps.length ? h("ol", { class: "plan" }, steps.map((sa) => h("li", {}, label(sa.action)))) : null,
        Object.keys(figures).length ? h("details", {}, h("summary", {}, "Estimates"), value(figures)) : null,
        steps.length ? h("button", { type: "button", class: "primary", id: "play-hint", onclick: () => { fill(out); play(steps); } }, "Play it") : null);
    } catch (err) {
      fill(out, h("p", { class: "error", role: "alert" }, err.message));
    } finally {
      button.disabled = !get().running;
    }
  }

  function update() {
    const { token, running } = get();
    el.hidden = !token;
    button.disabled = !running;
  }

  return { el, update };
}
