// The fallback table: any view as labelled, nested panels (every game gets this below its own).
import { h, show, words } from "../dom.js";

// the API's envelope (the seating is drawn as names, a replay's step by its controls)
const ENVELOPE = new Set(["game", "id", "version", "status", "outcome", "seat", "seating", "rematch", "step", "steps", "last"]);

/** A JSON value as nested description lists; arrays of scalars as chips. */
export function value(v, depth = 0) {
  if (v === null || typeof v !== "object") return h("span", { class: "val" }, show(v));
  if (Array.isArray(v)) {
    if (!v.length) return h("span", { class: "muted" }, "none");
    if (v.every((x) => x === null || typeof x !== "object")) {
      return h("span", { class: "chips" }, v.map((x) => h("span", { class: "chip" }, show(x))));
    }
    return h("ol", { class: "items", start: 0 }, v.map((x) => h("li", {}, value(x, depth + 1))));
  }
  if (depth > 4) return h("code", {}, JSON.stringify(v));
  return h("dl", { class: "kv" }, Object.entries(v).map(([k, x]) => [h("dt", {}, words(k)), h("dd", {}, value(x, depth + 1))]));
}

/** The whole view, minus the envelope and the keys a game panel already drew. */
export function rest(view, drawn = []) {
  const skip = new Set([...ENVELOPE, ...drawn]);
  const left = Object.fromEntries(Object.entries(view).filter(([k]) => !skip.has(k)));
  if (!Object.keys(left).length) return null;
  return h("details", { class: "raw" }, h("summary", {}, "Everything else in the view"), value(left));
}

export function render(view) {
  return h("div", { class: "table generic" }, value(Object.fromEntries(
    Object.entries(view).filter(([k]) => !ENVELOPE.has(k)))));
}

/** A titled box of the table. */
export function panel(title, ...children) {
  return h("section", { class: "area", "aria-label": title }, h("h3", {}, title), ...children);
}

/** Label: value pairs as a compact list. */
export function stats(pairs) {
  return h("dl", { class: "stats" }, pairs.filter(([, v]) => v !== undefined).map(([k, v]) => h("div", {}, h("dt", {}, k), h("dd", {}, show(v)))));
}
