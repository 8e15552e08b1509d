// molinolog.js: the Molinolog page (/molinolog and /molinolog/<id>).  Start reading at start()
// at the bottom.
//
// The board is drawn from the server's view: view.points placed by their (direction, ring),
// view.edges as lines.  The page judges no rule: a click becomes one action (place, capture,
// or move after a first click that only selects a piece here) and Prolog accepts it or says
// why not; view.legal only highlights.  When a machine is to play (view.machine_to_move),
// game-session.js asks POST /machine for one step at a time, with a pause, and the page
// shows each step (the piece slides or appears, the captured piece fades).  One request at
// a time; every action carries the revision it was played against, and a 409
// stale/conflict reloads the game.

import { settingDifficulty } from "./difficulty.js";
import { GameSession } from "./game-session.js";
import "./molinolog-i18n.js";
import { getLang, t } from "./i18n.js";
import {
  PIECE, boardBase, geometry, keyOf, node, pointName, pointNode,
} from "./molinolog-board.js";
import { PrologPanel } from "./prolog-panel.js";

const MACHINE_PAUSE = 650; // ms before each of the machine's steps
const SLIDE = 420; // ms for a piece to slide or appear

const $ = (selector) => document.querySelector(selector);
const svg = $("#board");
const panel = new PrologPanel($("#prolog-panel"));

const state = { // and the session's own: game (the last reply but its explain), busy, ...
  selected: null, // "n,2": the piece picked to move (known to this page only)
  pending: null, // "n,2": a placement awaiting the server's answer
  proposed: null, // "n,2": where a step is shown awaiting its confirming second tap
  trail: null, // {player, actions}: the steps of the last turn, marked on the board
  fresh: null, // the step just played, animated once
};

const other = (player) => (player === "b" ? "w" : "b");
const pointOf = (key) => [key.split(",")[0], Number(key.split(",")[1])];
const reducedMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Whether `player` sits in a machine's seat (view.seats, through the session). */
function isMachine(view, player) {
  return session.isMachine(view, player);
}

function humanTurn(view) {
  return !view.over && !view.machine_to_move && session.playsFor(view.to_move);
}

// ---- words -----------------------------------------------------------------

function stepText(action) {
  if (action.kind === "move") {
    return t("molinolog.step.move", { from: pointName(action.from), to: pointName(action.to) });
  }
  return t(`molinolog.step.${action.kind}`, { point: pointName(action.point) });
}

function turnText(view, trail) {
  if (!trail?.actions.length) return "";
  const key = isMachine(view, trail.player) ? "molinolog.last_machine" : "molinolog.last";
  const steps = trail.actions.map(stepText).join(", ");
  return t(key, { player: t(`molinolog.player.${trail.player}`), steps });
}

function whoText(view, player) {
  if (!isMachine(view, player)) return t("molinolog.who.human");
  const seat = t("molinolog.who.machine", { depth: view.depth });
  const difficulty = settingDifficulty("molinolog", "depth", Number(view.depth));
  return difficulty ? t("difficulty.seat", { seat, difficulty: t(`difficulty.${difficulty}`) }) : seat;
}

// ---- the board ---------------------------------------------------------------

/** Classes per point: the pending mill, the selection, and what view.legal suggests. */
function highlights(view) {
  const marks = new Map();
  const mark = (point, name) => {
    const key = typeof point === "string" ? point : keyOf(point);
    if (!marks.has(key)) marks.set(key, new Set());
    marks.get(key).add(name);
  };
  for (const point of view.mill) mark(point, "mill");
  if (state.selected) mark(state.selected, "selected");
  if (state.pending) mark(state.pending, "pending");
  if (state.proposed) mark(state.proposed, "proposed");
  const last = state.trail?.actions.findLast((a) => a.kind !== "capture");
  if (last) mark(last.to ?? last.point, "last");
  if (humanTurn(view)) {
    for (const action of view.legal) {
      if (action.kind === "capture") mark(action.point, "capturable");
      else if (action.kind === "move" && !state.selected) mark(action.from, "movable");
      else if (action.kind === "move" && keyOf(action.from) === state.selected) mark(action.to, "target");
    }
  }
  return marks;
}

function renderBoard() {
  const view = state.game?.view;
  svg.hidden = !view;
  $("#board-empty").hidden = Boolean(view);
  if (!view) {
    svg.replaceChildren();
    return;
  }
  const geo = geometry(view.size);
  svg.setAttribute("viewBox", `0 0 ${geo.extent} ${geo.extent}`);
  svg.setAttribute("aria-label", t("molinolog.board", { size: view.size }));
  svg.dataset.hover = humanTurn(view) && view.phase === "place" ? view.to_move : "";
  svg.dataset.phase = view.phase;

  svg.replaceChildren(...boardBase(geo, view.edges), trailMarks(geo), points(view, geo), ghosts(view, geo));
}

function points(view, geo) {
  const marks = highlights(view);
  const group = node("g", { class: "molinolog-points" });
  for (const { point, piece } of view.points) {
    const key = keyOf(point);
    const classes = [...(marks.get(key) ?? [])].map((m) => `molinolog-is-${m}`);
    const label = piece
      ? t("molinolog.point_piece", { point: pointName(point), player: t(`molinolog.player.${piece}`) })
      : t("molinolog.point", { point: pointName(point) });
    const g = pointNode(geo, point, piece, classes, label, view.to_move);
    group.append(g);
  }
  return group;
}

/** The last turn's move, as an arrow from where the piece was to where it went. */
function trailMarks(geo) {
  const group = node("g", { class: "molinolog-trail", "aria-hidden": "true" });
  for (const action of state.trail?.actions ?? []) {
    if (action.kind !== "move") continue;
    const [x1, y1] = geo.xy(action.from);
    const [x2, y2] = geo.xy(action.to);
    const length = Math.hypot(x2 - x1, y2 - y1);
    const ux = (x2 - x1) / length;
    const uy = (y2 - y1) / length;
    group.append(node("line", {
      class: "molinolog-arrow",
      x1: x1 + ux * 12, y1: y1 + uy * 12,
      x2: x2 - ux * (PIECE + 8), y2: y2 - uy * (PIECE + 8),
      "marker-end": "url(#molinolog-arrow)",
    }));
  }
  return group;
}

/** The piece the last turn captured: a faded ghost with a cross, where it stood. */
function ghosts(view, geo) {
  const group = node("g", { class: "molinolog-captured", "aria-hidden": "true" });
  for (const action of state.trail?.actions ?? []) {
    if (action.kind !== "capture") continue;
    const key = keyOf(action.point);
    if (view.points.some((p) => keyOf(p.point) === key && p.piece)) continue;
    const [x, y] = geo.xy(action.point);
    const g = node("g", { transform: `translate(${x} ${y})`, "data-captured": key });
    const d = PIECE * 0.55;
    g.append(
      node("circle", { class: `molinolog-piece molinolog-piece-${other(state.trail.player)}`, r: PIECE }),
      node("path", { class: "molinolog-cross", d: `M${-d},${-d} L${d},${d} M${d},${-d} L${-d},${d}` }),
    );
    group.append(g);
  }
  return group;
}

/** Show the step just played: the piece slides in from its point or grows in place. */
function animate() {
  const action = state.fresh;
  state.fresh = null;
  if (!action || reducedMotion() || !state.game) return;
  const geo = geometry(state.game.view.size);
  const options = { duration: SLIDE, easing: "cubic-bezier(.3,.7,.4,1)" };
  if (action.kind === "move") {
    const piece = svg.querySelector(`[data-point="${keyOf(action.to)}"] .molinolog-piece`);
    const [x1, y1] = geo.xy(action.from);
    const [x2, y2] = geo.xy(action.to);
    piece?.animate([{ transform: `translate(${x1 - x2}px, ${y1 - y2}px)` }, { transform: "none" }], options);
  } else if (action.kind === "place") {
    const piece = svg.querySelector(`[data-point="${keyOf(action.point)}"] .molinolog-piece`);
    piece?.animate([{ transform: "scale(1.6)", opacity: 0 }, { transform: "none", opacity: 1 }], options);
  } else {
    const ghost = svg.querySelector(`[data-captured="${keyOf(action.point)}"] .molinolog-piece`);
    ghost?.animate([{ opacity: 1 }, { opacity: 0.45 }], options);
  }
}

// ---- the rest of the page ----------------------------------------------------

function render() {
  renderBoard();
  const view = state.game?.view;
  const lang = getLang();
  const status = $("#status");
  status.textContent = view ? view.status[lang] : "";
  status.dataset.player = view && !view.over ? view.to_move : "";
  status.classList.toggle("molinolog-is-over", Boolean(view?.over));
  $("#hint").textContent = view ? hintText(view) : "";
  document.querySelector(".molinolog-counts").hidden = !view;   // no game: no counts to show
  for (const player of ["b", "w"]) {
    $(`#in-hand-${player}`).textContent = view?.in_hand[player] ?? "–";
    $(`#on-board-${player}`).textContent = view?.on_board[player] ?? "–";
    $(`#who-${player}`).textContent = view ? `(${whoText(view, player)})` : "";
    const row = document.querySelector(`.molinolog-counts tr[data-player="${player}"]`);
    row.classList.toggle("molinolog-is-to-move", Boolean(view && !view.over && view.to_move === player));
  }
  $("#last-turn").textContent = view ? turnText(view, state.trail) : "";
  renderSettings(view);
  const game = state.game;
  const allMachines = view && isMachine(view, "b") && isMachine(view, "w");
  $("#undo").disabled = !game || !game.casual || game.plies === 0 || allMachines || session.liveOver()
    || session.watching();
  $("#cancel").hidden = !game;
  renderMessage();
  if ($("#end-dialog").open) fillEnd(view);
}

function hintText(view) {
  if (view.over) return "";
  if (view.machine_to_move) {
    return t("molinolog.hint.thinking", { player: t(`molinolog.player.${view.to_move}`) });
  }
  if (view.phase === "move") return t(state.selected ? "molinolog.hint.selected" : "molinolog.hint.select");
  return t(`molinolog.hint.${view.phase}`);
}

function renderSettings(view) {
  if (!view) {
    $("#settings").textContent = "";
    return;
  }
  const settings = t("molinolog.settings", {
    size: view.size, black: whoText(view, "b"), white: whoText(view, "w"),
  });
  $("#settings").textContent = view.protect_mills
    ? t("molinolog.settings_protect", { settings })
    : settings;
}

function fillEnd(view) {
  if (!view?.over) return;
  const { code, winner } = view.result;
  const loser = winner ? other(winner) : null;
  $("#end-title").textContent = winner
    ? t("molinolog.end.win", { player: t(`molinolog.colour.${winner}`) })
    : t("molinolog.end.draw");
  $("#end-reason").textContent = t(`molinolog.reason.${code}`, {
    loser: loser ? t(`molinolog.colour.${loser}`) : "",
  });
}

/** The end dialog, once per game: closed, it stays closed when the game's page is drawn
 *  again (a rematch offer, a watcher's reload of the live game). */
function showEnd() {
  const dialog = $("#end-dialog");
  fillEnd(state.game.view);
  if (dialog.open || state.endShown === state.game.id) return;
  state.endShown = state.game.id;
  dialog.showModal();
}

// ---- talking to the server ---------------------------------------------------

const ACTION_KEYS = ["kind", "point", "from", "to"];
const sameAction = (a, b) => JSON.stringify(a, ACTION_KEYS) === JSON.stringify(b, ACTION_KEYS);

/** The last turn after a load, a live update or an undo: the view's last step (and who
 *  played it), with the place or move before it when that step is a capture (from the
 *  game's list of actions, or the open turn already on the board). */
function trailFromView(view, actions) {
  const last = view.last;
  if (!last) return null;
  const { player: _, ...step } = last;
  const open = state.trail && !state.trail.closed && state.trail.player === last.player;
  let steps = [step];
  if (last.kind === "capture" && actions?.length >= 2) steps = actions.slice(-2);
  else if (last.kind === "capture" && open) steps = [...state.trail.actions, step];
  return { player: last.player, actions: steps, closed: view.phase !== "capture" };
}

/** Keep a reply; `mover` played `action` to get there (none after a load or an undo). */
function take(reply, mover = null, action = null) {
  const { explain, actions, ...game } = reply;
  const { view } = game;
  state.game = game;
  state.selected = null;
  state.pending = null;
  if (action) {
    const known = state.trail?.player === mover && sameAction(state.trail.actions.at(-1), action);
    if (!known && (state.trail?.player !== mover || state.trail.closed)) {
      state.trail = { player: mover, actions: [] };
    }
    if (!known) state.trail.actions.push(action);
    state.trail.closed = view.phase !== "capture";
  } else {
    state.trail = trailFromView(view, reply.actions);
  }
  state.fresh = action;
  render();
  animate();
}

function stepLabel(player, action) {
  return `${t(`molinolog.player.${player}`)}: ${stepText(action)}`;
}

function play(action) {
  const mover = state.game.view.to_move;
  return session.act(action, () => stepLabel(mover, action));
}

/** Served with a student's rules (`tablero serve --rules molinolog=FILE.pl`): a position
 *  of a disagreement (their estado/8 or ours, as the server drew it: pieces, whose turn,
 *  the phase, the mill to capture for) on a small board of the game's shape; the points
 *  where the two differ ringed, the mill marked. */
const studentDrawer = {
  asked: "accion_legal/2, aplicar/3, fin_del_juego/2",
  board(holder) {
    const small = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    small.setAttribute("class", "molinolog-board student-molinolog");
    const line = document.createElement("p");
    line.className = "student-line";
    holder.append(small, line);
    return {
      draw(picture, entry, side, word) {
        const view = state.game?.view;
        if (!view || !picture) return;
        const geo = geometry(view.size);
        small.setAttribute("viewBox", `0 0 ${geo.extent} ${geo.extent}`);
        small.setAttribute("role", "img");
        small.setAttribute("aria-label", word);
        const pieces = new Map(picture.pieces.map(([point, piece]) => [keyOf(point), piece]));
        const differ = new Set((entry.diff ?? []).map(keyOf));
        const mill = new Set((picture.mill ?? []).map(keyOf));
        const group = node("g", { class: "molinolog-points" });
        for (const { point } of view.points) {
          const key = keyOf(point);
          const classes = [...(differ.has(key) ? ["student-is-diff"] : []), ...(mill.has(key) ? ["molinolog-is-mill"] : [])];
          const g = pointNode(geo, point, pieces.get(key) ?? null, classes, pointName(point), null);
          g.removeAttribute("tabindex");
          g.removeAttribute("role");
          group.append(g);
        }
        small.replaceChildren(...boardBase(geo, view.edges), group);
        small.dataset.pieces = [...pieces].map(([k, v]) => `${k}=${v}`).sort().join(" ");
        line.textContent = `${t("student.to_move", { player: t(`molinolog.player.${picture.to_move}`) })} · ${picture.phase}`;
        line.dataset.toMove = picture.to_move;
        line.dataset.phase = picture.phase;
      },
    };
  },
  moveName: (entry) => `${t(`molinolog.player.${entry.player}`)} ${entry.move}`,
};

const session = new GameSession("molinolog", state, {
  clock: true,
  student: studentDrawer,
  moveText: (last) => stepLabel(last.player, last),
  panel,
  render,
  take,
  showForm,
  createFailed: () => next(),
  refused(error, { reload }) {
    state.pending = null;
    if (reload) return;
    say({ error, kind: "error" });
    render();
  },
  machine: {
    pause: MACHINE_PAUSE,
    label: (mover, r) => (r
      ? stepLabel(mover, r.action)
      : t("molinolog.step.machine", { player: t(`molinolog.player.${mover}`) })),
    over: () => showEnd(),
  },
});
const say = (message) => session.say(message);
const renderMessage = () => session.renderMessage();
const next = () => session.next();
const newGame = (options) => session.newGame(options);

// ---- clicks --------------------------------------------------------------------

function onPoint(key, piece) {
  if (session.blocked()) return;
  const view = state.game.view;
  const point = pointOf(key);
  if (view.phase === "capture") {
    confirmed(`capture:${key}`, key, () => play({ kind: "capture", point }));
  } else if (view.phase === "place") {
    confirmed(`place:${key}`, key, () => {
      state.pending = key;
      renderBoard();
      play({ kind: "place", point });
    });
  } else if (state.selected === null || key === state.selected || piece === view.to_move) {
    select(key, piece, view);
  } else {
    const from = state.selected;
    confirmed(`move:${from}>${key}`, key, () => play({ kind: "move", from: pointOf(from), to: point }));
  }
}

/** A step on the point `key`: played now, or with "Confirm moves with a second tap" on,
 *  shown there first (molinolog-is-proposed) until a second tap on it. */
function confirmed(tapKey, key, step) {
  session.tap(tapKey, {
    show: () => {
      state.proposed = key;
      renderBoard();
    },
    clear: () => {
      state.proposed = null;
      renderBoard();
    },
  }, step);
}

/** The first click of a move: a piece of the mover is selected (or let go); any other
 *  point is asked of the rules as a move from there, so they say what is wrong with it. */
function select(key, piece, view) {
  session.clearTap(); // a step shown from another piece is not the one to confirm
  if (key === state.selected) state.selected = null;
  else if (piece === view.to_move) state.selected = key;
  else {
    play({ kind: "move", from: pointOf(key), to: pointOf(key) });
    return;
  }
  say(null);
  render();
}

function onBoardClick(event) {
  const point = event.target.closest(".molinolog-point");
  if (point) onPoint(point.dataset.point, point.dataset.piece);
}

function onBoardKey(event) {
  if (event.key !== "Enter" && event.key !== " ") return;
  const point = event.target.closest(".molinolog-point");
  if (!point) return;
  event.preventDefault();
  onPoint(point.dataset.point, point.dataset.piece);
  requestAnimationFrame(() => svg.querySelector(`[data-point="${point.dataset.point}"]`)?.focus());
}

// ---- the new-game form -------------------------------------------------------

function formOptions() {
  return {
    size: Number($("#size").value),
    black: $("#black").value,
    white: $("#white").value,
    depth: Number($("#depth").value),
    protect_mills: $("#protect-mills").checked,
  };
}

function showForm() {
  const options = state.game?.options;
  if (options) {
    $("#size").value = String(options.size ?? state.game.view.size);
    $("#black").value = options.black ?? "human";
    $("#white").value = options.white ?? "machine";
    $("#depth").value = String(options.depth ?? state.game.view.depth);
    $("#protect-mills").checked = Boolean(options.protect_mills);
  }
  session.openForm();
}

// ---- start here --------------------------------------------------------------

function start() {
  svg.addEventListener("click", onBoardClick);
  svg.addEventListener("keydown", onBoardKey);
  $("#end-dialog").addEventListener("close", () => {
    if ($("#end-dialog").returnValue === "again" && state.game) newGame(state.game.options);
  });
  session.start({ formOptions, reset: () => { state.trail = null; } });
}

start();
