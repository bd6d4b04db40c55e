// The public HTTP API of the service, and nothing else: the page has no private routes.

export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.message) || `HTTP ${status}`);
    this.status = status;
    this.code = body && body.code;
    this.errors = body && body.errors;
  }
}

/** One JSON request; non-2xx answers throw ApiError with the server's code and sentence. */
export async function request(method, path, { token, body, headers = {} } = {}) {
  const all = { Accept: "application/json", ...headers };
  if (token) all.Authorization = `Bearer ${token}`;
  if (body !== undefined) all["Content-Type"] = "application/json";
  const response = await fetch(path, {
    method,
    headers: all,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status === 304) return null;
  const text = await response.text();
  let data = null;
  if (text) {
    try { data = JSON.parse(text); } catch { data = { message: text }; }
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

const enc = encodeURIComponent;

export const catalog = () => request("GET", "/v1/catalog");
export const content = (game, section) => request("GET", `/v1/catalog/${enc(game)}/${enc(section)}`);
export const createGame = (body) => request("POST", "/v1/games", { body });
export const openGames = (game) =>
  request("GET", `/v1/games?status=open${game ? `&game=${enc(game)}` : ""}`);

export function view(id, token, seat) {
  const query = seat === undefined || seat === null ? "" : `?seat=${seat}`;
  return request("GET", `/v1/games/${enc(id)}${query}`, { token });
}

export const actions = (id, token) => request("GET", `/v1/games/${enc(id)}/actions`, { token });

export function act(id, token, seatAction, version) {
  const headers = version === undefined ? {} : { "If-Match": `"${version}"` };
  return request("POST", `/v1/games/${enc(id)}/actions`, { token, body: seatAction, headers });
}

export const claimSeat = (id, seat, body) =>
  request("POST", `/v1/games/${enc(id)}/seats/${seat}`, { body });
export const seatBot = (id, seat, token, body = {}) =>
  request("POST", `/v1/games/${enc(id)}/seats/${seat}/bot`, { token, body });
export const invite = (id, seat, token) =>
  request("POST", `/v1/games/${enc(id)}/seats/${seat}/invite`, { token });
export const rematch = (id, token) => request("POST", `/v1/games/${enc(id)}/rematch`, { token, body: {} });
export const log = (id, token) => request("GET", `/v1/games/${enc(id)}/log`, { token });

export function replayStep(id, step, token, seat) {
  const query = seat === undefined || seat === null ? "" : `?seat=${seat}`;
  return request("GET", `/v1/games/${enc(id)}/replay/${step}${query}`, { token });
}

/** Follow a job until it ends, letting the server hold each request (Prefer: wait). */
export async function waitJob(location, { seconds = 10, tries = 12 } = {}) {
  for (let i = 0; i < tries; i++) {
    const job = await request("GET", location, { headers: { Prefer: `wait=${seconds}` } });
    if (job.status === "finished" || job.status === "failed") return job;
  }
  throw new Error("the job is still running; try again later");
}

/** Ask for a hint for a seat and wait for it. */
export async function hint(id, token, seat) {
  const body = seat === undefined || seat === null ? {} : { seat };
  const job = await request("POST", `/v1/games/${enc(id)}/hints`, { token, body });
  return waitJob(job.location || `/v1/jobs/${job.id}`);
}

/** A solver problem (e.g. "beat/feasibility"), queued and waited for. */
export async function solve(problem, body) {
  const job = await request("POST", `/v1/solver/${problem}`, { body });
  return waitJob(job.location || `/v1/jobs/${job.id}`);
}

/** The caller's story so far: its view after each action past version ``after``. */
export function history(id, token, after, seat) {
  const query = `?after=${after}${seat === undefined || seat === null ? "" : `&seat=${seat}`}`;
  return request("GET", `/v1/games/${enc(id)}/history${query}`, { token });
}
