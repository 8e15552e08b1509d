// The JSON API from the browser: one function, errors as ApiError {status, code, message, explain}.

export class ApiError extends Error {
  constructor(status, { code, message, explain = [], ...detail }) {
    super(message || code);
    this.status = status;
    this.code = code;
    this.explain = explain;
    this.detail = detail; // the error body's other fields (e.g. `student`: app/student_rules.py)
  }
}

// ---- seats held by this browser ---------------------------------------------------
// localStorage "tablero.seats": {gameId: {seat: secret}}.  A secret proves to the server
// that this browser holds a seat (sent as Authorization: Bearer).

const SEATS_KEY = "tablero.seats";

function readSeats() {
  try {
    return JSON.parse(localStorage.getItem(SEATS_KEY)) ?? {};
  } catch {
    return {};
  }
}

/** The secrets this browser holds for a game: {seat: secret}. */
export function heldSeats(id) {
  return readSeats()[id] ?? {};
}

/** Keep the secrets of a reply ({seat: secret}) for a game. */
export function keepSeats(id, secrets) {
  if (!secrets || !Object.keys(secrets).length) return;
  const all = readSeats();
  all[id] = { ...(all[id] ?? {}), ...secrets };
  localStorage.setItem(SEATS_KEY, JSON.stringify(all));
}

/** Every secret this browser holds, in any game. */
export function allSecrets() {
  return [...new Set(Object.values(readSeats()).flatMap((seats) => Object.values(seats)))];
}

/** The secret to send for a game: the one for `seat` if held, else any. */
export function secretFor(id, seat = null) {
  const seats = heldSeats(id);
  return seats[seat] ?? Object.values(seats)[0] ?? null;
}

/** Call the API; resolve to the reply's JSON, or reject with an ApiError.  secret: sent as
 *  Authorization: Bearer. */
export async function api(method, path, body, secret = null) {
  const init = { method, headers: { Accept: "application/json" } };
  if (secret) init.headers.Authorization = `Bearer ${secret}`;
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError(0, { code: "network", message: "The server could not be reached" });
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    // A proxy's HTML error page, say: described below by its status.
  }
  if (!response.ok) {
    const error = data?.error ?? { code: `http_${response.status}`, message: response.statusText };
    throw new ApiError(response.status, error);
  }
  return data;
}
