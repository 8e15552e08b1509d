// catalog.js: the games the server declares (GET /api/games's `games`: each game's options,
// title, actions, clocks, `computer` and `console`, from its Prolog declarations), read once
// a page, for what a page says about a game without naming it in JavaScript.

import { api } from "./api.js";

let loading = null; // the catalog's request, once a page asked for it

/** The catalog's games, read once ([] when the request failed). */
export function loadCatalog() {
  loading ??= api("GET", "/api/games").then(({ games }) => games ?? [], () => []);
  return loading;
}
