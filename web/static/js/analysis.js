// The analysis of a game (POST /v1/games/{id}/analysis, a job): beside each replay step,
// and on a Beat puzzle's table the notice that the venue can no longer be won.
import * as api from "./api.js";
import { fill, h } from "./dom.js";
import { remember } from "./store.js";

const enc = encodeURIComponent;

/** The game's analysis, waited for; throws ApiError (409 game_running, 422 ...). */
export async function analyse(id, token) {
  const job = await api.request("POST", `/v1/games/${enc(id)}/analysis`, { token, body: {} });
  const done = await api.waitJob(job.location || `/v1/jobs/${job.id}`);
  if (done.status !== "finished") throw new Error(done.error?.message || "the analysis failed");
  return done.result;
}

/** A new game from ``step`` of this one (every card open for The Beat), then its table. */
export async function tryFrom(id, step, game) {
  const created = await api.request("POST", `/v1/games/${enc(id)}/fork`, { body: { step } });
  const open = game === "beat";
  remember(created.id, {
    token: created.host_token, hostToken: created.host_token, host: true, seat: null,
    game, at: Date.now(), ...(open ? { omniscient: true, puzzle: true } : {}),
  });
  location.hash = `#/g/${created.id}`;
}

const yesNo = (v) => (v === true ? "✓ yes" : v === false ? "✗ no" : "? not asked");
const amount = (n) => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/\.?0+$/, ""));

/** The short mark beside a step in the list. */
function mark(result, s) {
  if (result.game === "beat") {
    if (s.step === result.first_losing_step) return "✗ lost here";
    return s.winnable_after === true ? "✓" : s.winnable_after === false ? "✗" : "?";
  }
  if (!s.judged) return s.part_of ? "…" : "·";
  if (s.lost > 0) return `−${amount(s.lost)} ${s.unit}`;
  return s.agrees ? "✓" : "≈";
}

/** The replay's panel: the list of steps with their marks, and the current step's detail. */
export function analysisPanel({ id, token, total, go, game }) {
  const status = h("p", { id: "analysis-status", "aria-live": "polite" }, "Analysing the game…");
  const detail = h("div", { id: "analysis-step" });
  const list = h("ol", { id: "analysis-steps", class: "analysis-steps", start: 0 });
  const tryButton = h("button", { type: "button", id: "try-from-here" }, "Try from here");
  const el = h("section", { class: "panel", id: "analysis", "aria-labelledby": "analysis-h" },
    h("h2", { id: "analysis-h" }, "Analysis"), status, detail, tryButton, list);
  let result = null;
  let step = 0;
  let label = (a) => a.type;
  const forkError = h("p", { class: "error", role: "alert", hidden: true });
  el.append(forkError);
  tryButton.addEventListener("click", async () => {
    try {
      await tryFrom(id, step, game);
    } catch (err) {
      forkError.hidden = false;
      forkError.textContent = err.message;
    }
  });

  function summary() {
    if (result.game === "beat") {
      const lost = result.first_losing_step;
      return [
        h("p", {}, `Winnable at the deal: ${yesNo(result.winnable_at_start)}`),
        lost ? h("p", {}, "The venue was lost at ",
          h("button", { type: "button", class: "link", onclick: () => go(lost) }, `step ${lost}`), ".")
          : h("p", {}, result.winnable_at_start ? "No play lost the venue." : ""),
      ];
    }
    const tail = result.complete ? "" : " (the time budget ran out before the end)";
    return [h("p", {}, `${result.judged} decisions analysed; the hint agreed with ${result.agreed}${tail}.`)];
  }

  function beatStep(s) {
    const lost = s.step === result.first_losing_step;
    const line = lost && result.line
      ? h("p", {}, `A winning line existed from step ${result.line.from_step} (${result.line.actions.length} actions). `,
        h("button", { type: "button", id: "try-line", onclick: () => tryFrom(id, result.line.from_step, game) },
          `Try from step ${result.line.from_step}`))
      : null;
    return [
      h("p", { class: lost ? "analysis-lost" : "" }, s.text),
      h("p", {}, `Winnable before: ${yesNo(s.winnable_before)} · after: ${yesNo(s.winnable_after)}`),
      line,
    ];
  }

  function otherStep(s) {
    if (!s.judged) return [h("p", {}, s.text)];
    const better = !s.agrees && s.best && s.best.length
      ? h("p", {}, "Better move: ", s.best.map((a) => label(a)).join(", "))
      : null;
    return [
      h("p", { class: s.lost > 0 ? "analysis-lost" : "" }, s.text),
      s.lost != null ? h("p", { class: "analysis-points" }, `Points lost: ${amount(s.lost)} ${s.unit}`) : null,
      better,
    ];
  }

  function draw() {
    for (const li of list.children) {
      const here = Number(li.dataset.step) === step;
      li.classList.toggle("current", here);
      // keep the current step in sight inside the list (the page itself does not move)
      if (here) list.scrollTop = Math.max(0, li.offsetTop - list.offsetTop - list.clientHeight / 2);
    }
    if (!result) return;
    const s = step > 0 ? result.per_step[step - 1] : null;
    fill(detail, !s ? summary() : result.game === "beat" ? beatStep(s) : otherStep(s));
  }

  function drawList() {
    const items = [h("li", { "data-step": 0 }, h("button", { type: "button", class: "link", onclick: () => go(0) }, "the deal"))];
    for (const s of result.per_step) {
      items.push(h("li", { "data-step": s.step, class: s.step === result.first_losing_step || s.lost > 0 ? "lost" : "" },
        h("button", { type: "button", class: "link", onclick: () => go(s.step) }, `step ${s.step}`), " ",
        h("span", { class: "mark" }, mark(result, s))));
    }
    fill(list, items);
  }

  analyse(id, token).then((out) => {
    result = out;
    fill(status, result.per_step.length === total ? "" : "The analysis covers an earlier version of the game.");
    drawList();
    draw();
  }, (err) => {
    fill(status, err.code === "game_running" ? "The analysis opens once the game has ended." : err.message);
  });

  return {
    el,
    /** Show step ``k``; ``labelOf`` names an action as the table does. */
    show(k, labelOf) {
      step = k;
      if (labelOf) label = labelOf;
      draw();
    },
  };
}

/** A Beat puzzle's table: "the venue can no longer be won", asked after each move. */
export function lostNotice({ id, token }) {
  const el = h("p", { id: "lost-notice", class: "notice", role: "status", hidden: true });
  let asked = null;
  return {
    el,
    update(view) {
      if (view.game !== "beat" || view.mode !== "puzzle" || view.status !== "running") {
        el.hidden = true;
        return;
      }
      if (asked === view.version) return;
      const version = asked = view.version;
      analyse(id, token).then((out) => {
        if (asked !== version) return;
        el.dataset.version = version;
        el.hidden = out.winnable_now !== false;
        if (out.winnable_now === false) {
          const at = out.first_losing_step;
          el.textContent = at
            ? `The venue can no longer be won: step ${at} lost it.`
            : "The venue can no longer be won.";
        }
      }, () => { /* the notice is a courtesy: no answer, no notice */ });
    },
  };
}
