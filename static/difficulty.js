// difficulty.js: playing the computer, in words.  Each game's machine has settings of its
// own (Go: the Prolog player or GNU Go's level; Molinolog and GoRoGo: the depth of the
// search; Azul: the kind of player); a person chooses "easy", "medium" or "hard", which
// this file maps to them, in one place, for the index (a new game against the computer)
// and for the pages (the seats say the difficulty their settings are).
//
//   computerOptions("molinolog", "hard", "second") -> {depth: 5, black: "machine", white: "human"}
//   difficultyOf("molinolog", {depth: 5, ...}, "b") -> "hard"
//
// A difficulty that needs GNU Go (Go's medium and hard) is offered only where the server
// has it (GET /api/games: `gnugo`).

export const DIFFICULTIES = ["easy", "medium", "hard"];

/** Each game's machine seat for each difficulty: {kind, ...the options it sets}. */
const SETTINGS = {
  go: {
    easy: { kind: "machine" },
    medium: { kind: "gnugo", level: 1 },
    hard: { kind: "gnugo", level: 10 },
  },
  molinolog: {
    easy: { kind: "machine", depth: 1 },
    medium: { kind: "machine", depth: 3 },
    hard: { kind: "machine", depth: 5 },
  },
  gorogo: {
    easy: { kind: "machine", depth: 1 },
    medium: { kind: "machine", depth: 2 },
    hard: { kind: "machine", depth: 4 },
  },
  azul: {
    easy: { kind: "random" },
    medium: { kind: "greedy" },
    hard: { kind: "lookahead" },
  },
};

/** The colour that moves first in each two-colour game (GoRoGo: White places the surplus
 *  Henge first).  Azul's first player is drawn with the deal: no order to choose. */
const FIRST = { go: "b", molinolog: "b", gorogo: "w" };

/** Whether this page knows the game's machine settings in words (a game that plugged in
 *  without them is offered to play a friend only). */
export function hasComputer(game) {
  return game in SETTINGS;
}

/** Whether a person chooses to move first or second in this game. */
export function hasOrder(game) {
  return game in FIRST;
}

/** What a difficulty needs beyond the rules ("gnugo"), or null. */
export function needs(game, difficulty) {
  return SETTINGS[game]?.[difficulty]?.kind === "gnugo" ? "gnugo" : null;
}

/** The options of a new game in which a person plays the computer at `difficulty`,
 *  moving first or second (`order`: "first" | "second"). */
export function computerOptions(game, difficulty, order = "first") {
  const { kind, ...settings } = SETTINGS[game][difficulty];
  if (game === "azul") return { players: ["human", kind] };
  const person = (FIRST[game] === "b") === (order === "first") ? "b" : "w";
  return person === "b" ? { ...settings, black: "human", white: kind } : { ...settings, black: kind, white: "human" };
}

/** The difficulty a machine seat's settings are, or null (a person's seat, or settings
 *  no difficulty names).  `seat`: "b" / "w", or Azul's player index. */
export function difficultyOf(game, options, seat) {
  if (!options) return null;
  const kind = game === "azul" ? options.players?.[Number(seat)]
    : options[seat === "b" ? "black" : "white"];
  for (const difficulty of DIFFICULTIES) {
    const { kind: wanted, ...settings } = SETTINGS[game]?.[difficulty] ?? {};
    if (kind !== wanted) continue;
    if (Object.entries(settings).every(([key, value]) => options[key] === value)) return difficulty;
  }
  return null;
}

/** The difficulty of an Azul kind of player ("random" -> "easy"), or null. */
export function kindDifficulty(game, kind) {
  return DIFFICULTIES.find((d) => SETTINGS[game]?.[d]?.kind === kind) ?? null;
}

/** The difficulty of a depth of Molinolog's or GoRoGo's search (3 -> "medium"), or null. */
export function depthDifficulty(game, depth) {
  return DIFFICULTIES.find((d) => SETTINGS[game]?.[d]?.depth === Number(depth)) ?? null;
}
