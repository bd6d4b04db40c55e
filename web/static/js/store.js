// Who this browser is in each game: tokens kept in localStorage, per game id.

const KEY = (id) => `greenroom:game:${id}`;

/** {token, seat, host, hostToken, name} for a game, or null. */
export function credentials(id) {
  try {
    return JSON.parse(localStorage.getItem(KEY(id)) || "null");
  } catch {
    return null;
  }
}

export function remember(id, creds) {
  const merged = { ...(credentials(id) || {}), ...creds };
  localStorage.setItem(KEY(id), JSON.stringify(merged));
  return merged;
}

/** Every game this browser holds a token for, newest first. */
export function myGames() {
  const out = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key && key.startsWith("greenroom:game:")) {
      const creds = credentials(key.slice("greenroom:game:".length));
      if (creds) out.push({ id: key.slice("greenroom:game:".length), ...creds });
    }
  }
  return out.sort((a, b) => (b.at || 0) - (a.at || 0));
}

export function playerName() {
  return localStorage.getItem("greenroom:name") || "";
}

export function setPlayerName(name) {
  localStorage.setItem("greenroom:name", name);
}
