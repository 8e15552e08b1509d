// gorogo.js: the GoRoGo page (/gorogo and /gorogo/<id>).  Start reading at start() at the
// bottom.
//
// The board is board-grid.js's 5×5 grid, given as data and options what it draws: the
// view's rows in lower case ("b", "w", and "h" a Henge, which drawPiece draws), row and
// column labels 0-4 as the rules and the Prolog panel write them (jogada(Piece, Row,
// Col)) instead of Go's A-E / 5-1, and marks: a spot on each point of view.legal for the
// chosen piece, and the pieces the last placement captured, flashing away.
//
// The page judges no rule: a click sends {kind: "place", piece, pos} (without a piece in
// the opening, where the rules place the surplus Henge) and Prolog accepts or says why
// not; view.legal only shades.  When a machine is to play (view.machine_to_move), the
// session (game-session.js) waits a moment and asks POST /machine, and the page says
// "thinking…" meanwhile.  One request at a time; every action carries the revision it was
// played against, and a 409 stale/conflict reloads the game.

import { GridBoard } from "./board-grid.js";
import { settingDifficulty } from "./difficulty.js";
import { GameSession } from "./game-session.js";
import "./gorogo-i18n.js";
import { errorText, getLang, hasText, t } from "./i18n.js";
import { PrologPanel } from "./prolog-panel.js";

const SVG = "http://www.w3.org/2000/svg";
const MACHINE_PAUSE = 600; // ms before the machine is asked to play
const VANISH = 1300; // ms for a captured stone to flash away

const $ = (selector) => document.querySelector(selector);
const grid = new GridBoard($("#board"), {
  coordinates: true,
  starPoints: false,
  coordLabels: { col: (col) => String(col), row: (row) => String(row) },
  drawPiece: (cell, { radius }) => (cell === "h" ? hengeNode(radius) : null),
});
const panel = new PrologPanel($("#prolog-panel"));

const state = { // and the session's own: game (the last reply but its explain), busy, ...
  piece: "regular", // the toggle: what a click places (after the opening)
  vanishing: [], // the pieces the last placement captured, while they flash: {pos, player}
  vanishTimer: 0,
};

const other = (player) => (player === "b" ? "w" : "b");
const reducedMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

function isMachine(view, player) {
  return session.isMachine(view, player);
}

/** A person is to place (the session's machine loop plays the machine's turns). */
function humanTurn(view) {
  return Boolean(view) && !view.over && !view.machine_to_move && session.playsFor(view.to_move);
}

function opening(view) {
  return view?.phase === "opening_henge";
}

/** The piece a click asks for now: the surplus Henge in the opening, else the toggle's. */
function pieceToPlace(view) {
  return opening(view) ? "henge" : state.piece;
}

function svgNode(name, attrs = {}, text) {
  const el = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, value);
  if (text !== undefined) el.textContent = text;
  return el;
}

function htmlNode(tag, attrs = {}, text) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, value);
  if (text !== undefined) el.textContent = text;
  return el;
}

// ---- words -----------------------------------------------------------------

function playerName(player) {
  return t(`gorogo.player.${player}`);
}

function pointName([row, col]) {
  return t("gorogo.point", { row, col });
}

/** A refusal in words: this page's text for the code, else the shared one, else the server's. */
function refusalText(error) {
  const key = `gorogo.error.${error.code}`;
  return hasText(key) ? t(key) : errorText(error);
}

function whoText(view, player) {
  if (!isMachine(view, player)) return t("gorogo.who.human");
  const seat = t("gorogo.who.machine", { depth: view.depth });
  const difficulty = settingDifficulty("gorogo", "depth", Number(view.depth));
  return difficulty ? t("difficulty.seat", { seat, difficulty: t(`difficulty.${difficulty}`) }) : seat;
}

function placementText(player, piece, pos, machine) {
  const henge = piece === "henge" ? "_henge" : "";
  const key = machine ? `gorogo.last.machine${henge}` : `gorogo.last.${piece}`;
  return t(key, { player: playerName(player), point: pointName(pos) });
}

/** A placement as the Prolog panel names it (accepted or refused). */
function stepText(player, piece, pos, machine) {
  const who = machine ? t("gorogo.step.by_machine", { player: playerName(player) }) : playerName(player);
  return t(`gorogo.step.${piece}`, { player: who, point: pointName(pos) });
}

function lastText(view) {
  const last = view?.last;
  if (!last) return "";
  const text = placementText(last.player, last.piece, last.pos, isMachine(view, last.player));
  return last.captured.length ? t("gorogo.last.captured", { text, count: last.captured.length }) : text;
}

function hintText(view) {
  if (!view || view.over) return "";
  if (view.machine_to_move) return t("gorogo.hint.thinking", { player: playerName(view.to_move) });
  if (opening(view)) return t("gorogo.hint.opening");
  return t(`gorogo.hint.${state.piece}`);
}

// ---- the board ---------------------------------------------------------------

/** A Henge of `radius`: a disc half black, half white, with an amber H in the middle. */
function hengeNode(radius) {
  const g = svgNode("g", { class: "gorogo-henge", "data-stone": "h" });
  const half = `M0,${-radius} A${radius},${radius} 0 0 0 0,${radius} Z`;
  g.append(
    svgNode("path", { class: "gorogo-henge-dark", d: half, transform: "rotate(45)" }),
    svgNode("path", { class: "gorogo-henge-light", d: half, transform: "rotate(225)" }),
    svgNode("circle", { class: "gorogo-henge-rim", r: radius }),
    svgNode("circle", { class: "gorogo-henge-badge", r: 0.4 * radius }),
    svgNode("text", { class: "gorogo-henge-letter", y: 1 }, "H"),
  );
  return g;
}

/** The grid's ghost and pending piece for `piece` by `player`: a Henge is "h". */
function ghostKind(piece, player) {
  return piece === "henge" ? "h" : player;
}

/** The marks on the grid: view.legal for the chosen piece, and the captured pieces. */
function boardMarks(view, human) {
  const marks = [];
  if (human) {
    for (const pos of view.legal[pieceToPlace(view)]) {
      marks.push({ pos, point: "gorogo-legal", shape: "spot", class: "gorogo-spot" });
    }
  }
  for (const { pos, player } of state.vanishing) {
    marks.push({
      pos,
      shape: "stone",
      class: `gorogo-vanish gorogo-vanish-${player}`,
      data: { captured: pos.join(",") },
    });
  }
  return marks;
}

function renderBoard() {
  const view = state.game?.view;
  const board = (view?.board ?? Array(5).fill(".....")).map((row) => row.toLowerCase());
  const human = humanTurn(view);
  grid.render({
    board,
    last: view?.last?.pos ?? null,
    hover: human ? ghostKind(pieceToPlace(view), view.to_move) : null,
    marks: view ? boardMarks(view, human) : [],
    label: t("gorogo.board"),
  });
}

/** The pieces the last placement captured flash, then fade away where they stood. */
function flashCaptured(view) {
  clearTimeout(state.vanishTimer);
  const last = view.last;
  state.vanishing = last && !reducedMotion()
    ? last.captured.map((pos) => ({ pos, player: other(last.player) }))
    : [];
  if (!state.vanishing.length) return;
  renderBoard();
  state.vanishTimer = setTimeout(() => {
    state.vanishing = [];
    renderBoard();
  }, VANISH);
}

// ---- the rest of the page ----------------------------------------------------

function chip(kind, player, extra = "") {
  return htmlNode("span", { class: `gorogo-chip ${extra}`.trim(), "data-kind": kind, "data-player": player });
}

function renderSeat(view, player) {
  const hand = view?.in_hand[player] ?? { regular: 0, henge: 0 };
  const pile = $(`#hand-${player}`);
  pile.dataset.regular = hand.regular;
  pile.dataset.henge = hand.henge;
  const stack = htmlNode("span", { class: "gorogo-stack", "aria-hidden": "true" });
  for (let i = 0; i < hand.regular; i++) stack.append(chip("regular", player));
  const henges = htmlNode("span", { class: "gorogo-stack", "aria-hidden": "true" });
  for (let i = 0; i < hand.henge; i++) henges.append(chip("henge", player));
  const surplus = htmlNode("span", { class: "gorogo-stack", "aria-hidden": "true" });
  if (player === "w" && opening(view)) surplus.append(chip("henge", player, "gorogo-chip-surplus"));
  const counts = htmlNode("span", { class: "gorogo-count" }, view
    ? `${t("gorogo.regular_count", { count: hand.regular })} · ${t("gorogo.henge_count", { n: hand.henge })}`
    : "–");
  pile.replaceChildren(stack, henges, surplus, counts);

  const captured = view?.captures[player] ?? 0;
  $(`#captures-${player}`).textContent = view ? captured : "–";
  const prisoners = $(`#prisoners-${player}`);
  prisoners.replaceChildren(...Array.from({ length: captured }, () => chip("regular", other(player))));
  $(`#who-${player}`).textContent = view ? `(${whoText(view, player)})` : "";
  const seat = document.querySelector(`.gorogo-seat[data-player="${player}"]`);
  seat.classList.toggle("gorogo-is-to-move", Boolean(view && !view.over && view.to_move === player));
  seat.classList.toggle("gorogo-is-winner", Boolean(view?.over && view.result.winner === player));
}

function renderToggle(view) {
  const human = humanTurn(view);
  const playing = Boolean(view) && !view.over;
  const hand = playing ? view.in_hand[view.to_move] : { regular: 0, henge: 0 };
  const piece = pieceToPlace(view);
  const toggle = $("#piece-toggle");
  toggle.hidden = !playing;
  toggle.dataset.player = playing ? view.to_move : "b";
  const regular = $("#piece-regular");
  const henge = $("#piece-henge");
  regular.disabled = !human || opening(view) || hand.regular === 0;
  henge.disabled = !human || opening(view) || hand.henge === 0;
  regular.setAttribute("aria-pressed", String(piece === "regular"));
  henge.setAttribute("aria-pressed", String(piece === "henge"));
  $("#piece-henge-text").textContent = t(opening(view) ? "gorogo.piece.surplus" : "gorogo.piece.henge");
  for (const chipEl of toggle.querySelectorAll(".gorogo-chip")) chipEl.dataset.player = toggle.dataset.player;
}

function renderResult(view) {
  const box = $("#result");
  box.hidden = !view?.over;
  if (!view?.over) return;
  $("#result-text").textContent = view.status[getLang()]; // Prolog's words for the outcome
  $("#result-code").textContent = view.result.margin;
  $("#result-score").textContent = t("gorogo.result.score", view.captures);
}

function renderSettings(view) {
  $("#settings").textContent = view
    ? t("gorogo.settings", { black: whoText(view, "b"), white: whoText(view, "w") })
    : "";
  for (const option of document.querySelectorAll("#depth option[data-slow]")) {
    option.textContent = t("gorogo.depth.slow", { depth: option.value });
  }
}

/** The toggle's piece is one the player to move holds: Henge only once regular pieces
 *  run out, regular once the Henge have. */
function fitPiece(view) {
  if (!view || view.over || opening(view)) return;
  const hand = view.in_hand[view.to_move];
  if (hand.henge === 0) state.piece = "regular";
  else if (hand.regular === 0) state.piece = "henge";
}

function render() {
  const view = state.game?.view;
  fitPiece(view);
  document.querySelector(".gorogo-main").classList.toggle("gorogo-no-game", !view);
  renderBoard();
  const status = $("#status");
  status.textContent = view ? view.status[getLang()] : "";
  status.dataset.player = view && !view.over ? view.to_move : "";
  status.hidden = Boolean(view?.over); // the result box says it then
  const hint = $("#hint");
  hint.textContent = hintText(view);
  hint.classList.toggle("gorogo-is-thinking", Boolean(view?.machine_to_move));
  $(".gorogo-players").hidden = !view;
  for (const player of ["b", "w"]) renderSeat(view, player);
  renderToggle(view);
  renderResult(view);
  $("#last-turn").textContent = lastText(view);
  renderSettings(view);
  const game = state.game;
  const allMachines = view && isMachine(view, "b") && isMachine(view, "w");
  $("#undo").disabled = !game || !game.casual || game.plies === 0 || allMachines || session.liveOver()
    || session.watching();
  $("#cancel").hidden = !game;
  renderMessage();
}

// ---- talking to the server ---------------------------------------------------

/** Keep a reply; a placement just made (by `mover`) flashes its captures away. */
function take(reply, mover = null) {
  const { explain, actions, ...game } = reply;
  const { view } = game;
  state.game = game;
  clearTimeout(state.vanishTimer);
  state.vanishing = []; // a new piece may stand where one vanished
  render();
  if (mover !== null) flashCaptured(view);
}

async function play(action) {
  const view = state.game.view;
  const mover = view.to_move;
  const piece = action.piece ?? (opening(view) ? "henge" : "regular");
  const reply = await session.post("actions", { action, delta: true },
                                   () => stepText(mover, piece, action.pos, false));
  if (!reply) return;
  state.piece = "regular";
  session.taken(reply, mover, action);
  next();
}

/** Served with a student's rules (`tablero serve --rules gorogo=FILE.pl`): a position of
 *  a disagreement (the stored game after their jogada/3, or ours) on a small 5x5 board,
 *  the points where the two differ ringed, with whose turn it is and the hands. */
const studentDrawer = {
  asked: "jogada/3",
  board(holder) {
    const small = new GridBoard(holder, { coordinates: true, starPoints: false });
    const line = document.createElement("p");
    line.className = "student-line";
    holder.after(line); // (the grid owns its holder's children)
    return {
      draw(picture, entry, side, word) {
        const marks = (entry.diff ?? []).map((pos) => ({ pos, shape: "stone", class: "student-diff" }));
        small.render({ board: picture.board.map((row) => row.toLowerCase()), marks, label: word,
                       last: side === "before" ? null : entry.action?.pos ?? null });
        const hand = (p) => `${playerName(p)} ${picture.in_hand[p].join("+")}`;
        line.textContent = `${t("student.to_move", { player: playerName(picture.to_move) })} · ${hand("b")} · ${hand("w")}`;
        line.dataset.toMove = picture.to_move;
      },
    };
  },
  moveName: (entry) => `${playerName(entry.player)} ${entry.move}`,
};

const session = new GameSession("gorogo", state, {
  student: studentDrawer,
  clock: true,
  moveText: (last) => stepText(last.player, last.piece, last.pos, false),
  panel,
  render,
  take,
  showForm,
  errorText: refusalText,
  created(reply) {
    state.piece = "regular";
    session.show(reply, null);
  },
  refused(error, { reload }) {
    grid.clearPending();
    if (!reload) say({ error, kind: "error" });
  },
  machine: {
    pause: MACHINE_PAUSE,
    label: (mover, r) => (r
      ? stepText(mover, r.action.piece, r.action.pos, true)
      : t("gorogo.step.machine", { player: playerName(mover) })),
  },
});
const say = (message) => session.say(message);
const renderMessage = () => session.renderMessage();
const next = () => session.next();
const newGame = (options) => session.newGame(options);

// ---- clicks --------------------------------------------------------------------

function onBoardClick(_event, [row, col]) {
  if (session.blocked()) return; // the game over, the machine's turn, a request in flight
  const view = state.game.view;
  const action = { kind: "place", pos: [row, col] };
  if (!opening(view)) action.piece = state.piece; // the opening's piece is the rules' choice
  const kind = ghostKind(pieceToPlace(view), view.to_move);
  // With "Confirm moves with a second tap" on, the first tap only shows the piece.
  session.tap(`place:${row},${col}:${kind}`, {
    show: () => grid.setProposal(row, col, kind),
    clear: () => grid.clearProposal(),
  }, () => {
    grid.setPending(row, col, kind);
    play(action);
  });
}

function choosePiece(piece) {
  if (state.piece === piece) return;
  session.clearTap(true); // a piece shown for the other kind is not the one to confirm
  state.piece = piece;
  say(null);
  render();
}

// ---- the new-game form -------------------------------------------------------

function formOptions() {
  return { black: $("#black").value, white: $("#white").value, depth: Number($("#depth").value) };
}

function showForm() {
  const options = state.game?.options;
  if (options) {
    $("#black").value = options.black ?? "human";
    $("#white").value = options.white ?? "machine";
    $("#depth").value = String(options.depth ?? state.game.view.depth);
    if (!$("#depth").value) $("#depth").value = "4"; // a depth the form no longer offers
  }
  session.openForm();
  if (state.game) $("#new-game-form").scrollIntoView({ block: "nearest" });
}

// ---- start here --------------------------------------------------------------

function start() {
  grid.on("click", onBoardClick);
  $("#piece-regular").addEventListener("click", () => choosePiece("regular"));
  $("#piece-henge").addEventListener("click", () => choosePiece("henge"));
  $("#play-again").addEventListener("click", () => {
    if (state.game) newGame(state.game.options);
  });
  session.start({ formOptions });
}

start();
