// azul.js: the Azul page (/azul and /azul/<id>).  Start reading at start() at the bottom.
//
// The page keeps the server's last reply and draws the table from its view after every
// answer; it judges no rule.  A human turn is two clicks: a colour in a factory or the
// centre (the selection lives only here), then a pattern line or the floor of the player
// to move; the action goes to the server, which takes it or says why not.  `legal` only
// highlights what is worth clicking.  Machine seats play through game-session.js's machine
// loop (POST /machine, one turn every PAUSE_MS) while `autoplay` is on: Play / Pause /
// Step; on by itself after a human turn, off when every seat is a machine.  One request
// at a time; every request carries the revision it was made against, and a 409
// stale/conflict reloads the game.  Players are "0".."3" in the JSON and "Player 1".."4"
// on the page.

import "./azul-i18n.js";
import { kindDifficulty } from "./difficulty.js";
import { GameSession } from "./game-session.js";
import { getLang, t } from "./i18n.js";
import { PrologPanel } from "./prolog-panel.js";

const PAUSE_MS = 700;
const KINDS = ["human", "greedy", "random", "lookahead"];
const SEATS = 4;

const $ = (selector) => document.querySelector(selector);

const state = { // and the session's own: game (the last reply but its explain), busy, ...
  selection: null, // {source, colour}: the human's first click
  pending: null, // the line or "floor" awaiting the server's answer
  proposed: null, // the line or "floor" shown awaiting its confirming second tap
  autoplay: false, // machine seats play by themselves (the session's loop), one turn every PAUSE_MS
};

const panel = new PrologPanel($("#prolog-panel"));

function node(tag, className, text) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

// ---- words -----------------------------------------------------------------

const colourName = (colour) => t(`colour.${colour}`);
/** A kind of player in words, with the difficulty it is for a machine ("greedy, medium"). */
const kindName = (kind) => {
  const difficulty = kindDifficulty("azul", kind);
  return difficulty ? t("difficulty.seat", { seat: t(`kind.${kind}`), difficulty: t(`difficulty.${difficulty}`) })
    : t(`kind.${kind}`);
};
/** A player's number in words: "0".."3" in the JSON, 1..4 on the page. */
const playerNumber = (player) => Number(player) + 1;

function fromText(source) {
  return source === "centre" ? t("azul.from.centre") : t("azul.from.factory", { n: source });
}

/** "3 red", "3 rojos": a number of tiles of one colour (Spanish makes the colour plural;
 *  i18n's plural rules pick tiles.one or tiles.other). */
function tilesText(n, colour) {
  return t("tiles", { count: n, colour: colourName(colour), colours: t(`colours.${colour}`) });
}

function targetText(line) {
  return line === "floor" ? t("azul.to_floor") : t("azul.to_line", { n: line });
}

/** The words of an action; with `count`, "3 red" instead of "red". */
function actionWords(action, player, count = null) {
  return {
    player: playerNumber(player),
    colour: count === null ? colourName(action.colour) : tilesText(count, action.colour),
    from: fromText(action.source),
    target: targetText(action.line),
  };
}

// ---- what the view says about seats (view.seats, view.machine_to_move) ------

const toMove = (view) => Number(view.to_move);
const seatKind = (view, i) => view.seats[String(i)];
const machineToMove = (view) => view.machine_to_move;
const humanToMove = (view) => !view.over && !view.machine_to_move && session.playsFor(String(view.to_move));
const isMachine = (view, i) => session.isMachine(view, String(i));
const anyMachine = (view) => view.players.some((_, i) => isMachine(view, i));
const allMachines = (view) => view.players.every((_, i) => isMachine(view, i));
const winners = (view) => view.result?.winners ?? [];
/** How many actions the game holds (the reply's `plies`; `version` in older replies). */
const actionsPlayed = (game) => game.plies ?? game.version;

function sameSource(a, b) {
  return String(a) === String(b);
}

function sourceTiles(view, source) {
  return source === "centre" ? view.centre : view.factories[source] ?? [];
}

// ---- drawing ---------------------------------------------------------------

function tileEl(colour, tag = "span") {
  const el = node(tag, "azul-tile");
  el.dataset.colour = colour;
  if (colour === "first") {
    el.textContent = "1";
    el.title = t("azul.first_token");
  } else {
    el.title = colourName(colour);
  }
  if (tag === "span") el.setAttribute("aria-label", el.title);
  return el;
}

function render() {
  const view = state.game?.view;
  $(".azul-table").hidden = !view;
  $("#board-empty").hidden = Boolean(view);
  $("#round").textContent = view?.round ?? "–";
  $("#bag").textContent = view?.bag_count ?? "–";
  $("#lid").textContent = view?.lid_count ?? "–";
  renderSources(view);
  renderBoards(view);
  renderSettings(view);
  $("#status").textContent = view ? view.status[getLang()] ?? view.status.en : "";
  renderLast(view);
  renderResult(view);
  renderButtons(view);
  renderMessage();
}

/** The factories and the centre: a tile is a button that picks its colour there. */
function renderSources(view) {
  const legal = view && humanToMove(view) ? view.legal : [];
  const last = view?.last?.action;
  const sourceEl = (source, tiles, className, label) => {
    const box = node("div", className);
    box.dataset.source = source;
    box.setAttribute("role", "group");
    box.setAttribute("aria-label", label);
    box.classList.toggle("azul-was-source", Boolean(last && sameSource(last.source, source)));
    const picked = state.selection && sameSource(state.selection.source, source);
    for (const colour of tiles) {
      const button = tileEl(colour, "button");
      button.type = "button";
      button.dataset.source = source;
      const count = tiles.filter((c) => c === colour).length;
      button.setAttribute("aria-label", t("azul.tiles_here", {
        colour: tilesText(count, colour), from: fromText(source),
      }));
      const selected = picked && state.selection.colour === colour;
      button.classList.toggle("azul-is-selected", Boolean(selected));
      button.setAttribute("aria-pressed", selected ? "true" : "false");
      const pickable = legal.some((a) => sameSource(a.source, source) && a.colour === colour);
      button.classList.toggle("azul-can-pick", pickable);
      box.append(button);
    }
    return box;
  };
  const factories = (view?.factories ?? []).map((tiles, i) => {
    const box = sourceEl(i, tiles, "azul-factory", t("azul.factory", { n: i }));
    box.prepend(node("span", "azul-factory-number", String(i)));
    return box;
  });
  $("#factories").replaceChildren(...factories);

  const centre = $("#centre");
  const inner = sourceEl("centre", view?.centre ?? [], "azul-centre-tiles", t("azul.centre"));
  if (view?.first_token_in_centre) inner.prepend(tileEl("first"));
  const title = node("span", "azul-centre-title", t("azul.centre"));
  if (view && !view.centre.length) title.append(` (${t("azul.centre_empty")})`);
  centre.classList.toggle("azul-was-source", inner.classList.contains("azul-was-source"));
  inner.classList.remove("azul-was-source");
  centre.replaceChildren(title, inner);
}

function renderBoards(view) {
  const boards = (view?.players ?? []).map((player, i) => boardEl(view, player, i));
  $("#boards").replaceChildren(...boards);
  $("#boards").dataset.count = boards.length;
}

function boardEl(view, player, i) {
  const board = node("section", "azul-board");
  board.dataset.player = i;
  const active = !view.over && toMove(view) === i;
  const last = view.last && Number(view.last.player) === i ? view.last : null;
  const won = winners(view).includes(String(i));
  board.classList.toggle("azul-is-to-move", active);
  board.classList.toggle("azul-is-winner", won);

  const head = node("header", "azul-board-head");
  const name = node("h2", "azul-board-name", t("azul.player", { n: playerNumber(i) }));
  name.append(" ", node("span", "azul-kind", kindName(seatKind(view, i))));
  head.append(name);
  if (active) head.append(node("span", "azul-badge azul-badge-turn", t("azul.to_move")));
  if (won) head.append(node("span", "azul-badge azul-badge-winner", t("azul.winner")));
  if (player.has_first_token) {
    const token = tileEl("first");
    token.classList.add("azul-held-token");
    token.title = t("azul.has_token");
    head.append(token);
  }
  const score = node("span", "azul-score");
  score.append(node("span", "azul-score-label", t("azul.score")), " ", node("b", "", String(player.score)));
  head.append(score);
  board.append(head);

  const points = view.last?.round_end?.[i];
  if (points) {
    const floor = points.floor ? `−${points.floor}` : "0";
    board.append(node("p", "azul-round-points", t("azul.round_points", { wall: points.wall, floor })));
  }

  const placing = active && state.selection && humanToMove(view);
  const canPlace = (line) => placing && view.legal.some((a) =>
    sameSource(a.source, state.selection.source) && a.colour === state.selection.colour && a.line === line);
  const lastLine = last?.action.line;

  const body = node("div", "azul-board-body");
  const lines = node("div", "azul-lines");
  lines.setAttribute("role", "group");
  lines.setAttribute("aria-label", t("azul.lines", { n: playerNumber(i) }));
  player.lines.forEach((tiles, k) => {
    const line = node("button", "azul-line");
    line.type = "button";
    line.dataset.line = k + 1;
    line.setAttribute("aria-label", `${t("azul.line", { n: k + 1 })}: ${tiles.length}/${k + 1}` +
      (tiles.length ? ` ${colourName(tiles[0])}` : ""));
    for (let s = 0; s < k + 1 - tiles.length; s++) line.append(node("span", "azul-slot"));
    for (const colour of tiles) line.append(tileEl(colour));
    line.classList.toggle("azul-can-place", canPlace(k + 1));
    line.classList.toggle("azul-is-last", lastLine === k + 1);
    line.classList.toggle("azul-is-pending", active && state.pending === k + 1);
    line.classList.toggle("azul-is-proposed", active && state.proposed === k + 1);
    lines.append(line);
  });

  const wall = node("div", "azul-wall");
  wall.setAttribute("role", "img");
  wall.setAttribute("aria-label", t("azul.wall", { n: playerNumber(i) }));
  view.wall_pattern.forEach((row, r) => row.forEach((colour, c) => {
    const placed = player.wall[r][c];
    const cell = node("span", placed ? "azul-tile azul-cell azul-is-placed" : "azul-tile azul-cell");
    cell.dataset.colour = colour;
    cell.title = t(placed ? "azul.cell_placed" : "azul.cell_empty", { colour: colourName(colour) });
    wall.append(cell);
  }));
  body.append(lines, node("span", "azul-arrow", "→"), wall);
  board.append(body);

  const floor = node("button", "azul-floor");
  floor.type = "button";
  floor.dataset.line = "floor";
  const penalties = view.floor_penalties;
  const floorTitle = t("azul.floor_title", { points: penalties.map(pointsText).join(" ") });
  floor.title = floorTitle;
  floor.append(node("span", "azul-floor-label", t("azul.floor")));
  penalties.forEach((points, s) => {
    const slot = node("span", "azul-floor-slot");
    slot.append(node("span", "azul-floor-points", pointsText(points)));
    slot.append(player.floor[s] ? tileEl(player.floor[s]) : node("span", "azul-slot"));
    floor.append(slot);
  });
  floor.setAttribute("aria-label", `${floorTitle}: ${player.floor.length}/${penalties.length}`);
  floor.classList.toggle("azul-can-place", canPlace("floor"));
  floor.classList.toggle("azul-is-last", lastLine === "floor");
  floor.classList.toggle("azul-is-pending", active && state.pending === "floor");
  floor.classList.toggle("azul-is-proposed", active && state.proposed === "floor");
  board.append(floor);
  return board;
}

/** −1 for -1: floor points with a true minus sign. */
const pointsText = (points) => String(points).replace("-", "−");

function renderSettings(view) {
  $("#settings").textContent = view ? t("azul.settings", {
    seed: view.seed,
    players: view.players.map((_, i) => kindName(seatKind(view, i))).join(" · "),
  }) : "";
}

function renderLast(view) {
  const last = view?.last;
  const box = $("#last");
  if (!last) {
    box.textContent = "";
    return;
  }
  let text = t("azul.last", actionWords(last.action, last.player, last.tiles));
  if (last.first_token) text += t("azul.last_token");
  if (last.to_floor && last.action.line !== "floor") text += t("azul.last_floor", { n: last.to_floor });
  text += ".";
  if (last.round_end) text += ` ${t("azul.round_end")}`;
  box.textContent = text;
}

function renderResult(view) {
  const box = $("#result");
  box.hidden = !view?.over;
  if (!view?.over) {
    box.replaceChildren();
    return;
  }
  const table = node("table", "azul-final");
  const caption = node("caption", "", t("azul.final"));
  const head = node("tr");
  for (const key of ["azul.final.player", "azul.final.bonus", "azul.final.score"]) {
    head.append(node("th", "", t(key)));
  }
  table.append(caption, head);
  view.players.forEach((player, i) => {
    const won = winners(view).includes(String(i));
    const row = node("tr");
    row.classList.toggle("azul-is-winner", won);
    const who = node("td", "", `${t("azul.player", { n: playerNumber(i) })} (${kindName(seatKind(view, i))})`);
    if (won) who.prepend("★ ");
    const bonus = node("td", "", `+${player.bonus.points}`);
    bonus.append(node("div", "azul-bonus-detail", t("azul.bonus_detail", player.bonus)));
    row.append(who, bonus, node("td", "azul-final-score", String(player.score)));
    table.append(row);
  });
  box.replaceChildren(table);
}

function renderButtons(view) {
  const live = Boolean(view && !view.over) && !session.watching();
  $("#play").disabled = !live || !anyMachine(view) || state.autoplay;
  $("#pause").disabled = !live || !state.autoplay;
  $("#step").disabled = !live || !machineToMove(view);
  $("#undo").disabled = !state.game?.casual || actionsPlayed(state.game) === 0 || session.liveOver()
    || session.watching();
  $("#cancel").hidden = !state.game;
}

function hint() {
  const view = state.game?.view;
  if (!view || view.over) return null;
  const n = playerNumber(view.to_move);
  const kind = kindName(seatKind(view, view.to_move));
  if (machineToMove(view)) {
    if (state.autoplay) return { key: "azul.machine_thinking", vars: { n, kind }, kind: "info" };
    return { key: allMachines(view) ? "azul.watch" : "azul.machine_turn", vars: { n, kind }, kind: "info" };
  }
  if (!humanToMove(view)) return session.othersTurn(view);
  if (!state.selection) return { key: "azul.pick", vars: { n }, kind: "info" };
  const { source, colour } = state.selection;
  const count = sourceTiles(view, source).filter((c) => c === colour).length;
  return {
    key: "azul.place",
    vars: { n, colour: tilesText(count, colour), from: fromText(source) },
    kind: "info",
  };
}

// ---- talking to the server -------------------------------------------------

function take(reply) {
  const { explain, action, ...game } = reply;
  state.game = game;
  const { view } = game;
  state.selection = null;
  state.pending = null;
  if (view.over) state.autoplay = false;
  render();
}

function place(line) {
  const view = state.game.view;
  const player = view.to_move;
  const action = { kind: "take", ...state.selection, line };
  state.pending = line;
  state.message = null;
  render();
  state.autoplay = anyMachine(view);
  session.act(action, (reply) =>
    t("prolog.action.take", actionWords(action, player, reply?.view.last?.tiles ?? null)));
}

/** Take back one turn; against the machine, back to the last human turn. */
async function undo() {
  if (state.busy || !state.game) return;
  const view = state.game.view;
  state.autoplay = false;
  if (!allMachines(view)) {
    session.undo();
    return;
  }
  const reply = await session.post("undo", {}, () => t("prolog.action.undo"));
  if (reply) session.show(reply, null);
}

/** Served with a student's rules (`tablero serve --rules azul=FILE.pl`): a position of a
 *  disagreement (after their aplicar_jugada/3, or ours) as the mover's pattern lines and
 *  floor, with the score; the parts where the two differ are named in the verdict. */
const studentDrawer = {
  asked: "jugadas_legales/2, aplicar_jugada/3",
  board(holder) {
    const box = document.createElement("div");
    box.className = "student-azul";
    holder.append(box);
    return {
      draw(picture, entry, side, word) {
        const tiles = (list) => list.map((colour) => tileEl(colour));
        const rows = picture.lines.map((line, i) => {
          const row = node("div", "student-azul-line");
          row.dataset.line = String(i + 1);
          row.dataset.tiles = line ? `${line[0]}x${line[1]}` : "";
          row.append(node("span", "student-azul-n", `${i + 1}`), ...tiles(line ? Array(line[1]).fill(line[0]) : []));
          return row;
        });
        const floor = node("div", "student-azul-line student-azul-floor");
        floor.dataset.tiles = picture.floor.join(" ");
        floor.append(node("span", "student-azul-n", t("azul.floor")), ...tiles(picture.floor));
        const title = node("p", "student-line",
          `${t("azul.player", { n: picture.player + 1 })} · ${t("azul.score")} ${picture.score}`);
        box.setAttribute("aria-label", word);
        box.replaceChildren(title, ...rows, floor);
      },
    };
  },
  moveName: (entry) => `${t("azul.player", { n: Number(entry.player) + 1 })} ${entry.move}`,
};

const session = new GameSession("azul", state, {
  student: studentDrawer,
  seatName: (seat) => t("azul.player", { n: Number(seat) + 1 }),
  moveText: (last) => t("azul.last", actionWords(last.action, last.player, last.tiles)),
  panel,
  render,
  take,
  showForm,
  fallback: hint,
  wait: (view) => ({ key: "azul.machine_turn", kind: "info",
                     vars: { n: playerNumber(view.to_move), kind: kindName(seatKind(view, view.to_move)) } }), // no message: what to do now, read from the view
  loaded(reply, message) {
    // A game opened here starts paused when every seat is a machine (watch mode); a newer
    // revision of the same game (another page's move, from the event stream) keeps the
    // page's Play or Pause.
    if (reply.id !== state.game?.id) state.autoplay = !allMachines(reply.view);
    state.message = message;
    take(reply);
    session.next();
  },
  created(reply) {
    state.autoplay = !allMachines(reply.view);
    state.message = null;
    take(reply);
    session.next();
  },
  refused(error, { path, reload }) {
    state.pending = null;
    if (reload) return;
    if (path === "machine") state.autoplay = false;
    render();
    say({ error, kind: "error" });
  },
  machine: {
    pause: PAUSE_MS,
    autoplay: () => state.autoplay,
    label(mover, reply) {
      if (!reply) return t("prolog.action.machine_asked", { player: playerNumber(mover) });
      const kind = kindName(seatKind(reply.view, mover));
      return t("prolog.action.machine", {
        ...actionWords(reply.action, mover, reply.view.last?.tiles ?? null),
        kind,
      });
    },
  },
});
const say = (message) => session.say(message);
const renderMessage = () => session.renderMessage();

// ---- clicks ----------------------------------------------------------------

function onPick(event) {
  const button = event.target.closest(".azul-tile[data-source]");
  if (!button || session.blocked()) return; // tiles only for the seat to move, if it is ours
  const source = button.dataset.source === "centre" ? "centre" : Number(button.dataset.source);
  const colour = button.dataset.colour;
  const again = state.selection && sameSource(state.selection.source, source) && state.selection.colour === colour;
  session.clearTap(); // a line shown for the other pick is not the one to confirm
  state.selection = again ? null : { source, colour };
  state.message = null;
  render();
}

function onPlace(event) {
  const target = event.target.closest(".azul-line, .azul-floor");
  const board = event.target.closest(".azul-board");
  const view = state.game?.view;
  if (!target || !board || !view || state.busy) return;
  if (view.over) {
    say({ error: { code: "game_over" }, kind: "error" });
    return;
  }
  if (!humanToMove(view) || !state.selection) {
    say(null); // the hint says what to do first
    return;
  }
  if (Number(board.dataset.player) !== toMove(view)) {
    say({ key: "azul.own_board", vars: { n: playerNumber(view.to_move) }, kind: "error" });
    return;
  }
  const line = target.dataset.line === "floor" ? "floor" : Number(target.dataset.line);
  // With "Confirm moves with a second tap" on, the first tap on a line only marks it.
  const { source, colour } = state.selection;
  session.tap(`take:${source}:${colour}:${line}`, {
    show: () => {
      state.proposed = line;
      render();
    },
    clear: () => {
      state.proposed = null;
      render();
    },
  }, () => place(line));
}

// ---- the new-game form -----------------------------------------------------

function buildSeats() {
  const seats = $("#seats");
  for (let i = 0; i < SEATS; i++) {
    const label = node("label");
    label.append(node("span", "azul-seat-name"));
    const select = node("select");
    select.id = `seat-${i}`;
    select.dataset.seat = i;
    for (const kind of i < 2 ? KINDS : ["none", ...KINDS]) {
      const option = node("option");
      option.value = kind;
      select.append(option);
    }
    select.value = ["human", "greedy", "none", "none"][i];
    label.append(select);
    seats.append(label);
  }
  translateSeats();
}

function translateSeats() {
  document.querySelectorAll("#seats label").forEach((label, i) => {
    label.querySelector(".azul-seat-name").textContent = t("azul.player", { n: i + 1 });
    for (const option of label.querySelectorAll("option")) option.textContent = kindName(option.value);
  });
}

function formOptions() {
  const players = [...document.querySelectorAll("#seats select")]
    .map((select) => select.value)
    .filter((kind) => kind !== "none");
  const options = { players };
  const seed = $("#seed").value.trim();
  if (seed !== "") options.seed = /^-?\d+$/.test(seed) ? Number(seed) : seed;
  return options;
}

function showForm() {
  const options = state.game?.options;
  if (options?.players) {
    document.querySelectorAll("#seats select").forEach((select, i) => {
      select.value = options.players[i] ?? "none";
    });
  }
  session.openForm();
  $("#new-game-form").scrollIntoView({ block: "nearest" });
}

// ---- start here ------------------------------------------------------------

function start() {
  buildSeats();
  $("#factories").addEventListener("click", onPick);
  $("#centre").addEventListener("click", onPick);
  $("#boards").addEventListener("click", onPlace);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && state.selection) {
      state.selection = null;
      render();
    }
  });
  $("#play").addEventListener("click", () => {
    state.autoplay = true;
    state.message = null;
    render();
    session.next();
  });
  $("#pause").addEventListener("click", () => {
    state.autoplay = false;
    clearTimeout(state.timer);
    render();
  });
  $("#step").addEventListener("click", () => {
    if (state.busy || !state.game || !machineToMove(state.game.view)) return;
    state.autoplay = false;
    session.step();
  });
  session.start({
    formOptions,
    undo,
    language: translateSeats, // the form's seats, with their difficulty once the catalog is read
    reset: () => {
      state.selection = null;
      state.autoplay = false;
    },
  });
}

start();
