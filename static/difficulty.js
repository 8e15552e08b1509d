// difficulty.js: playing the computer, in words.  Each game declares in Prolog what its
// machine's seat is at "easy", "medium" and "hard" (tablero:game_difficulty/4: Go's
// Prolog player or GNU Go's level, Molinolog's and GoRoGo's depth of search, Azul's kind
// of player) and how a person and the machine sit (tablero:game_computer/2: the seats in
// the order they move, whether the person chooses to move first); the catalog (GET
// /api/games) serves them under each game's `computer`, with the new-game options of each
// difficulty.  This file reads them, for the index (a new game against the computer) and
// for the pages (the seats say the difficulty their settings are).  A game that declares
// no difficulty is offered to play a friend only.
//
//   computerOptions("molinolog", "hard", "second") -> {depth: 5, black: "machine", white: "human"}
//   computerOptions("go", "easy", "first", {size: 19}) -> {size: 19, black: "human", white: "machine"}
//   difficultyOf("molinolog", {depth: 5, ...}, "b") -> "hard"
//
// A difficulty whose machine is GNU Go (Go's medium and hard) is offered only where the
// server has it (GET /api/games: `gnugo`).

import { loadCatalog } from "./catalog.js";

let computers = {}; // game -> its `computer` in the catalog
let loading = null; // the catalog's request, once a page asked for it

/** Keep the `computer` of each game of a catalog (GET /api/games's `games`). */
export function keepComputers(games) {
  computers = Object.fromEntries((games ?? []).filter((g) => g.computer).map((g) => [g.game, g.computer]));
  loading ??= Promise.resolve();
}

/** Read the catalog once (pages that did not ask for it themselves); resolves when kept
 *  (a failed request keeps nothing: the seats then say no difficulty). */
export function loadComputers() {
  loading ??= loadCatalog().then(keepComputers);
  return loading;
}

const declared = (game, difficulty) => computers[game]?.difficulties.find((d) => d.difficulty === difficulty);

/** Whether the game declares its difficulties (it can be played against the computer). */
export function hasComputer(game) {
  return Boolean(computers[game]?.difficulties.length);
}

/** The game's difficulties, easiest first ("easy", "medium", "hard"). */
export function difficulties(game) {
  return (computers[game]?.difficulties ?? []).map((d) => d.difficulty);
}

/** Whether a person chooses to move first or second in this game (not when the first
 *  player is drawn with the game, as Azul's). */
export function hasOrder(game) {
  return computers[game]?.order === "chosen";
}

/** What a difficulty needs beyond the rules ("gnugo": GNU Go takes the seat), or null. */
export function needs(game, difficulty) {
  return declared(game, difficulty)?.kind === "gnugo" ? "gnugo" : null;
}

/** The options a person chooses beside the difficulty, as the game declares them
 *  (game_computer/2's `choices`): [{option, values, words, label: {en, es}, default}],
 *  `default` the value a game gets unless another is chosen (Go: size 9, 13 or 19;
 *  Molinolog's T 1, 2 or 3); a word is a text or one by language. */
export function computerChoices(game) {
  return computers[game]?.choices ?? [];
}

/** The options of a new game in which a person plays the computer at `difficulty`,
 *  moving first or second (`order`: "first" | "second"), with the values `chosen`
 *  ({option: value}) of the game's choices (computerChoices; a value it does not offer
 *  is left out). */
export function computerOptions(game, difficulty, order = "first", chosen = {}) {
  const games = declared(game, difficulty).games;
  const options = structuredClone(games[order] ?? games.first);
  for (const choice of computerChoices(game)) {
    const value = choice.values.find((v) => String(v) === String(chosen[choice.option]));
    if (value !== undefined) options[choice.option] = value;
  }
  return options;
}

/** The kind of player a game's options seat at `seat` ("b" / "w", or Azul's player
 *  index), by the game's declared seats; undefined for a seat it does not declare. */
function seatKind(game, options, seat) {
  const declaredSeat = computers[game]?.seats.find((s) => s.seat === String(seat));
  if (!declaredSeat) return undefined;
  const value = options[declaredSeat.option];
  return declaredSeat.index === undefined ? value : value?.[declaredSeat.index];
}

/** The difficulty a machine seat's settings are, or null (a person's seat, or settings
 *  no difficulty names).  `seat`: "b" / "w", or Azul's player index. */
export function difficultyOf(game, options, seat) {
  if (!options) return null;
  const kind = seatKind(game, options, seat);
  const found = (computers[game]?.difficulties ?? []).find((d) => d.kind === kind
    && Object.entries(d.settings).every(([key, value]) => options[key] === value));
  return found?.difficulty ?? null;
}

/** The difficulty of a kind of player (Azul's "random" -> "easy"), or null. */
export function kindDifficulty(game, kind) {
  return (computers[game]?.difficulties ?? []).find((d) => d.kind === kind)?.difficulty ?? null;
}

/** The difficulty one setting names (Molinolog's and GoRoGo's depth 3 -> "medium"), or
 *  null. */
export function settingDifficulty(game, name, value) {
  return (computers[game]?.difficulties ?? []).find((d) => d.settings[name] === value)?.difficulty ?? null;
}
