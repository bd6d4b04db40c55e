// Catalog content a table names things by (board spaces, Hit cards, award goals): read once
// per page, public data only, so a seat's view never has to repeat it.
import * as api from "./api.js";

const cache = new Map();
const loaded = new Map();

/** Load the named sections of a game's catalog (failures leave the section empty). */
export async function load(game, names) {
  await Promise.all(names.map((name) => {
    const key = `${game}/${name}`;
    if (!cache.has(key)) {
      cache.set(key, api.content(game, name).then((r) => { loaded.set(key, r.items || r); }, () => { loaded.set(key, null); }));
    }
    return cache.get(key);
  }));
}

/** A loaded section's items (null when not loaded or unavailable). */
export function items(game, name) {
  return loaded.get(`${game}/${name}`) ?? null;
}
