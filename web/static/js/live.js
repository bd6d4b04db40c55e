// Live updates: the game's Server-Sent Events stream, else long-polling the view.
//
// Either way the page treats an update as "the version moved": it then reads
// its own view and actions again, so a stream event never has to carry them.

const STREAM_EVENTS = ["view", "update", "event", "version", "end", "final", "finished", "message"];

/**
 * Call ``onVersion(version, data)`` whenever the game moves past ``current()``.
 * Returns {stop(), mode} where mode is "stream" or "polling".
 */
export function follow(id, token, current, onVersion, onMode = () => {}) {
  let stopped = false;
  let source = null;
  const handle = { mode: "connecting", stop };

  function setMode(mode) {
    handle.mode = mode;
    onMode(mode);
  }

  function seen(data, lastId) {
    let payload = null;
    try { payload = JSON.parse(data); } catch { payload = null; }
    const fromId = Number.parseInt(lastId, 10);
    const version = Number.isFinite(fromId) ? fromId : payload && (payload.version ?? payload.view?.version);
    if (version === undefined || version === null || version > current()) onVersion(version, payload);
  }

  function stop() {
    stopped = true;
    if (source) source.close();
  }

  // A seat's token never goes into the stream's URL (logs and proxies keep URLs): it asks
  // for a single-use ticket with the token in a header and opens the stream with that.
  // A ticket works once, so every reconnect asks for a new one and resumes after the
  // last version seen.
  let lastSeen = null;
  let failures = 0;

  async function streamUrl() {
    const base = `/v1/games/${encodeURIComponent(id)}/stream`;
    const params = new URLSearchParams();
    if (lastSeen !== null) params.set("last_event_id", String(lastSeen));
    if (token) {
      const response = await fetch(`/v1/games/${encodeURIComponent(id)}/stream-tickets`, {
        method: "POST",
        headers: { Accept: "application/json", Authorization: `Bearer ${token}` },
      });
      if (!response.ok) return null;
      params.set("ticket", (await response.json()).ticket);
    }
    const query = params.toString();
    return query ? `${base}?${query}` : base;
  }

  async function stream() {
    let url = null;
    try { url = await streamUrl(); } catch { url = null; }
    if (stopped) return;
    if (url === null) { poll(); return; }
    let opened = false;
    source = new EventSource(url);
    source.onopen = () => { opened = true; failures = 0; setMode("stream"); };
    for (const name of STREAM_EVENTS) {
      source.addEventListener(name, (ev) => {
        const fromId = Number.parseInt(ev.lastEventId, 10);
        if (Number.isFinite(fromId)) lastSeen = fromId;
        seen(ev.data, ev.lastEventId);
        if (name === "end" && source) {
          // the game is over: only a rematch moves it now, which the long-poll sees
          // (the mode still tells how the game was followed)
          source.close();
          source = null;
          if (!stopped) poll(false);
        }
      });
    }
    source.onerror = () => {
      // the browser would reconnect with the same, used ticket: reconnect here instead
      if (source) source.close();
      source = null;
      if (stopped) return;
      failures += 1;
      if (!opened && failures > 2) poll(); // no stream route, or refused
      else setTimeout(() => { if (!stopped) stream(); }, 1000 * Math.min(failures, 10));
    };
  }

  async function poll(announce = true) {
    if (announce) setMode("polling");
    while (!stopped) {
      try {
        const headers = { Accept: "application/json", "If-None-Match": `"${current()}"`, Prefer: "wait=25" };
        if (token) headers.Authorization = `Bearer ${token}`;
        const started = Date.now();
        const response = await fetch(`/v1/games/${encodeURIComponent(id)}`, { headers });
        if (response.status === 200) {
          const view = await response.json();
          if (view.version > current()) onVersion(view.version, view);
          else if (Date.now() - started < 1000) await sleep(1000); // the server did not hold the request
        } else if (response.status !== 304) {
          await sleep(3000);
        }
      } catch {
        await sleep(3000);
      }
    }
  }

  if (typeof EventSource === "function") stream();
  else poll();
  return handle;
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
