// The HTTP API and the seat tokens this browser holds.

export class ApiError extends Error {
  constructor(status, detail, body) {
    super(detail);
    this.status = status;
    this.body = body;
  }
}

export async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  const r = await fetch(path, opts);
  const text = await r.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = { detail: text }; }
  if (!r.ok) throw new ApiError(r.status, (data && data.detail) || r.statusText, data);
  return data;
}

export const get = (path) => api("GET", path);
export const post = (path, body) => api("POST", path, body);

const KEY = "westfront.seats";

/** {gameId: {side: token}} for every seat this browser holds. */
export function allSeats() {
  try { return JSON.parse(localStorage.getItem(KEY) || "{}"); } catch { return {}; }
}

export function seatsOf(gameId) {
  return allSeats()[gameId] || {};
}

export function rememberSeat(gameId, side, token, meta = {}) {
  const all = allSeats();
  all[gameId] = { ...(all[gameId] || {}), [side]: token };
  localStorage.setItem(KEY, JSON.stringify(all));
  if (Object.keys(meta).length) {
    const m = JSON.parse(localStorage.getItem(KEY + ".meta") || "{}");
    m[gameId] = { ...(m[gameId] || {}), ...meta };
    localStorage.setItem(KEY + ".meta", JSON.stringify(m));
  }
}

export function forgetGame(gameId) {
  const all = allSeats();
  delete all[gameId];
  localStorage.setItem(KEY, JSON.stringify(all));
}

let catalogPromise = null;
export function catalog() {
  if (!catalogPromise) catalogPromise = get("/api/catalog");
  return catalogPromise;
}

const maps = {};
export function mapData(game) {
  if (!maps[game]) maps[game] = get(`/api/maps/${encodeURIComponent(game)}`);
  return maps[game];
}

const layers = {};
/** The optional per-game UI layer (westfront/web/games/<id>.js), or {} when the game needs none. */
export async function gameLayer(game) {
  if (!(game in layers)) {
    const cat = await catalog();
    const info = cat.games.find((g) => g.id === game);
    layers[game] = info && info.has_ui_layer
      ? import(`/static/games/${game}.js`).then((m) => m.default || {}).catch(() => ({}))
      : Promise.resolve({});
  }
  return layers[game];
}
