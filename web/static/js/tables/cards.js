// Text cards: a face is words and numbers with a full text alternative, never an image.
import { h } from "../dom.js";

/**
 * A card; with ``onplay`` it is a real button (keyboard and screen readers get the
 * same action as a click), else a plain figure.
 */
export function card({ top, sub, title, kind = "", onplay, selected = false, id, corner, roses }) {
  const body = [h("span", { class: "card-top", "aria-hidden": "true" }, top), sub ? h("span", { class: "card-sub", "aria-hidden": "true" }, sub) : null];
  const cls = `card ${kind}${selected ? " selected" : ""}`;
  // drawn by the style sheet: a value in the corners, a count of Roses as flowers
  const face = { card: id ?? "", ...(corner !== undefined ? { corner: String(corner) } : {}), ...(Number.isInteger(roses) ? { roses: String(roses) } : {}) };
  if (onplay) return h("button", { type: "button", class: `${cls} playable`, "aria-label": title, title, onclick: onplay, dataset: face }, body);
  return h("span", { class: cls, role: "img", "aria-label": title, title, dataset: face }, body);
}

export function row(label, cards) {
  return h("div", { class: "card-row", role: "group", "aria-label": label }, cards.length ? cards : h("span", { class: "muted" }, "none"));
}
