// Which table renders which game: the catalog names each game's table file (null: the
// generic one), so a game registered on the server needs no change here.
import * as api from "../api.js";
import * as generic from "./generic.js";

const TABLE_FILE = /^[a-z0-9_]+\.js$/;

async function load() {
  const tables = {};
  let games = [];
  try {
    games = (await api.catalog()).games;
  } catch {
    return tables; // no catalog: every game gets the generic table
  }
  await Promise.all(games.filter((g) => g.table && TABLE_FILE.test(g.table)).map(async (g) => {
    try {
      tables[g.game] = await import(`./${g.table}`);
    } catch {
      // a table that fails to load leaves its game on the generic one
    }
  }));
  return tables;
}

const TABLES = await load();

/** {render(view, ctx), label?(action, view), turn?(view)} for a game id. */
export function tableFor(game) {
  return TABLES[game] || generic;
}
