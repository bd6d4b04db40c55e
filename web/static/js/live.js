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

  function stream() {
    const query = token ? `?token=${encodeURIComponent(token)}` : "";
    let opened = false;
    source = new EventSource(`/v1/games/${encodeURIComponent(id)}/stream${query}`);
    source.onopen = () => { opened = true; setMode("stream"); };
    for (const name of STREAM_EVENTS) {
      source.addEventListener(name, (ev) => seen(ev.data, ev.lastEventId));
    }
    source.onerror = () => {
      // a closed source never reconnects by itself: no stream route, or refused
      if (source.readyState === EventSource.CLOSED || !opened) {
        source.close();
        source = null;
        if (!stopped) poll();
      }
    };
  }

  async function poll() {
    setMode("polling");
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
