// The lobby: create a game from the catalog's option schemas, share seats, join open games.
import * as api from "./api.js";
import { copyText, fill, h, toast, words } from "./dom.js";
import { rulesOf } from "./rules.js";
import { schemaForm } from "./schemaform.js";
import { myGames, playerName, remember, setPlayerName } from "./store.js";

/** The link another player opens to take ``seat``. */
export function joinLink(id, seat, secret) {
  const base = `${location.origin}/#/join/${encodeURIComponent(id)}/${seat}`;
  return secret ? `${base}?invite=${encodeURIComponent(secret)}` : base;
}

function tableLink(id, token) {
  return `${location.origin}/#/g/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`;
}

function errorBox() {
  return h("p", { class: "error", role: "alert", hidden: true });
}

function showError(box, err) {
  box.hidden = false;
  box.textContent = err.message || String(err);
}

export async function lobby(main) {
  const catalog = await api.catalog();
  const games = catalog.games;
  const result = h("section", { class: "panel", "aria-live": "polite", id: "created" });
  const errors = errorBox();
  const gameSelect = h("select", { id: "game", name: "game", "aria-describedby": "game-line" },
    games.map((g) => h("option", { value: g.game }, g.title)));
  const gameLine = h("p", { class: "muted", id: "game-line" });
  const players = h("input", { id: "players", name: "players", type: "number", step: 1, inputmode: "numeric" });
  const mySeat = h("select", { id: "my-seat", name: "my-seat" });
  const seed = h("input", { id: "seed", name: "seed", type: "number", min: 0, step: 1, placeholder: "random" });
  const listed = h("input", { id: "listed", type: "checkbox", checked: true });
  const nameInput = h("input", { id: "name", name: "name", type: "text", maxlength: 40, value: playerName(), autocomplete: "nickname" });
  const optionBox = h("fieldset", { class: "options" }, h("legend", {}, "Options"));
  let form = null;

  function chosen() {
    return games.find((g) => g.game === gameSelect.value);
  }

  function redraw() {
    const g = chosen();
    players.min = g.min_players;
    players.max = g.max_players;
    if (!players.value || +players.value < g.min_players || +players.value > g.max_players) {
      players.value = Math.min(Math.max(2, g.min_players), g.max_players);
    }
    seats();
    gameLine.textContent = rulesOf(g.game)?.line || "";
    fill(optionBox, h("legend", {}, `${g.title}: options`));
    form = schemaForm(optionBox, g.options || {});
    suggest(g, form, optionBox);
  }

  function seats() {
    const n = +players.value || 1;
    fill(mySeat,
      Array.from({ length: n }, (_, i) => h("option", { value: i }, `Seat ${i}`)),
      h("option", { value: "host" }, "None: I host and play every seat"));
  }

  gameSelect.addEventListener("change", redraw);
  players.addEventListener("change", seats);

  async function submit(event) {
    event.preventDefault();
    errors.hidden = true;
    try {
      const g = chosen();
      const n = Number.parseInt(players.value, 10);
      const mine = mySeat.value === "host" ? null : Number(mySeat.value);
      const options = form.read();
      const body = { game: g.game, players: n, options };
      if (seed.value !== "") body.seed = Number.parseInt(seed.value, 10);
      if (mine !== null && n > 1) {
        body.open_seats = Array.from({ length: n }, (_, i) => i).filter((i) => i !== mine);
        body.listed = listed.checked;
        if (nameInput.value.trim()) body.names = Array.from({ length: n }, (_, i) => (i === mine ? nameInput.value.trim() : null));
      }
      if (nameInput.value.trim()) setPlayerName(nameInput.value.trim());
      const created = await api.createGame(body);
      const token = mine === null ? created.host_token : created.seat_tokens[mine];
      remember(created.id, {
        token, seat: mine, host: mine === null, hostToken: created.host_token,
        game: g.game, at: Date.now(), name: nameInput.value.trim(),
      });
      if (n === 1) {
        location.hash = `#/g/${created.id}`;
        return;
      }
      showCreated(result, created, mine);
    } catch (err) {
      showError(errors, err);
    }
  }

  const createForm = h("form", { class: "panel", onsubmit: submit, "aria-labelledby": "create-h" },
    h("h2", { id: "create-h" }, "New game"),
    h("div", { class: "field" }, h("label", { for: "game" }, "Game"), gameSelect, gameLine),
    h("div", { class: "row" },
      h("div", { class: "field" }, h("label", { for: "players" }, "Players"), players),
      h("div", { class: "field" }, h("label", { for: "my-seat" }, "Your seat"), mySeat),
      h("div", { class: "field" }, h("label", { for: "seed" }, "Seed"), seed)),
    h("div", { class: "row" },
      h("div", { class: "field" }, h("label", { for: "name" }, "Your name"), nameInput),
      h("div", { class: "field check" }, listed, h("label", { for: "listed" }, "List it in the lobby"))),
    optionBox,
    errors,
    h("button", { type: "submit", class: "primary", id: "create" }, "Create game"));

  const openList = h("div", { id: "open-games" });
  const mine = h("div", { id: "my-games" });
  const gameFilter = h("select", { id: "open-filter", "aria-label": "Filter open games by game" },
    h("option", { value: "" }, "every game"), games.map((g) => h("option", { value: g.game }, g.title)));
  gameFilter.addEventListener("change", () => listOpen(openList, gameFilter.value));

  fill(main,
    h("h1", {}, "Lobby"),
    h("div", { class: "columns" },
      h("div", {}, createForm, result),
      h("div", {},
        h("section", { class: "panel", "aria-labelledby": "open-h" },
          h("h2", { id: "open-h" }, "Open games"),
          h("div", { class: "row" }, gameFilter,
            h("button", { type: "button", onclick: () => listOpen(openList, gameFilter.value) }, "Refresh")),
          openList),
        h("section", { class: "panel", "aria-labelledby": "mine-h" }, h("h2", { id: "mine-h" }, "Your games"), mine))));
  result.hidden = true;
  redraw();
  listMine(mine);
  listOpen(openList, "");
}

/**
 * Offer the ids of the game's content as choices for an option of the same name
 * (Beat venues for "venue", Overdrive bands for "bands", Composition maestros ...).
 */
async function suggest(game, form, box) {
  for (const name of Object.keys(game.options?.properties || {})) {
    const section = (game.content || []).find((c) => c === name || c === `${name}s`);
    const input = form.input(name);
    if (!section || !input || input.tagName !== "INPUT") continue;
    try {
      const items = (await api.content(game.game, section)).items;
      // another game chosen meanwhile: its own form has replaced this one
      if (!input.isConnected) return;
      if (!Array.isArray(items)) continue;
      const named = items.filter((it) => it && it.id !== undefined);
      const list = h("datalist", { id: `choices-${game.game}-${name}` },
        named.map((it) => h("option", { value: it.id }, it.name ? `${it.name}${it.tier ? ` (${it.tier})` : ""}` : String(it.id))));
      box.appendChild(list);
      input.setAttribute("list", list.id);
      // a single choice by name (a Beat venue): a picker with names and tiers, no ids to type
      const type = [].concat(game.options.properties[name]?.type || []);
      if (type.includes("string") && named.every((it) => it.name)) {
        const pickId = `pick-${game.game}-${name}`;
        const picker = h("select", { id: pickId, onchange: () => { input.value = picker.value; } },
          h("option", { value: "" }, "The default"),
          named.map((it) => h("option", { value: it.id }, `${it.name}${it.tier ? ` (${it.tier})` : ""}`)));
        const field = input.closest(".field");
        if (field) field.hidden = true;
        box.appendChild(h("div", { class: "field" }, h("label", { for: pickId }, name.replace(/^./, (c) => c.toUpperCase())), picker));
      } else if (type.includes("array")) {
        box.appendChild(perSeatPicker(game, name, named, input));
      }
    } catch { /* typing the id still works */ }
  }
}

/**
 * One choice per seat by name (Overdrive's bands, Composition's Maestros) instead of ids
 * typed comma-separated: the hidden text box gets the ids once every seat has one.
 */
function perSeatPicker(game, name, named, input) {
  const players = document.getElementById("players");
  const field = input.closest(".field");
  if (field) field.hidden = true;
  const title = name.replace(/^./, (c) => c.toUpperCase());
  const box = h("fieldset", { class: "field per-seat", id: `pick-${game.game}-${name}` }, h("legend", {}, `${title}, one per seat`));
  const rows = h("div", {});
  const note = h("small", { class: "muted" }, "Leave them all on “Dealt at random”, or choose one for every seat.");
  let selects = [];
  function sync() {
    const ids = selects.map((s) => s.value);
    input.value = ids.every(Boolean) ? ids.join(",") : "";
  }
  function draw() {
    const n = Math.max(1, Math.min(8, Number.parseInt(players?.value || "1", 10) || 1));
    const kept = selects.map((s) => s.value);
    selects = Array.from({ length: n }, (_, seat) => {
      const select = h("select", { id: `pick-${game.game}-${name}-${seat}`, onchange: sync },
        h("option", { value: "" }, "Dealt at random"),
        named.map((it) => h("option", { value: it.id }, it.name || String(it.id))));
      select.value = kept[seat] || "";
      return select;
    });
    fill(rows, selects.map((select, seat) => h("div", { class: "field" }, h("label", { for: select.id }, `Seat ${seat}`), select)));
    sync();
  }
  players?.addEventListener("change", draw);
  players?.addEventListener("input", draw);
  draw();
  box.append(rows, note);
  return box;
}

function seatRow(created, seat, mine) {
  const id = created.id;
  const token = created.seat_tokens?.[seat];
  const link = token ? tableLink(id, token) : joinLink(id, seat);
  const input = h("input", { type: "text", readonly: true, value: link, id: `join-${seat}`, "aria-label": `Join link for seat ${seat}` });
  const status = h("span", { class: "muted", id: `seat-status-${seat}` }, seat === mine ? "you" : "open");
  const bot = h("button", {
    type: "button", id: `bot-${seat}`,
    onclick: async () => {
      try {
        await api.seatBot(id, seat, created.host_token);
        status.textContent = "bot";
        bot.disabled = true;
        toast(`A bot took seat ${seat}`);
      } catch (err) {
        status.textContent = err.message;
      }
    },
  }, "Seat a bot");
  const invite = h("button", {
    type: "button", id: `invite-${seat}`,
    onclick: async () => {
      try {
        const made = await api.invite(id, seat, created.host_token);
        input.value = made.url;
        status.textContent = "kept for the invite";
        toast(`Seat ${seat} now only opens with this link`);
      } catch (err) {
        status.textContent = err.message;
      }
    },
  }, "Private invite");
  return h("li", { class: "seat-row" },
    h("strong", {}, `Seat ${seat}`), " ", status,
    seat === mine ? null : h("div", { class: "row" }, input,
      h("button", { type: "button", onclick: () => copyText(input.value, input) }, "Copy link"), invite, bot));
}

function showCreated(section, created, mine) {
  section.hidden = false;
  const n = created.players;
  fill(section,
    h("h2", {}, "Game created"),
    h("p", {}, "Send a join link to each player, or seat bots. ",
      h("a", { href: `#/g/${created.id}`, id: "open-table", class: "button primary" }, "Open your table")),
    h("ul", { class: "plain" }, Array.from({ length: n }, (_, i) => seatRow(created, i, mine))));
  section.querySelector("a").focus();
}

async function listOpen(container, game) {
  fill(container, h("p", { class: "muted" }, "Loading…"));
  let data;
  try {
    data = await api.openGames(game);
  } catch (err) {
    fill(container, h("p", { class: "muted" }, `No open-game list here (${err.message}).`));
    return;
  }
  const items = data.games || data.items || [];
  if (!items.length) {
    fill(container, h("p", { class: "muted" }, "No open games right now."));
    return;
  }
  fill(container, h("ul", { class: "plain" }, items.map((g) => {
    const open = openSeats(g);
    return h("li", { class: "open-game" },
      h("strong", {}, g.title || words(g.game)), ` · ${g.players} seats · `,
      h("code", {}, g.id), " ",
      open.map((seat) => h("button", {
        type: "button", class: "join",
        onclick: () => { location.hash = `#/join/${g.id}/${seat}`; },
      }, `Join seat ${seat}`)));
  })));
}

/** Open seat numbers of a listed game, whatever shape the listing gives them in. */
export function openSeats(g) {
  if (Array.isArray(g.open_seats)) return g.open_seats;
  if (Array.isArray(g.seats)) {
    return g.seats.filter((s) => s.open || s.status === "open" || (!s.taken && !s.name && !s.bot)).map((s) => s.seat);
  }
  return [];
}

function listMine(container) {
  const games = myGames();
  if (!games.length) {
    fill(container, h("p", { class: "muted" }, "Games you create or join show up here."));
    return;
  }
  fill(container, h("ul", { class: "plain" }, games.slice(0, 12).map((g) =>
    h("li", {}, h("a", { href: `#/g/${g.id}` }, `${words(g.game || "game")} ${g.id}`),
      g.host ? " (host)" : g.seat !== null && g.seat !== undefined ? ` (seat ${g.seat})` : ""))));
}

/** #/join/{id}/{seat}: take an open seat with a name (or the invite in the link). */
export async function join(main, id, seat, params) {
  const errors = errorBox();
  const name = h("input", { id: "join-name", type: "text", maxlength: 40, value: playerName(), required: true, autocomplete: "nickname" });
  async function submit(event) {
    event.preventDefault();
    errors.hidden = true;
    try {
      const body = { name: name.value.trim() };
      if (params.get("invite")) body.invite = params.get("invite");
      setPlayerName(body.name);
      const claimed = await api.claimSeat(id, seat, body);
      const token = claimed.token || claimed.seat_token;
      remember(id, { token, seat, host: false, game: claimed.game, at: Date.now(), name: body.name });
      location.hash = `#/g/${id}`;
    } catch (err) {
      showError(errors, err);
    }
  }
  // the game, its host and its seats, read from the public view (a private game may refuse it)
  let about = null;
  try {
    const view = await api.view(id, null);
    const titles = Object.fromEntries((await api.catalog()).games.map((g) => [g.game, g.title]));
    const seating = Array.isArray(view.seating) ? view.seating : [];
    const host = seating.find((x) => x.host)?.name || seating.find((x) => x.kind === "human" && x.name)?.name;
    about = [
      h("p", { id: "join-game" }, h("strong", {}, titles[view.game] || view.game), host ? `, hosted by ${host}` : ""),
      rulesOf(view.game) ? h("p", { class: "muted" }, rulesOf(view.game).line) : null,
      seating.length ? h("ul", { class: "plain", id: "join-seats", "aria-label": "Seats" }, seating.map((x, k) =>
        h("li", {}, `Seat ${k}: ${x.kind === "open" || x.open ? (k === seat ? "open: yours to take" : "open") : x.kind === "bot" ? `${x.name || "a bot"} (bot)` : x.name || "taken"}`))) : null,
    ];
  } catch { /* the join form works without it */ }
  fill(main,
    h("h1", {}, `Join game ${id}`),
    h("form", { class: "panel narrow", onsubmit: submit },
      about,
      h("p", {}, `You are taking seat ${seat}.`),
      h("div", { class: "field" }, h("label", { for: "join-name" }, "Your name"), name),
      errors,
      h("button", { type: "submit", class: "primary", id: "join-submit" }, "Take the seat")));
  name.focus();
}
