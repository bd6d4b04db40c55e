// The hint box: ask the solver for the acting seat's next move, show why, play it in one click.
import * as api from "./api.js";
import { fill, h } from "./dom.js";
import { value } from "./tables/generic.js";

const TEXT_KEYS = ["explanation", "reason", "why", "summary", "message"];

/** A chance (a number in 0..1 under a key that says so) as a percentage. */
export function percent(x) {
  const p = Math.round(x * 1000) / 10;
  return `${p}%`;
}

/** Figures with chances shown as percentages, for the "Estimates" box. */
function readable(v, key = "") {
  if (typeof v === "number" && /chance|prob|win|rate|odds/i.test(key) && v >= 0 && v <= 1) return percent(v);
  if (typeof v === "number" && !Number.isInteger(v)) return Math.round(v * 100) / 100;
  if (Array.isArray(v)) return v.map((x) => readable(x, key));
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, readable(x, k)]));
  return v;
}

/** The hint's sentence, wherever the game's hint puts it. */
export function explanation(result) {
  for (const key of TEXT_KEYS) if (typeof result[key] === "string") return result[key];
  return "The solver recommends this move.";
}

export function hintPanel({ get, play, label }) {
  const out = h("div", { id: "hint-result", "aria-live": "polite" });
  const button = h("button", { type: "button", id: "hint", onclick: ask }, "Hint");
  const el = h("section", { class: "panel", "aria-labelledby": "hint-h" }, h("h2", { id: "hint-h" }, "Hint"), button, out);

  let askedAt = null;

  async function ask() {
    const { id, token, seat, version } = get();
    askedAt = version;
    button.disabled = true;
    fill(out, h("p", { class: "muted" }, "Thinking…"));
    try {
      const job = await api.hint(id, token, seat);
      if (job.status !== "finished") throw new Error(job.error || "the hint failed");
      // the game moved on while the solver thought: that advice is for a table gone by
      if (get().version !== askedAt) { fill(out); return; }
      const result = job.result || {};
      const steps = result.actions || [];
      const figures = Object.fromEntries(Object.entries(result).filter(([k]) => k !== "actions" && !TEXT_KEYS.includes(k)));
      const why = typeof result.why === "string" && result.why !== explanation(result) ? result.why : null;
      fill(out,
        h("p", { class: "hint-text" }, explanation(result)),
        why ? h("p", { class: "hint-why" }, why) : null,
        steps.length ? h("ol", { class: "plan" }, steps.map((sa) => h("li", {}, label(sa.action)))) : null,
        Object.keys(figures).length ? h("details", {}, h("summary", {}, "Estimates"), value(readable(figures))) : null,
        steps.length ? h("button", { type: "button", class: "primary", id: "play-hint", onclick: () => { fill(out); play(steps); } }, "Play it") : null);
    } catch (err) {
      fill(out, h("p", { class: "error", role: "alert" }, err.message));
    } finally {
      button.disabled = !get().running;
    }
  }

  function update() {
    const { token, running, version } = get();
    // a hint answers one version of the table: once the game moves, it is cleared
    if (askedAt !== null && version !== askedAt) {
      askedAt = null;
      fill(out);
    }
    el.hidden = !token;
    button.disabled = !running;
  }

  return { el, update };
}
