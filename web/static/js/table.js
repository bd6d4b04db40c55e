// A game table: the caller's view drawn by the game's renderer, its legal actions as
// buttons and forms, live updates, hints, and the outcome.
import * as api from "./api.js";
import { genericLabel, renderActions } from "./actions.js";
import { fill, h, toast, words } from "./dom.js";
import { hintPanel } from "./hints.js";
import { puzzlePanel } from "./puzzle.js";
import { lostNotice } from "./analysis.js";
import { follow } from "./live.js";
import { credentials, remember } from "./store.js";
import { catchUp, storyBook } from "./story.js";
import { rulesOf } from "./rules.js";
import { explainTerms } from "./terms.js";
import * as generic from "./tables/generic.js";
import { tableFor } from "./tables/index.js";

let titles = null;

async function titleOf(game) {
  if (!titles) {
    try {
      titles = Object.fromEntries((await api.catalog()).games.map((g) => [g.game, g.title]));
    } catch {
      titles = {};
    }
  }
  return titles[game] || words(game);
}

/** Seats whose move it is, read from the usual view fields. */
export function turnSeats(view, renderer) {
  const own = renderer.turn?.(view);
  if (Array.isArray(own)) return own;
  for (const key of ["to_act", "seats_to_act", "turn"]) {
    const v = view[key];
    if (Array.isArray(v)) return v;
    if (Number.isInteger(v)) return [v];
  }
  return [];
}

/** A seat's display name: the name it joined with (or "bot"), from the view's seating. */
export function nameOf(view, seat) {
  const info = Array.isArray(view.seating) ? view.seating[seat] : null;
  if (info && info.kind === "bot") return `${info.name || "Bot"} (bot, seat ${seat})`;
  if (info && info.kind === "open") return `Seat ${seat} (open)`;
  const name = info?.name;
  return typeof name === "string" && name ? `${name} (seat ${seat})` : `Seat ${seat}`;
}

/** A seat's short name for the story: "You", the name it joined with, "Bot (seat 1)". */
export function shortName(view, seat, mine) {
  if (seat === mine) return "You";
  const info = Array.isArray(view?.seating) ? view.seating[seat] : null;
  if (info && info.kind === "bot") return /bot/i.test(info.name || "") ? info.name : `${info.name || "Bot"} (bot)`;
  return typeof info?.name === "string" && info.name ? info.name : `Seat ${seat}`;
}

/** The "How to play" panel of a game: its steps and what its words mean. */
export function howToPlay(game, title) {
  const rules = rulesOf(game);
  if (!rules) return null;
  return h("details", { class: "panel how", id: "how-to-play" },
    h("summary", {}, `How to play ${title}`),
    h("p", {}, rules.line),
    h("ol", {}, rules.steps.map((step) => h("li", {}, step))),
    h("h3", {}, "Words on the table"),
    h("dl", {}, Object.entries(rules.terms).map(([word, meaning]) => [h("dt", {}, word), h("dd", {}, meaning)])));
}

/** Seats nobody has taken yet: moves wait for them. */
export function openSeatsOf(view) {
  return (Array.isArray(view.seating) ? view.seating : []).filter((s) => s.open || s.kind === "open").map((s) => s.seat);
}

/** Who a score belongs to: a seat, or a rival that is not a seat (Metallum). */
function scorer(key, seatName) {
  return /^\d+$/.test(key) ? seatName(Number(key)) : words(key).replace(/^./, (c) => c.toUpperCase());
}

/**
 * The final scores as a table: one row per scorer, the score, then every per-scorer figure
 * the outcome carries (a breakdown's parts, Roses, ranks...).
 */
function scoreTable(o, seatName) {
  const who = Object.keys(o.scores || {});
  if (!who.length) return null;
  const cols = [["Score", (k) => o.scores[k]]];
  for (const [key, val] of Object.entries(o)) {
    if (key === "scores" || !val || typeof val !== "object" || Array.isArray(val)) continue;
    if (!who.every((k) => k in val)) continue;
    const sample = val[who[0]];
    if (sample && typeof sample === "object") {
      for (const part of Object.keys(sample)) {
        if (part !== "total") cols.push([words(part).replace(/^./, (c) => c.toUpperCase()), (k) => val[k]?.[part]]);
      }
    } else {
      cols.push([words(key).replace(/^./, (c) => c.toUpperCase()), (k) => val[k]]);
    }
  }
  return h("table", { class: "scores", id: "scores" },
    h("caption", {}, "Final scores"),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Who"), cols.map(([title]) => h("th", { scope: "col" }, title)))),
    h("tbody", {}, who.map((k) => h("tr", {}, h("th", { scope: "row" }, scorer(k, seatName)), cols.map(([, get]) => h("td", {}, generic.value(get(k))))))));
}

function outcomeBanner(view, mine, seatName, renderer) {
  const o = view.outcome;
  if (!o) return null;
  const winners = o.winners || [];
  let headline;
  // a solo game has no one to lose to: why it ended (the goal missed) says the rest
  if (!winners.length) headline = (view.seating || []).length === 1 ? "Game over." : "Game over: nobody won.";
  else if (mine !== null && winners.includes(mine)) headline = winners.length > 1 ? "Game over: you won together!" : "Game over: you won!";
  else headline = `Game over: ${winners.map(seatName).join(", ")} won.`;
  let why = null;
  try {
    why = renderer.endText?.(o, view) || null;
  } catch (err) {
    console.error(err);
  }
  return h("section", { class: "outcome", id: "outcome", role: "status" },
    h("h2", {}, headline),
    why ? h("p", { class: "end-why", id: "end-why" }, why) : null,
    scoreTable(o, seatName));
}

export async function table(main, id, params) {
  if (params.get("token")) {
    remember(id, { token: params.get("token"), at: Date.now() });
    history.replaceState(null, "", `#/g/${encodeURIComponent(id)}`);
  }
  const creds = credentials(id) || {};
  const token = creds.token || null;
  const host = Boolean(creds.host);
  const state = { view: null, listing: { actions: [], forms: [] }, version: 0, acting: null, seq: 0, asked: 0 };
  const story = storyBook();

  const heading = h("h1", { id: "table-title" }, "Loading…");
  const turn = h("p", { class: "turn", id: "turn", "aria-live": "polite" });
  const live = h("span", { class: "live muted", id: "live" }, "");
  const errors = h("p", { class: "error", role: "alert", id: "error", hidden: true });
  const outcome = h("div", {});
  const board = h("div", { class: "board", id: "board" });
  const howBox = h("div", { id: "how" });
  const actionsBox = h("div", { id: "actions" });
  const extraBox = h("div", { id: "extra" });
  const switcher = h("div", { id: "seat-switch" });
  const eventsBox = h("ul", { class: "events", id: "events" });
  const tools = h("div", { class: "tools", id: "tools" });
  const puzzleBox = h("div", { id: "puzzle" });
  let puzzle = null;
  const lost = lostNotice({ id, token });
  const hints = hintPanel({
    get: () => ({ id, token, seat: actingSeat(), game: state.view?.game, running: state.view?.status === "running", version: state.version }),
    play: (steps) => playAll(steps),
    label: (a) => label(a),
    name: (key, index) => renderer().figureName?.(key, index, state.view) || null,
  });

  fill(main,
    h("div", { class: "table-head" }, heading, h("p", {}, turn, " ", live)),
    errors, outcome, lost.el,
    h("div", { class: "layout" },
      h("div", { class: "table-main" }, howBox, board),
      h("aside", { class: "side", "aria-label": "Your moves" },
        h("section", { class: "panel", "aria-labelledby": "moves-h" },
          h("h2", { id: "moves-h" }, "Your moves"), switcher, extraBox, actionsBox),
        puzzleBox,
        hints.el,
        h("section", { class: "panel", "aria-labelledby": "events-h" },
          h("h2", { id: "events-h" }, "What happened"), eventsBox),
        tools)));

  const renderer = () => tableFor(state.view?.game);
  const mySeat = () => (host ? null : creds.seat ?? state.view?.seat ?? null);
  const seatName = (seat) => {
    const name = state.view ? nameOf(state.view, seat) : `Seat ${seat}`;
    return seat === mySeat() ? `${name}, you` : name;
  };
  const label = (action) => renderer().label?.(action, state.view) || genericLabel(action);

  function actingSeat() {
    if (!host) return mySeat();
    return state.acting;
  }

  function showError(err) {
    errors.hidden = false;
    fill(errors, err.message || String(err), err.code ? h("small", { class: "code" }, ` (${err.code})`) : null);
  }

  const who = (seat) => (state.view ? shortName(state.view, seat, mySeat()) : `Seat ${seat}`);

  /** The story so far, newest first. */
  function drawStory() {
    const entries = story.lines();
    fill(eventsBox, entries.length
      ? [...entries].reverse().map((e) => h("li", { dataset: { version: e.v } }, e.text))
      : h("li", { class: "muted" }, "Nothing yet."));
  }

  /**
   * Bring the story up to the version on the table, from the game's history (the host's
   * is the whole table's, whichever seat it acts for). One telling at a time: a newer
   * version asked for while one is read is told right after.
   */
  let telling = Promise.resolve();
  function tellStory() {
    telling = telling.then(async () => {
      const upto = state.version;
      if (upto <= state.asked) return;
      try {
        await catchUp(story, { id, token, seat: undefined, renderer: (v) => tableFor(v.game), who });
        state.asked = upto;
      } catch (err) {
        console.error(err);
      }
    });
    return telling;
  }

  async function refresh() {
    const seq = ++state.seq;
    try {
      let listing;
      let view;
      // the actions and the view are two reads: when a move lands between them, read
      // both again, or the board of one version would show the buttons of another (and
      // the stream's news of that move, already seen, would not put it right)
      for (let reads = 1; ; reads++) {
        listing = { actions: [], forms: [] };
        if (token) listing = await api.actions(id, token);
        let seat;
        if (host && !creds.omniscient) {
          const seats = [...new Set(listing.actions.map((a) => a.seat))];
          if (!seats.includes(state.acting)) state.acting = seats.length ? seats[0] : state.acting ?? 0;
          seat = state.acting;
        }
        view = await api.view(id, token, seat);
        if (seq !== state.seq) return;
        if (!token || listing.version === view.version || reads >= 5) break;
      }
      if (host && creds.omniscient && state.acting === null) state.acting = listing.actions[0]?.seat ?? 0;
      if (host && creds.omniscient && !listing.actions.some((a) => a.seat === state.acting)) {
        state.acting = listing.actions[0]?.seat ?? state.acting;
      }
      state.view = view;
      state.seen = Date.now();
      state.version = view.version;
      state.listing = listing;
      await tellStory(); // drawn with the board, so a table never shows a story behind it
      await draw();
      if (view.status === "finished" && watcher) watcher.stop();
    } catch (err) {
      if (seq === state.seq) showError(err);
    }
  }

  async function act(sa) {
    errors.hidden = true;
    try {
      await api.act(id, token, sa);
      await refresh();
      return true;
    } catch (err) {
      showError(err);
      if (err.status === 412 || err.status === 409) refresh();
      return false;
    }
  }

  async function playAll(steps) {
    for (const sa of steps) {
      try {
        await api.act(id, token, sa);
      } catch (err) {
        showError(err);
        break;
      }
    }
    await refresh();
  }

  async function draw() {
    const view = state.view;
    const r = renderer();
    document.title = `${await titleOf(view.game)} · Greenroom`;
    heading.textContent = `${await titleOf(view.game)} · game ${view.id}`;
    const seat = actingSeat();
    const listing = host && !creds.omniscient
      ? { ...state.listing, actions: state.listing.actions.filter((a) => a.seat === seat), forms: (state.listing.forms || []).filter((f) => f.seat === seat) }
      : state.listing;
    const ctx = {
      view, seat, host, listing, act, seatName, label,
      find: (pred) => listing.actions.find((sa) => pred(sa.action, sa.seat)),
    };
    const empty = openSeatsOf(view);
    if (view.status === "finished") {
      turn.textContent = "The game is over.";
      live.textContent = ""; // nothing is live any more (data-mode keeps the transport used)
    } else if (empty.length) {
      turn.textContent = `Waiting for players to take ${empty.map((s) => `seat ${s}`).join(", ")}.`;
    } else if (listing.actions.length) {
      turn.textContent = host ? `${seatName(seat)} to move.` : "Your move.";
    } else {
      const waiting = turnSeats(view, r).filter((s) => s !== mySeat());
      turn.textContent = waiting.length ? `Waiting for ${waiting.map(seatName).join(", ")}.` : "Waiting for the other seats.";
    }
    fill(outcome, outcomeBanner(view, mySeat(), seatName, r));
    main.dataset.version = view.version;
    main.dataset.status = view.status;
    main.dataset.game = view.game;
    main.classList.toggle("finished", view.status === "finished");
    drawStory();
    let drawn;
    try {
      if (r.load) await r.load(view);
      drawn = r.render(view, ctx);
    } catch (err) {
      console.error(err);
      drawn = generic.render(view);
    }
    fill(board, drawn, r === generic ? null : generic.rest(view, r.drawn || []));
    explainTerms(board, rulesOf(view.game)?.terms);
    if (!howBox.firstChild) fill(howBox, howToPlay(view.game, await titleOf(view.game)));
    // moves a renderer offers through its own controls (a die-by-die picker) are not buttons too
    const buttons = r.handles ? {
      ...listing,
      actions: listing.actions.filter((sa) => !r.handles(sa.action)),
      forms: (listing.forms || []).filter((f) => !r.handles({ type: (f.form || f).type })),
    } : listing;
    renderActions(actionsBox, buttons, { label, act, seatName });
    fill(extraBox, r.extra && view.status === "running" ? r.extra(ctx) : null);
    const others = host ? [...new Set(state.listing.actions.map((a) => a.seat))].filter((s) => s !== seat) : [];
    fill(switcher, others.length ? h("p", {}, "Also to move: ", others.map((s) => h("button", {
      type: "button", class: "small", onclick: () => { state.acting = s; refresh(); },
    }, `Act as ${seatName(s)}`))) : null);
    hints.update();
    lost.update(view);
    if (view.game === "beat" && view.mode === "puzzle" && host) {
      if (!puzzle) {
        puzzle = puzzlePanel({ id, token, act });
        fill(puzzleBox, puzzle.el);
      }
      puzzle.update();
    }
    drawTools(view);
  }

  function drawTools(view) {
    // a running game's log shows hidden moves: only the host (or an open puzzle) replays it
    const items = view.status === "finished" || host
      ? [h("a", { href: `#/replay/${encodeURIComponent(id)}`, class: "button", id: "replay-link" },
        view.status === "finished" ? "Replay this game" : "Replay so far")]
      : [];
    if (view.status === "finished" && token) {
      items.push(h("button", {
        type: "button", id: "rematch",
        onclick: async () => {
          try {
            // a seat's own token gets that seat in the next game; the host's gets the host
            const next = await api.rematch(id, token);
            const nextToken = host ? next.host_token || next.token : next.token;
            remember(next.id, {
              ...creds, token: nextToken, seat: host ? null : next.seat,
              hostToken: next.host_token || undefined, at: Date.now(),
            });
            location.hash = `#/g/${next.id}`;
          } catch (err) {
            showError(err);
          }
        },
      }, "Rematch"));
    }
    items.push(h("button", {
      type: "button",
      onclick: () => {
        navigator.clipboard?.writeText(`${location.origin}/#/g/${id}`).then(() => toast("Spectator link copied"), () => toast(`${location.origin}/#/g/${id}`));
      },
    }, "Copy spectator link"));
    fill(tools, items);
  }

  let watcher = null;
  await refresh();
  if (state.view && state.view.status !== "finished") {
    watcher = follow(id, token, () => state.version, () => {
      refresh();
    }, (mode) => {
      if (state.view?.status === "finished") return;
      live.textContent = mode === "stream" ? "· live" : mode === "polling" ? "· live (polling)" : "";
      live.dataset.mode = mode;
    });
  }
  // a safety net under the stream: a quiet table reads the game again now and then
  const quiet = setInterval(() => {
    if (state.view?.status === "running" && Date.now() - state.seen > 30_000) refresh();
  }, 10_000);
  return () => {
    clearInterval(quiet);
    if (watcher) watcher.stop();
  };
}
