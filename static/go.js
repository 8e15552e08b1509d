// go.js: the Go page (/go and /go/<id>).  Start reading at start() at the bottom.
//
// The page keeps the server's last reply and draws the board from its view after every
// answer; it judges no rule.  Every action sends the revision it was played against; a
// 409 "stale" or "conflict" reloads the game.  One request at a time: a click while one
// is in flight is ignored.  A colour the game gives to the machine (view.seats) plays by
// itself: when view.machine_to_move the page waits a moment and asks POST /machine
// (GameSession's machine loop).  The result is view.result: {code, winner, reason,
// tie_break, score}, never parsed from its code.  A machine turn that fails (GNU Go past
// its deadline: 504 engine_timeout; 503 engine_failed; the server unreachable) is asked
// again once by itself; a second failure is said with a "Try again" button (#retry).
//
// After two passes the view's phase is "scoring": view.dead are the stones marked dead
// (Prolog's proposal at first), view.score the count with them taken off (its owner rows
// shade each side's points), view.accepted who has accepted.  A click on a stone then
// toggles its chain ({"kind": "toggle"}), and the Accept and Resume buttons send "accept"
// and "resume", each for the seat this page holds (seatFor).

import { GridBoard, vertexName } from "./board-grid.js";
import { difficultyOf } from "./difficulty.js";
import { GameSession } from "./game-session.js";
import { errorText, formatNumber, hasText, t } from "./i18n.js";
import { PrologPanel } from "./prolog-panel.js";
import { goDrawer } from "./student-rules.js";

const $ = (selector) => document.querySelector(selector);

const state = { // and the session's own: game (the last reply but its explain), busy, ...
  engineError: null, // the machine's turn failed twice in a row: "Try again" is offered
  retried: false, // the machine's turn failed once and was asked again by itself
  record: null, // {id, result}: the RE of the SGF record this game was read from, when the
  //               game does not end with it (reply.record_result), shown beside ours
};

const MACHINE_PAUSE = 500; // ms before the machine is asked to play
const RETRY_PAUSE = 1500; // ms before a failed machine turn is asked again by itself

const grid = new GridBoard($("#board"), { coordinates: true });
const panel = new PrologPanel($("#prolog-panel"));

/** The review bar's "Move numbers" checkbox: each stone shows the number of the move that
 *  placed it (game-session.js's moveNumbers, from the game's history). */
const numbersBox = Object.assign(document.createElement("input"), { type: "checkbox", id: "move-numbers" });
const numbersLabel = Object.assign(document.createElement("label"), { className: "tb-review-numbers" });
numbersLabel.append(numbersBox, document.createElement("span")); // words: render()
/** The point a move played (a view's `last`, or an action as stored: `pos`, or a GTP
 *  `vertex` from a client that sent one), for the move numbers; null for the rest. */
const movePos = (last) => (last.kind === "move" ? last.pos ?? vertexPos(last.vertex) : null);

/** [row, col] of a GTP vertex ("D4") on the game's board, or null. */
function vertexPos(vertex) {
  const size = session.state.game?.view?.size;
  const text = String(vertex ?? "");
  const col = "ABCDEFGHJKLMNOPQRSTUVWXYZ".indexOf(text.charAt(0).toUpperCase());
  const row = size - Number(text.slice(1));
  return size && col >= 0 && col < size && row >= 0 && row < size ? [row, col] : null;
}
/** The review's steps and the stones' numbers count moves and passes, as the SGF record
 *  does: not the scoring phase's toggles, acceptances and resumption, nor a resignation. */
const isMove = (last) => last.kind === "move" || last.kind === "pass";

function playerName(player) {
  return t(`player.${player}`);
}

function isMachine(view, player) {
  return session.isMachine(view, player);
}

/** The machine is to play (the page waits for it). */
function machineTurn(view) {
  return Boolean(view?.machine_to_move);
}

/** GNU Go is to play (a seat "gnugo": the server runs GNU Go for it). */
function gnugoTurn(view) {
  return machineTurn(view) && view.seats[view.to_move] === "gnugo";
}

/** "play", "scoring" or "over" (a view stored before the scoring phase has no phase). */
function phaseOf(view) {
  return view?.phase ?? (view?.over ? "over" : "play");
}

/** The seat this page acts for: the one the game waits for if the page holds it, else
 *  the page's own seat (a page holding no seat sends the one to move, and is refused). */
function seatFor(view) {
  const you = state.game?.you ?? [];
  return you.includes(view.to_move) ? view.to_move : you[0] ?? view.to_move;
}

/** A machine turn that failed for a reason that may pass (GNU Go or Prolog past its
 *  deadline, GNU Go crashed, the server unreachable or failing): worth asking again. */
function worthRetrying(error) {
  return ["engine_timeout", "engine_failed", "timeout", "network"].includes(error.code) || error.status >= 500;
}

/** The machine's turn failed (nothing was played): ask again once by itself, after a
 *  pause; a second failure in a row is said, with a "Try again" button (#retry). */
function machineFailed(error) {
  grid.clearPending();
  if (!state.retried) {
    state.retried = true;
    say({ key: "go.retrying", vars: { error: refusalText(error) }, kind: "error" });
    state.timer = setTimeout(() => session.step(), RETRY_PAUSE);
    return;
  }
  state.engineError = error;
  say({ error, kind: "error" });
  render();
}

function retryMachine() {
  state.engineError = null;
  state.retried = false;
  say(null);
  render();
  session.step();
}

/** Refusals in words: Go's own codes first (go.error.*), then the shared ones. */
function refusalText(error) {
  if (error.code?.startsWith("sgf_")) return sgfRefusalText(error);
  const key = `go.error.${error.code}`;
  return hasText(key) ? t(key) : errorText(error);
}

/** An SGF file refused (400 sgf_*), worded in the page's language from the error's code
 *  and params (app/sgf.py: reason, move, player, vertex, value, ...); the server's English
 *  message when the page has no words for it. */
function sgfRefusalText(error) {
  const params = error.detail?.params ?? {};
  const base = `go.sgf_error.${error.code}`;
  const key = hasText(`${base}.${params.reason}`) ? `${base}.${params.reason}` : base;
  if (!hasText(key)) return error.message || error.code;
  const vars = { ...params };
  if (params.player) vars.player = playerName(params.player);
  if (error.code === "sgf_move" || error.code === "sgf_options") {
    // The rules' refusal (occupied, ko, bad_option, ...) in words, if the page has them.
    const why = params.reason && refusalText({ code: params.reason, message: "" });
    if (!why || why === params.reason) return error.message;
    vars.why = why;
    if (error.code === "sgf_move") {
      if (!hasText(`go.sgf_what.${params.kind}`)) return error.message;
      vars.what = t(`go.sgf_what.${params.kind}`, vars);
    }
  }
  return t(key, vars);
}

/** The stones marked dead, for the board: a ring over each, the stone faded (go.css). */
function deadMarks(view) {
  return (view?.dead ?? []).map((pos) => ({ pos, shape: "stone", class: "go-dead", point: "go-is-dead" }));
}

// ---- drawing ---------------------------------------------------------------

function render() {
  const game = state.game;
  const view = game?.view;
  const formSize = Number($("#size").value);
  const board = view?.board ?? Array(formSize).fill("-".repeat(formSize));
  const size = board.length;
  const phase = phaseOf(view);
  const scoring = phase === "scoring";
  const score = view?.score ?? view?.result?.score;
  //  Served with a student's rules (tablero serve --rules go=FILE.pl): the points where
  //  their board differs, on the move shown, are ringed on ours too.
  const student = session.student;
  student.showing(session.review ? session.review.stops[session.review.at] : null);
  grid.render({
    board,
    last: view?.last?.kind === "move" ? view.last.pos : null,
    owner: score ? score.owner : null,
    hover: view?.over || scoring || machineTurn(view) || (view && !session.playsFor(view.to_move))
      ? null : view?.to_move ?? "b",
    marks: [...deadMarks(view), ...student.marks()],
    numbers: numbersBox.checked ? session.moveNumbers(movePos) : null,
    label: t("go.board", { size }),
  });
  numbersLabel.lastChild.textContent = t("review.numbers");
  numbersLabel.title = t("review.numbers_title");

  $(".go-status").hidden = !view;
  const toMove = $("#to-move");
  $("#turn-line").classList.toggle("go-is-over", Boolean(view?.over));
  $("#turn-line").classList.toggle("go-is-scoring", scoring);
  const thinking = machineTurn(view) && !state.engineError; // the page waits for the machine
  const machineWord = gnugoTurn(view) ? "go.gnugo" : "go.machine";
  toMove.textContent = !view ? "" : view.over ? t("go.over")
    : scoring ? (thinking ? t(`${machineWord}.checking`, { player: playerName(view.to_move) }) : t("go.scoring"))
    : thinking ? t(`${machineWord}.thinking`, { player: playerName(view.to_move) }) : playerName(view.to_move);
  toMove.dataset.player = view && !view.over && !scoring ? view.to_move : "";
  $("#captures-b").textContent = view?.captures.b ?? 0;
  $("#captures-w").textContent = view?.captures.w ?? 0;
  renderSettings(view);
  renderPhase(view, scoring);
  renderResult(view);
  renderRecord(view);

  $("#retry").hidden = !(state.engineError && machineTurn(view) && !view.over);
  // A watcher has no controls; a player passes on its own turn, and resigns while the game
  // as it stands (not an earlier move under review) is still on.
  const liveOver = session.liveOver();
  $("#pass").disabled = !view || view.over || liveOver || scoring || machineTurn(view)
    || !session.playsFor(view.to_move);
  $("#resign").disabled = !view || view.over || liveOver || session.watching();
  const allMachines = view && isMachine(view, "b") && isMachine(view, "w");
  // A finished game is a record: the server refuses undo (409 game_over).  (While an
  // earlier move is reviewed, the game as it stands decides.)
  const over = session.liveOver();
  $("#undo").disabled = !game || !game.casual || game.plies === 0 || allMachines || over || session.watching();
  $("#cancel").hidden = !game;
  $("#buttons").hidden = !game;
  const download = $("#download-sgf");
  download.hidden = !game;
  if (game) download.href = `/api/games/${encodeURIComponent(game.id)}/sgf`;
  const hint = $("#form-hint");
  hint.dataset.i18n = game ? "go.choose" : "go.choose_or_play";
  hint.textContent = t(hint.dataset.i18n);
  renderMessage();
}

function renderSettings(view) {
  if (!view) {
    $("#settings").textContent = "";
    return;
  }
  const { preset, komi } = view.settings;
  const rules = t("go.settings", {
    size: view.size,
    preset: t(`go.preset_short.${preset}`),
    komi: formatNumber(komi),
  });
  const seat = (player) => {
    const words = view.seats[player] === "gnugo"
      ? t("go.seat.gnugo", { level: state.game?.options?.level ?? 5 })
      : t(`go.seat.${view.seats[player]}`);
    const difficulty = difficultyOf("go", state.game?.options, player);
    return difficulty ? t("difficulty.seat", { seat: words, difficulty: t(`difficulty.${difficulty}`) }) : words;
  };
  const players = t("go.players", { b: seat("b"), w: seat("w") });
  const lines = [rules, players].map((text) => {
    const line = document.createElement("div");
    line.textContent = text;
    return line;
  });
  $("#settings").replaceChildren(...lines);
}

/** The scoring phase: what it is, the count as marked, who has accepted, the buttons. */
function renderPhase(view, scoring) {
  $("#phase").hidden = !scoring;
  if (!scoring) return;
  const { score, accepted, settings } = view;
  $("#phase-rule").textContent = t(`go.phase.rule.${settings.rule ?? "area"}`);
  $("#phase-score").textContent = t(score.komi ? "go.phase.count_komi" : "go.phase.count", {
    b: formatNumber(score.b),
    w: formatNumber(score.w),
    komi: formatNumber(score.komi),
  });
  const lines = ["b", "w"].map((player) => {
    const line = document.createElement("div");
    line.className = "go-phase-seat";
    line.dataset.player = player;
    line.dataset.accepted = String(accepted[player]);
    line.textContent = t(accepted[player] ? "go.phase.accepted" : "go.phase.waiting", { player: playerName(player) });
    return line;
  });
  $("#phase-accepted").replaceChildren(...lines);
  const seat = seatFor(view);
  const both = (state.game?.you ?? []).length > 1;
  const accept = $("#accept");
  accept.textContent = both ? t("go.accept_for", { player: playerName(seat) }) : t("go.accept");
  accept.disabled = accepted[seat] || machineTurn(view) || session.watching();
  $("#resume").disabled = machineTurn(view) || session.watching();
}

/** The result in words: {code, winner, reason: "resign"|"count"|"time", tie_break, score}. */
function resultText(result) {
  if (result.winner === null) return t("go.result.draw");
  const winner = playerName(result.winner);
  if (result.reason === "resign") return t("go.result.resign", { winner });
  if (result.reason === "time") return t("go.result.time", { winner });
  if (result.tie_break) return t("go.result.tie_white");
  const points = Math.abs(result.score.b - result.score.w);
  return t("go.result.points", { winner, count: points });
}

function renderResult(view) {
  const box = $("#result");
  box.hidden = !view?.over;
  if (!view?.over) {
    box.replaceChildren();
    return;
  }
  const { result } = view;
  const words = document.createElement("strong");
  words.textContent = resultText(result);
  const code = document.createElement("code");
  code.className = "go-result-code";
  code.textContent = result.code;
  box.replaceChildren(words, " ", code);
  if (result.score) {
    const score = document.createElement("div");
    score.className = "go-score";
    score.textContent = t(result.score.komi ? "go.score_komi" : "go.score", {
      b: formatNumber(result.score.b),
      w: formatNumber(result.score.w),
      komi: formatNumber(result.score.komi),
    });
    box.append(score);
  }
}

/** The result the SGF record says, when the game read from it does not end with it. */
function renderRecord(view) {
  const box = $("#record-result");
  const record = state.record;
  box.hidden = !view || record?.id !== state.game?.id;
  box.textContent = box.hidden ? "" : t("go.record_result", { result: record.result });
}

/** After a successful reply: what the board does not show by itself. */
function statusMessage(view) {
  const last = view.last;
  if (view.over || !last) return null;
  const player = playerName(last.player);
  if (last.kind === "pass") {
    return { key: phaseOf(view) === "scoring" ? "go.last.pass_end" : "go.last.pass", vars: { player }, kind: "info" };
  }
  if (last.kind === "toggle") {
    const key = view.dead.some(([r, c]) => r === last.pos[0] && c === last.pos[1]) ? "go.last.toggle_dead" : "go.last.toggle_alive";
    return { key, vars: { player, vertex: vertexName(view.size, last.pos) }, kind: "info" };
  }
  if (last.kind === "accept" || last.kind === "resume") {
    return { key: `go.last.${last.kind}`, vars: { player, next: playerName(view.to_move) }, kind: "info" };
  }
  return null;
}

// ---- talking to the server -------------------------------------------------

function take(reply) {
  const { explain, actions, student: verdict, ...game } = reply;
  state.game = game;
  state.engineError = null;
  state.retried = false;
  render();
}

function describe(action, player, size) {
  return () => {
    const who = playerName(player);
    if (action.kind === "move") {
      return t("prolog.action.move", { player: who, vertex: vertexName(size, action.pos) });
    }
    if (action.kind === "toggle") {
      return t("go.action.toggle", { player: who, vertex: vertexName(size, action.pos) });
    }
    if (action.kind === "accept" || action.kind === "resume") return t(`go.action.${action.kind}`, { player: who });
    return t(`prolog.action.${action.kind}`, { player: who });
  };
}

/** Resign, at any time, for the seat this page holds (the one to move if it holds both). */
function resign() {
  const game = state.game;
  const view = game?.view;
  if (!view || view.over || state.busy) return;
  const you = game.you ?? [];
  const player = you.includes(view.to_move) ? view.to_move : you[0] ?? view.to_move;
  const action = { kind: "resign", player };
  session.act(action, describe(action, player, view.size));
}

function act(action) {
  const view = state.game?.view;
  if (!view || state.busy) return;
  if (machineTurn(view)) {
    grid.clearPending();
    say({ key: "go.wait", kind: "info" });
    return;
  }
  session.act(action, describe(action, action.player ?? view.to_move, view.size));
}

/** A scoring-phase action (toggle, accept, resume) for the seat this page holds. */
function phaseAct(kind, extra = {}) {
  const view = state.game?.view;
  if (!view || phaseOf(view) !== "scoring") return;
  act({ kind, ...extra, player: seatFor(view) });
}

const session = new GameSession("go", state, {
  clock: { byoyomi: true }, // Go alone offers byo-yomi (prolog/go/protocol.pl)
  student: goDrawer, // served with a student's rules: their goMove/4's boards on a grid
  panel,
  render,
  take,
  status: statusMessage,
  showForm,
  errorText: refusalText,
  moveText: (last) => describe(last, last.player, state.game?.view?.size ?? 19)(),
  reviewExtra: numbersLabel,
  reviewStop: isMove,
  created(reply) {
    state.record = reply.record_result ? { id: reply.id, result: reply.record_result } : null;
    session.show(reply, null);
  },
  refused(error, { path, reload }) {
    if (reload) return;
    if (path === "machine" && worthRetrying(error)) {
      machineFailed(error);
      return;
    }
    grid.clearPending();
    say({ error, kind: "error" });
  },
  machine: {
    pause: MACHINE_PAUSE,
    label: (mover, reply) => {
      const who = state.game?.view?.seats?.[mover] === "gnugo" ? "go.gnugo" : "go.machine";
      return reply
        ? t(`${who}.played`, { action: describe(reply.action, mover, reply.view.size)() })
        : t(`${who}.asked`, { player: playerName(mover) });
    },
  },
});
const say = (message) => session.say(message);
const renderMessage = () => session.renderMessage();
const next = () => session.next();
const newGame = (options) => session.newGame(options);

// ---- the new-game form -----------------------------------------------------

function formOptions() {
  const options = {
    size: Number($("#size").value),
    preset: $("#preset").value,
    black: $("#black").value,
    white: $("#white").value,
  };
  const komi = $("#komi").value.trim();
  if (komi !== "") options.komi = Number(komi);
  if (options.black === "gnugo" || options.white === "gnugo") options.level = Number($("#level").value);
  const handicap = Number($("#handicap").value);
  if (handicap >= 2) options.handicap = handicap;
  return options;
}

/** The GNU Go level is asked only when GNU Go sits in a seat. */
function showLevel() {
  $("#level-field").hidden = $("#black").value !== "gnugo" && $("#white").value !== "gnugo";
}

function showForm() {
  const options = state.game?.options;
  if (options) {
    $("#size").value = String(options.size ?? state.game.view.size);
    $("#preset").value = options.preset ?? "documents";
    $("#komi").value = options.komi ?? "";
    $("#black").value = options.black ?? "human";
    $("#white").value = options.white ?? "human";
    $("#level").value = String(options.level ?? 5);
    $("#handicap").value = String(options.handicap >= 2 ? options.handicap : 0);
  }
  showLevel();
  session.openForm();
}

/** The "Open SGF" file: sent as a new game ({sgf: its text}, the form's players for the
 *  seats), which opens at its last position; the review bar steps through its moves. */
async function openSgf(event) {
  const input = event.target;
  const file = input.files?.[0];
  if (!file || state.busy) return;
  say({ key: "go.sgf_reading", vars: { name: file.name }, kind: "info" });
  const text = await file.text();
  input.value = ""; // the same file chosen again is read again
  const { black, white, level } = formOptions();
  if (!(await session.newGame({ black, white, ...(level ? { level } : {}) }, { sgf: text }))) return;
  $("#new-game-form").hidden = true;
  const count = session.reviewTotal() ?? state.game.plies; // moves and passes, as in the file
  say({ key: "go.sgf_opened", vars: { name: file.name, count }, kind: "info" });
}

async function onBoardClick(_event, [row, col]) {
  if (state.busy) return;
  if (!state.game) {
    // No game yet: the click starts one with the form's settings, then plays there.
    if (!(await newGame(formOptions()))) return;
    $("#new-game-form").hidden = true;
  }
  const view = state.game.view;
  if (view.over) {
    say({ error: { code: "game_over" }, kind: "error" });
    return;
  }
  if (phaseOf(view) === "scoring") {
    phaseAct("toggle", { pos: [row, col] });
    return;
  }
  if (machineTurn(view)) {
    say({ key: "go.wait", kind: "info" });
    return;
  }
  if (!session.playsFor(view.to_move)) {
    say(session.othersTurn(view)); // nothing to send: the server would refuse it
    return;
  }
  // With "Confirm moves with a second tap" on, the first tap only shows the stone.
  session.tap(`move:${row},${col}`, {
    show: () => grid.setProposal(row, col, view.to_move),
    clear: () => grid.clearProposal(),
  }, () => {
    grid.setPending(row, col, view.to_move);
    act({ kind: "move", pos: [row, col] });
  });
}

// ---- start here ------------------------------------------------------------

function start() {
  grid.on("click", onBoardClick);
  numbersBox.addEventListener("change", render);
  session.askTwice($("#pass"), "go.pass_really", () => act({ kind: "pass" }));
  session.askTwice($("#resign"), "go.resign_really", resign);
  $("#retry").addEventListener("click", retryMachine);
  $("#accept").addEventListener("click", () => phaseAct("accept"));
  $("#resume").addEventListener("click", () => phaseAct("resume"));
  $("#size").addEventListener("change", () => {
    if (!state.game) render();
  });
  $("#black").addEventListener("change", showLevel);
  $("#white").addEventListener("change", showLevel);
  $("#sgf-file").addEventListener("change", openSgf);
  session.start({ formOptions });
}

start();
