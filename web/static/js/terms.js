// Tap-to-explain: the game's terms on a table become small controls that show what they
// mean (on hover through the title, on a tap, a click or Enter in a tooltip).
import { h } from "./dom.js";

const SKIP = "button, .card, .term, summary, [aria-hidden=true], h1, input, select, option, label, textarea, script, style, .term-tip";

function escape(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

let tip = null;

function tooltip() {
  if (!tip) {
    tip = h("div", { class: "term-tip", id: "term-tip", role: "tooltip", hidden: true });
    document.body.appendChild(tip);
    document.addEventListener("click", (e) => { if (!e.target.closest?.(".term")) hide(); });
    document.addEventListener("keydown", (e) => { if (e.key === "Escape") hide(); });
  }
  return tip;
}

function hide() {
  if (!tip || tip.hidden) return;
  tip.hidden = true;
  document.querySelectorAll(".term[aria-describedby=term-tip]").forEach((t) => t.removeAttribute("aria-describedby"));
}

function show(term, text) {
  const el = tooltip();
  hide();
  el.textContent = `${term.textContent}: ${text}`;
  el.hidden = false;
  term.setAttribute("aria-describedby", "term-tip");
  const r = term.getBoundingClientRect();
  const left = Math.max(8, Math.min(r.left + window.scrollX, window.scrollX + document.documentElement.clientWidth - el.offsetWidth - 8));
  el.style.left = `${left}px`;
  el.style.top = `${r.bottom + window.scrollY + 6}px`;
}

/** A term as a control that explains itself. */
export function term(text, meaning) {
  const el = h("span", { class: "term", tabindex: "0", role: "button", title: meaning }, text);
  const open = (e) => { e.preventDefault(); e.stopPropagation(); show(el, meaning); };
  el.addEventListener("click", open);
  el.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") open(e); });
  return el;
}

/** Turn the first use of each term under ``root`` into an explaining control. */
export function explainTerms(root, terms) {
  const names = Object.keys(terms || {}).sort((a, b) => b.length - a.length);
  if (!names.length) return;
  const pattern = new RegExp(`\\b(${names.map(escape).join("|")})\\b`);
  const done = new Set();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n);
  for (const node of nodes) {
    if (node.parentElement?.closest(SKIP)) continue;
    let rest = node;
    for (;;) {
      const m = pattern.exec(rest.nodeValue);
      if (!m) break;
      const name = m[1];
      if (done.has(name)) {
        // later uses stay plain; look past this one
        const after = rest.splitText(m.index + name.length);
        rest = after;
        continue;
      }
      done.add(name);
      const word = rest.splitText(m.index);
      const after = word.splitText(name.length);
      word.replaceWith(term(name, terms[name]));
      rest = after;
    }
  }
}
