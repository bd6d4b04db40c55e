// The actions panel: every listed legal action as a button, parameterised ones as small forms.
import { fill, h, show, words } from "./dom.js";

/** A generic label: "play · card s0-3b · face up". */
export function genericLabel(action) {
  const parts = [words(action.type || "act")];
  for (const [key, value] of Object.entries(action)) {
    if (key === "type") continue;
    if (value === true) parts.push(words(key));
    else if (value === false) parts.push(`not ${words(key)}`);
    else if (value === null || value === undefined) continue;
    else if (Array.isArray(value)) parts.push(`${words(key)} ${value.every((x) => typeof x !== "object" || x === null) ? value.join(", ") : `(${value.length})`}`);
    else if (typeof value === "object") continue;
    else parts.push(`${words(key)} ${show(value)}`);
  }
  return parts.join(" · ");
}

/** An event of the game as a line: "Seat 1: played · song 0". */
export function eventLabel(ev, seatName) {
  const { seat, ...rest } = ev;
  const text = genericLabel(rest);
  return Number.isInteger(seat) ? `${seatName(seat)}: ${text}` : text;
}

/** Render the listing into ``box``; ``act(seatAction)`` posts one. */
export function renderActions(box, listing, { label, act, seatName }) {
  const bySeat = new Map();
  for (const sa of listing.actions || []) {
    if (!bySeat.has(sa.seat)) bySeat.set(sa.seat, []);
    bySeat.get(sa.seat).push(sa);
  }
  const groups = [];
  for (const [seat, all] of bySeat) {
    // moves a player cannot tell apart (two plain 5s of the Beat) are one button
    const seen = new Set();
    const list = all.filter((sa) => { const text = label(sa.action); if (seen.has(text)) return false; seen.add(text); return true; });
    groups.push(h("div", { class: "action-group", role: "group", "aria-label": `Actions for ${seatName(seat)}` },
      bySeat.size > 1 ? h("h3", {}, seatName(seat)) : null,
      h("div", { class: "buttons" }, list.map((sa) => h("button", {
        type: "button", class: "action", dataset: { action: JSON.stringify(sa.action), seat: sa.seat },
        onclick: () => act(sa),
      }, label(sa.action))))));
  }
  const forms = (listing.forms || []).map((f, i) => actionForm(f, i, listing, act, seatName));
  fill(box,
    groups.length ? groups : h("p", { class: "muted", id: "no-actions" }, "Nothing to do right now."),
    forms.length ? h("div", { class: "forms" }, h("h3", {}, "More moves"), forms) : null);
}

/**
 * What a form asks for ({name: description}) and the fixed part of its action.
 * Two shapes are in use: {type, description, params: {...}, ...info} and the flat
 * {type, name: "description", fixed: value}, where strings describe and other values are fixed.
 */
export function formParts(form) {
  const fixed = { type: form.type };
  if (form.params && typeof form.params === "object") return { fixed, params: { ...form.params } };
  const params = {};
  for (const [key, value] of Object.entries(form)) {
    if (key === "type" || key === "description") continue;
    if (typeof value === "string") params[key] = value;
    else fixed[key] = value;
  }
  return { fixed, params };
}

/** Parse what a person typed: JSON when it is JSON, a list when it has commas, else text. */
export function parseInput(text) {
  const v = text.trim();
  if (v === "") return undefined;
  try { return JSON.parse(v); } catch { /* not JSON */ }
  if (v.includes(",")) return v.split(",").map((s) => parseInput(s)).filter((s) => s !== undefined);
  return v;
}

function actionForm(entry, index, listing, act, seatName) {
  const form = entry.form || entry;
  const seat = entry.seat;
  const { fixed, params } = formParts(form);
  const example = (listing.actions || []).find((sa) => sa.seat === seat && sa.action.type === form.type)?.action;
  const inputs = Object.entries(params).map(([name, description]) => {
    const id = `form-${index}-${name}`;
    const start = example && name in example ? JSON.stringify(example[name]) : "";
    // "1..3, $1 per 2 shirts": a whole number in that range, as a number box
    const range = typeof description === "string" ? /^(\d+)\.\.(\d+)\b/.exec(description) : null;
    const input = range
      ? h("input", { id, type: "number", min: range[1], max: range[2], step: 1, value: Number.isInteger(example?.[name]) ? example[name] : range[1], "aria-describedby": `${id}-d`, dataset: { number: "1" } })
      : h("input", { id, type: "text", value: start, "aria-describedby": `${id}-d`, autocomplete: "off" });
    return [name, h("div", { class: "field" },
      h("label", { for: id }, words(name).replace(/^./, (c) => c.toUpperCase())),
      input,
      h("small", { class: "muted", id: `${id}-d` }, typeof description === "string" ? description : show(description)))];
  });
  function submit(event) {
    event.preventDefault();
    const action = { ...fixed };
    for (const [name, field] of inputs) {
      const box = field.querySelector("input");
      const value = box.dataset.number ? Number(box.value) : parseInput(box.value);
      if (value !== undefined) action[name] = value;
    }
    act({ seat, action });
  }
  const kind = words(form.type).replace(/^./, (c) => c.toUpperCase());
  const title = `${kind}${form.description ? `: ${form.description}` : ""}`;
  return h("details", { class: "action-form" },
    h("summary", {}, title, seat !== undefined ? ` (${seatName(seat)})` : ""),
    h("form", { onsubmit: submit, novalidate: true },
      inputs.map(([, el]) => el),
      h("button", { type: "submit" }, kind)));
}
