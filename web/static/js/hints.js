// The hint box: ask the solver for the acting seat's next move, show why, play it in one click.
import * as api from "./api.js";
import { fill, h, words } from "./dom.js";

const TEXT_KEYS = ["explanation", "reason", "why", "summary", "message"];

/** A chance (a number in 0..1 under a key that says so) as a percentage. */
export function percent(x) {
  const p = Math.round(x * 1000) / 10;
  return `${p}%`;
}

// solver bookkeeping a player has no use for
const SKIP = new Set([
  "timing_ms", "status", "solver", "sheet", "phase", "week", "then", "seat", "version", "estimate",
  "game_id", "elapsed_s", "solve_s", "elapsed_ms", "objective", "method", "exact",
  "cycle_exact", "headline_valued",
  // what the plan's steps already say (dice staged, jobs, the show it books)
  "staged", "jobs", "show", "restock",
]);
// figures keyed by a count, named by what the count is
const COUNTED = { cycle_sizes: (k) => `Cycle ${k} card${k === "1" ? "" : "s"}` };
// a bare id ("s0-3b", "n47") or a kind:id pair ("hit:mini_lover")
const ID = /^(?:[a-z]{1,2}\d+(?:-\w+)?|[a-z]+:[a-z0-9_]+)$/i;
const CHANCE = /chance|prob|share|rate|odds/i;

/** Ids and long decimals inside a sentence made plain: "hit:mini_lover" -> "Hit mini lover". */
function tidy(text) {
  return String(text)
    .replace(/\b([a-z]+):([a-z0-9_]+)\b/gi, (_, kind, id) => `${kind[0].toUpperCase()}${kind.slice(1)} ${words(id)}`)
    .replace(/\b[a-z]+(?:_[a-z0-9]+)+\b/g, (id) => words(id))
    .replace(/-?\d+\.\d{3,}/g, (m) => String(Math.round(Number(m) * 100) / 100));
}

/** A number as a player reads it: a chance as a percentage, others to two decimals. */
function num(key, v) {
  if (CHANCE.test(key) && v >= 0 && v <= 1) return percent(v);
  return Number.isInteger(v) ? String(v) : String(Math.round(v * 100) / 100);
}

/** A figure as inline text, or null when it is only an id or too deep to say in a line. */
function inline(key, v) {
  if (v === null || v === undefined) return null;
  if (typeof v === "number") return num(key, v);
  if (typeof v === "boolean") return v ? "yes" : "no";
  if (typeof v === "string") return ID.test(v) ? null : /word/i.test(key) ? v.toUpperCase() : tidy(v);
  if (Array.isArray(v)) {
    const parts = v.map((x) => inline(key, x));
    return parts.every((x) => x !== null) && parts.length ? parts.join(", ") : null;
  }
  const entries = Object.entries(v);
  if (entries.length && entries.every(([, x]) => typeof x === "number")) {
    // {offer_values: {"0": 10.45}} -> "offer 1 10.45"; {gains: {fans: 2}} -> "+2 fans"
    const item = words(key).replace(/ (values?|scores?)$/, "");
    return entries.map(([k, x]) => (/^\d+$/.test(k) ? `${item} ${Number(k) + 1}: ${num(key, x)}` : `${x > 0 && !CHANCE.test(k) ? "+" : ""}${num(k, x)} ${words(k)}`)).join(", ");
  }
  return entries.length ? null : "none";
}

/** One choice the solver weighed ("Play your 5…: won 6 of 7 sampled deals, win share 85.7%"). */
function choiceLine(item, label) {
  const head = typeof item.label === "string" ? item.label
    : item.action && typeof item.action === "object" ? label(item.action)
    : typeof item.source === "string" ? tidy(item.source) : typeof item.name === "string" ? item.name : null;
  const rest = { ...item };
  for (const k of ["label", "action", "source", "name", "card", "then", "word", "words", ...SKIP]) delete rest[k];
  const parts = [];
  if (Number.isInteger(rest.wins) && Number.isInteger(rest.samples)) {
    parts.push(`won ${rest.wins} of ${rest.samples} sampled deals`);
    delete rest.wins;
    delete rest.samples;
  }
  for (const [k, x] of Object.entries(rest)) {
    const text = inline(k, x);
    if (text !== null) parts.push(`${words(k)} ${text}`);
  }
  const said = (head ?? "A choice").replace(/\.$/, "");
  return `${said[0].toUpperCase()}${said.slice(1)}${parts.length ? `: ${parts.join(", ")}` : ""}`;
}

/**
 * The solver's figures as plain lines for the "Estimates" box: words for keys, percentages
 * for chances, short numbers, choices by their labels; ids and solver bookkeeping left out.
 */
export function estimateLines(figures, label = () => "A move", name = () => null) {
  const lines = [];
  for (const [k, v] of Object.entries(figures || {})) {
    if (SKIP.has(k) || TEXT_KEYS.includes(k)) continue;
    if (k === "figures" && !Array.isArray(v)) continue; // a search's counts and timings
    if (Array.isArray(v) && v.some((x) => x && typeof x === "object")) {
      for (const item of v) if (item && typeof item === "object") lines.push(choiceLine(item, label));
      continue;
    }
    // a map keyed by numbers ("offer 1: 10.45", die 2's job) says nothing without names
    const numbered = v && typeof v === "object" && !Array.isArray(v) && Object.keys(v).every((x) => /^\d+$/.test(x));
    if (numbered) {
      // each entry by what the table calls it (the tour's offers by venue), else dropped
      const named = (kk) => (COUNTED[k] ? COUNTED[k](kk) : name(k, Number(kk)));
      for (const [kk, x] of Object.entries(v)) {
        const t = x && typeof x === "object" ? inline(kk, x) : num(k, x);
        const what = named(kk);
        if (t !== null && what) lines.push(`${what}: ${t}`);
      }
      continue;
    }
    const text = inline(k, v);
    if (text !== null) lines.push(`${words(k)[0].toUpperCase()}${words(k).slice(1)}: ${text}`);
    else if (v && typeof v === "object" && !Array.isArray(v)) {
      for (const [kk, x] of Object.entries(v)) {
        const t = SKIP.has(kk) ? null : inline(kk, x);
        if (t !== null) lines.push(`${words(k)[0].toUpperCase()}${words(k).slice(1)}, ${words(kk)}: ${t}`);
      }
    }
  }
  return lines;
}

/**
 * The hint's sentence: its ``why`` (every game's plain sentence naming cards, dice and
 * spaces), else whichever text the hint has. A solver's own ``explanation`` speaks its
 * bookkeeping (ids, offer numbers, weights), so it is not shown beside a ``why``.
 */
export function explanation(result) {
  if (typeof result.why === "string" && result.why) return result.why;
  for (const key of TEXT_KEYS) if (typeof result[key] === "string") return tidy(result[key]);
  return "The solver recommends this move.";
}

export function hintPanel({ get, play, label, name = () => null }) {
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
      const estimates = estimateLines(figures, label, name);
      fill(out,
        h("p", { class: "hint-text" }, explanation(result)),
        steps.length ? h("ol", { class: "plan" }, steps.map((sa) => h("li", {}, label(sa.action)))) : null,
        estimates.length ? h("details", {}, h("summary", {}, "Estimates"),
          typeof result.estimate === "string" ? h("p", { class: "muted" }, `How: ${tidy(result.estimate)}.`) : null,
          h("ul", { class: "plain estimates" }, estimates.map((line) => h("li", {}, line)))) : null,
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
