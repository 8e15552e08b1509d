// student-rules.js: a game page served with a student's rules (`tablero serve --rules
// GAME=FILE.pl`, app/student_rules.py).  Every move's reply (or refusal) then carries
// `student`: what the student's rules said of it beside ours (Go: goMove/4; Molinolog:
// accion_legal/2, aplicar/3, fin_del_juego/2; GoRoGo: jogada/3; Azul: jugadas_legales/2,
// aplicar_jugada/3); the server keeps each played move's verdict with the game (however
// the move was made: a click, the machine, GNU Go, an SGF record) and every reply says how
// many were asked and where they disagree (`student_verdicts`: {asked, differ, plies}); GET
// /api/games/<id>/verdicts gives them whole.  This box, placed after #message, counts
// them, says the verdict on the move the board shows (the last, or the review's) in the
// page's language, lists the moves where the two disagree (a click reviews that move), and
// draws a disagreement as two positions, theirs and ours, with the points that differ
// ringed.  A move our rules refuse is no move of the game: its verdict is kept beside it,
// by the position it was tried on, counted apart and listed too.  Our rules stay the
// game's judge: the box only shows.
//
// The box is the session's (game-session.js makes one for every game page and feeds it
// every reply, refusal and review step); only the drawing of a position is the game's: a
// page hands the session a drawer (its `student` option),
//
//   {asked: "goMove/4",                         // what the student's rules are asked
//    board(holder) -> {draw(picture, entry, side)},  // a small board in holder
//    moveName(entry) -> "Black B19"}            // the move, in words
//
// where a picture is what the server drew of a side's position (Go: the board's rows;
// the others: rules_games.pl's pictures).  Without one, a position is shown as its
// Prolog text (textDrawer).  Go also rings the differing points on its main board
// (marks()).

import { GridBoard, vertexName } from "./board-grid.js";
import { api } from "./api.js";
import { addStrings, hasText, onLangChange, t } from "./i18n.js";

addStrings({
  en: {
    "student.board_differs_state": "Their position after the move differs from ours ({fields}).",
    "student.board_differs_points.one": "Their position after the move differs from ours at {count} point ({fields}).",
    "student.board_differs_points.other": "Their position after the move differs from ours at {count} points ({fields}).",
    "student.over_differs": "Their position is ours, but not the end of the game: theirs {theirs}, ours {ours}.",
    "student.goes_on": "goes on",
    "student.not_a_state": "Their {pred} answered something that is not a state of the game: {text}",
    "student.failed.failed": "Their {pred} failed on a move their rules accept: the move is judged by our rules only.",
    "student.agree_state": "Their rules agree: the same position as ours.",
    "student.text": "Prolog",
    "student.before": "before the move",
    "student.to_move": "to move: {player}",
    "student.title": "Student's rules: {file}",
    "student.intro": "Every move is also asked of their {pred}. Our rules decide the game; theirs are shown beside.",
    "student.kept.one": "Their rules disagreed on {differ} of {count} move asked.",
    "student.kept.other": "Their rules disagreed on {differ} of {count} moves asked.",
    "student.kept_tried.one": "Their rules disagreed on {differ} of {count} move asked, and on {tried_differ} of {tried} that ours refused.",
    "student.kept_tried.other": "Their rules disagreed on {differ} of {count} moves asked, and on {tried_differ} of {tried} that ours refused.",
    "student.none": "No move asked yet.",
    "student.list": "Where they disagree",
    "student.theirs": "Their board",
    "student.ours": "Our board",
    "student.refused": "refused",
    "student.move": "{player} {vertex}",
    "student.agree": "Their rules agree: the same board as ours.",
    "student.agree_refused": "Their rules agree: both refuse this move.",
    "student.they_refuse": "Their rules refuse this move; ours accept it.",
    "student.they_accept": "Their rules accept this move; ours refuse it ({reason}).",
    "student.board_differs.one": "Their board after the move differs from ours at {count} point.",
    "student.board_differs.other": "Their board after the move differs from ours at {count} points.",
    "student.second_board.one": "Their {pred} gives our board, then on backtracking another that differs at {count} point.",
    "student.second_board.other": "Their {pred} gives our board, then on backtracking another that differs at {count} points.",
    "student.not_a_board": "Their {pred} answered something that is not a board: {text}",
    "student.unavailable": "The student's rules could not be used: {message}",
    "student.failed.timeout": "Their {pred} did not answer within its time limit (a loop?): the move is judged by our rules only.",
    "student.failed.inferences": "Their {pred} did not answer within its inference limit (a loop?): the move is judged by our rules only.",
    "student.failed.resource": "Their {pred} ran out of memory: the move is judged by our rules only.",
    "student.failed.halt": "Their {pred} called halt: the move is judged by our rules only.",
    "student.failed.abort": "Their {pred} called abort: the move is judged by our rules only.",
    "student.failed.killed": "Their {pred} did not answer in time: its Prolog process was stopped and starts again for the next move. The move is judged by our rules only.",
    "student.failed.crashed": "Their {pred} ended its Prolog process (halt?): it starts again for the next move. The move is judged by our rules only.",
    "student.failed.error": "Their {pred} raised an error: {message}. The move is judged by our rules only.",
    "student.failed.not_written": "Their {pred} is not written yet (still the kit's stub): the move is judged by our rules only.",
    "student.ko": "Ours refuse it by the ko rule, which goMove/4 does not judge.",
  },
  es: {
    "student.board_differs_state": "Su posición después de la jugada difiere de la nuestra ({fields}).",
    "student.board_differs_points.one": "Su posición después de la jugada difiere de la nuestra en {count} punto ({fields}).",
    "student.board_differs_points.other": "Su posición después de la jugada difiere de la nuestra en {count} puntos ({fields}).",
    "student.over_differs": "Su posición es la nuestra, pero no el final de la partida: la suya {theirs}, la nuestra {ours}.",
    "student.goes_on": "sigue",
    "student.not_a_state": "Su {pred} respondió algo que no es un estado del juego: {text}",
    "student.failed.failed": "Su {pred} falló en una jugada que sus reglas aceptan: la jugada la juzgan solo nuestras reglas.",
    "student.agree_state": "Sus reglas coinciden: la misma posición que las nuestras.",
    "student.text": "Prolog",
    "student.before": "antes de la jugada",
    "student.to_move": "juega: {player}",
    "student.title": "Reglas del estudiante: {file}",
    "student.intro": "Cada jugada se consulta también a su {pred}. Nuestras reglas deciden la partida; las suyas se muestran al lado.",
    "student.kept.one": "Sus reglas difirieron en {differ} de {count} jugada consultada.",
    "student.kept.other": "Sus reglas difirieron en {differ} de {count} jugadas consultadas.",
    "student.kept_tried.one": "Sus reglas difirieron en {differ} de {count} jugada consultada, y en {tried_differ} de {tried} que las nuestras rechazaron.",
    "student.kept_tried.other": "Sus reglas difirieron en {differ} de {count} jugadas consultadas, y en {tried_differ} de {tried} que las nuestras rechazaron.",
    "student.none": "Todavía no se consultó ninguna jugada.",
    "student.list": "Dónde difieren",
    "student.theirs": "Su tablero",
    "student.ours": "Nuestro tablero",
    "student.refused": "rechazada",
    "student.move": "{player} {vertex}",
    "student.agree": "Sus reglas coinciden: el mismo tablero que las nuestras.",
    "student.agree_refused": "Sus reglas coinciden: ambas rechazan esta jugada.",
    "student.they_refuse": "Sus reglas rechazan esta jugada; las nuestras la aceptan.",
    "student.they_accept": "Sus reglas aceptan esta jugada; las nuestras la rechazan ({reason}).",
    "student.board_differs.one": "Su tablero después de la jugada difiere del nuestro en {count} punto.",
    "student.board_differs.other": "Su tablero después de la jugada difiere del nuestro en {count} puntos.",
    "student.second_board.one": "Su {pred} da nuestro tablero y, al reintentar (backtracking), otro que difiere en {count} punto.",
    "student.second_board.other": "Su {pred} da nuestro tablero y, al reintentar (backtracking), otro que difiere en {count} puntos.",
    "student.not_a_board": "Su {pred} respondió algo que no es un tablero: {text}",
    "student.unavailable": "No se pudieron usar las reglas del estudiante: {message}",
    "student.failed.timeout": "Su {pred} no respondió dentro del límite de tiempo (¿un bucle?): la jugada la juzgan solo nuestras reglas.",
    "student.failed.inferences": "Su {pred} no respondió dentro del límite de inferencias (¿un bucle?): la jugada la juzgan solo nuestras reglas.",
    "student.failed.resource": "Su {pred} se quedó sin memoria: la jugada la juzgan solo nuestras reglas.",
    "student.failed.halt": "Su {pred} llamó a halt: la jugada la juzgan solo nuestras reglas.",
    "student.failed.abort": "Su {pred} llamó a abort: la jugada la juzgan solo nuestras reglas.",
    "student.failed.killed": "Su {pred} no respondió a tiempo: su proceso Prolog se detuvo y vuelve a empezar en la próxima jugada. La jugada la juzgan solo nuestras reglas.",
    "student.failed.crashed": "Su {pred} terminó su proceso Prolog (¿halt?): vuelve a empezar en la próxima jugada. La jugada la juzgan solo nuestras reglas.",
    "student.failed.error": "Su {pred} lanzó un error: {message}. La jugada la juzgan solo nuestras reglas.",
    "student.failed.not_written": "Su {pred} todavía no está escrito (sigue el esqueleto del kit): la jugada la juzgan solo nuestras reglas.",
    "student.ko": "Las nuestras la rechazan por la regla del ko, que goMove/4 no juzga.",
  },
});

function node(tag, className, text) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

/** One verdict in the page's language (the server's English `message` is the fallback);
 *  `pred` what the student's rules are asked (the drawer's `asked`). */
function verdictText(student, pred = "goMove/4") {
  const { code, points: count, theirs, ours } = student;
  const go = (student.game ?? "go") === "go";
  // The predicate that answered (Molinolog's and Azul's questions are several).
  const named = !go && theirs.step ? STEPS[theirs.step] ?? pred : pred;
  let text;
  // (A kept agreement has no boards: whether ours accepted the move says which.)
  if (code === "agree") {
    const accepted = go ? ours.accepted ?? ours.board : ours.legal ?? ours.accepted;
    text = t(accepted ? (go ? "student.agree" : "student.agree_state") : "student.agree_refused");
  } else if (code === "they_accept") {
    const reason = hasText(`${student.game ?? "go"}.error.${ours.refusal}`) ? t(`${student.game ?? "go"}.error.${ours.refusal}`)
      : hasText(`error.${ours.refusal}`) ? t(`error.${ours.refusal}`) : ours.refusal;
    text = t("student.they_accept", { reason });
  } else if (code === "board_differs" && !go) {
    const fields = (student.fields ?? []).join(", ");
    text = count ? t("student.board_differs_points", { count, fields }) : t("student.board_differs_state", { fields });
  } else if (code === "board_differs" || code === "second_board") text = t(`student.${code}`, { count, pred });
  else if (code === "over_differs") {
    text = t("student.over_differs", { theirs: theirs.over ?? t("student.goes_on"), ours: ours.over ?? t("student.goes_on") });
  } else if (code === "not_a_board" && !go) text = t("student.not_a_state", { pred: named, text: (theirs.state ?? "").slice(0, 300) });
  else if (code === "they_failed") {
    const key = `student.failed.${theirs.status}`;
    text = hasText(key) ? t(key, { message: theirs.message, pred: named }) : t("student.failed.error", { message: theirs.message, pred: named });
  } else if (hasText(`student.${code}`)) text = t(`student.${code}`, { text: theirs.text ?? "", message: theirs.message ?? "", pred });
  else text = student.message;
  return student.ko ? `${text} ${t("student.ko")}` : text;
}

const STEPS = {
  accion_legal: "accion_legal/2", aplicar: "aplicar/3", fin_del_juego: "fin_del_juego/2",
  jogada: "jogada/3", updateTable: "updateTable/2", jugadas_legales: "jugadas_legales/2",
  aplicar_jugada: "aplicar_jugada/3",
};

/** A drawer for a game without its own: each position as its Prolog text. */
export const textDrawer = {
  asked: "",
  board(holder) {
    const pre = node("pre", "student-text");
    holder.append(pre);
    return { draw: (picture, entry, side) => { pre.textContent = entry[side]?.state ?? entry.before_state ?? ""; } };
  },
  moveName: (entry) => entry.move ?? "",
};

/** Go's drawer: the boards on a small GridBoard, the differing points ringed. */
export const goDrawer = {
  asked: "goMove/4",
  board(holder) {
    const grid = new GridBoard(holder, { coordinates: true, starPoints: false });
    return {
      draw(picture, entry, side, word) {
        const marks = entry.diff.map((pos) => ({ pos, shape: "stone", class: "student-diff" }));
        const played = side !== "before";
        grid.render({ board: picture, last: played ? entry.pos : null, marks, label: word });
      },
    };
  },
  moveName(entry, size) {
    const n = entry.before?.length || entry.ours?.board?.length || size || 19;
    return t("student.move", { player: t(`player.${entry.player}`), vertex: vertexName(n, entry.pos) });
  },
};

export class StudentRules {
  constructor(after, onChange = () => {}, onPick = () => {}, drawer = goDrawer) {
    this.drawer = drawer;
    this.onChange = onChange;
    this.onPick = onPick; // onPick(ply): show that move (the review)
    this.file = null; // the student's file served (reply.student_rules), or the kept verdicts'
    this.current = null; // {id, revision, plies, summary}: the game as it stands
    this.kept = null; // {id, revision, verdicts, tried}: the verdicts kept, oldest first
    this.selected = null; // a refused move's verdict picked in the list (shown at its position)
    this.fetching = null; // "id@revision" asked of GET /verdicts
    this.tried = null; // a refused move's verdict (said, not kept), until the game changes
    this.ply = null; // the ply the board shows (a review), null: the game as it stands
    this.box = node("section", "student-rules");
    this.box.id = "student-rules";
    this.box.hidden = true;
    this.box.setAttribute("aria-live", "polite");
    this.title = node("h2", "student-title");
    this.intro = node("p", "student-intro");
    this.counts = node("p", "student-counts");
    this.verdict = node("p", "student-verdict");
    this.boards = node("div", "student-boards");
    this.listTitle = node("h3", "student-list-title");
    this.list = node("ol", "student-list");
    this.box.append(this.title, this.intro, this.counts, this.verdict, this.boards, this.listTitle, this.list);
    after.after(this.box);
    if (!document.querySelector('link[href$="student-rules.css"]')) {
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = new URL("./student-rules.css", import.meta.url).href;
      document.head.append(link);
    }
    this.small = {};
    for (const side of ["theirs", "ours"]) {
      const figure = node("figure", `student-board student-${side}`);
      const holder = node("div", "student-grid");
      const caption = node("figcaption");
      figure.append(holder, caption);
      this.boards.append(figure);
      this.small[side] = { figure, caption, board: drawer.board(holder) };
    }
    onLangChange(() => this.render());
  }

  /** The game as it stands (a reply or a live change; null: no game) and, on the reply to
   *  this page's own move, that move's verdict (`student`). */
  game(game, student = null) {
    const before = this.current;
    if (!game) {
      if (!this.current && this.box.hidden) return;
      this.current = this.kept = this.tried = null;
      this.file = null;
      this.render();
      return;
    }
    this.file = game.student_rules?.file ?? (before?.id === game.id ? this.file : null);
    const summary = game.student_verdicts ?? null;
    if (before?.id !== game.id) this.kept = null;
    if (before?.id !== game.id || before.revision !== game.revision) this.tried = this.selected = null;
    this.current = { id: game.id, revision: game.revision, plies: game.plies, summary };
    this.size = game.view?.size ?? this.size;
    const kept = this.kept;
    if (student && kept?.id === game.id && kept.revision === before?.revision) {
      // Our own move: its verdict is the one kept at this ply (no need to ask).
      kept.verdicts = kept.verdicts.filter((v) => v.ply < game.plies);
      kept.verdicts.push({ ...student, ply: game.plies });
      kept.revision = game.revision;
    } else if (!summary) {
      this.kept = { id: game.id, revision: game.revision, verdicts: [], tried: [] };
    } else if (kept?.id !== game.id || kept.revision !== game.revision) {
      this.fetch(game);
    }
    this.render(); // the page draws its board after (the marks)
  }

  /** GET the kept verdicts once per revision; then draw again. */
  async fetch(game) {
    const key = `${game.id}@${game.revision}`;
    if (this.fetching === key) return;
    this.fetching = key;
    try {
      const reply = await api("GET", `/api/games/${encodeURIComponent(game.id)}/verdicts`);
      if (this.current?.id !== game.id || reply.revision < (this.kept?.id === game.id ? this.kept.revision : -1)) return;
      const tried = (reply.tried ?? []).map((v) => ({ ...v, tried: true }));
      this.kept = { id: game.id, revision: reply.revision, verdicts: reply.verdicts, tried };
      this.render();
      this.onChange();
    } catch {
      // The next change of the game asks again.
    } finally {
      if (this.fetching === key) this.fetching = null;
    }
  }

  /** A move our rules refused: what theirs say of it (error.student), kept by the server
   *  beside the game (summary: error.student_verdicts, the counts after it). */
  refused(student, summary = null) {
    if (!student) return;
    this.file = student.file ?? this.file;
    const current = this.current;
    this.tried = { ...student, ply: current?.plies ?? 0, tried: true };
    if (current && summary) current.summary = summary;
    if (current && this.kept?.id === current.id && this.kept.revision === current.revision) {
      this.kept.tried.push(this.tried);
    }
    this.render();
    this.onChange();
  }

  /** The board shows the game after `ply` (a review step), or as it stands (null). */
  showing(ply) {
    if (ply === this.ply) return;
    this.ply = ply;
    if (this.selected && this.selected.ply !== (ply ?? this.current?.plies)) this.selected = null;
    this.render();
  }

  /** The verdict on the move the board shows: the review's, or the last one (a refused
   *  move's, just tried, first). */
  shown() {
    const verdicts = this.kept?.id === this.current?.id ? this.kept?.verdicts ?? [] : [];
    const ply = this.ply ?? this.current?.plies;
    if (this.selected?.ply === ply) return this.selected;
    if (this.ply === null && this.tried) return this.tried;
    return verdicts.find((v) => v.ply === ply) ?? null;
  }

  /** The marks for the main board: the points where the verdict shown found a difference. */
  marks() {
    const shown = this.shown();
    if (!shown || shown.agree || (shown.game ?? "go") !== "go") return [];
    const points = shown.diff.length ? shown.diff : [shown.pos];
    return points.map((pos) => ({ pos, shape: "stone", class: "student-diff", point: "student-is-diff" }));
  }

  moveName(entry) {
    return this.drawer.moveName(entry, this.size);
  }

  text(entry) {
    return verdictText(entry, this.drawer.asked);
  }

  render() {
    const summary = this.current?.summary;
    const sync = this.kept?.id === this.current?.id;
    const verdicts = sync ? this.kept?.verdicts ?? [] : [];
    const tried = sync ? this.kept?.tried ?? [] : [];
    const file = this.file ?? verdicts.find((v) => v.file)?.file ?? tried.find((v) => v.file)?.file;
    this.box.hidden = !file && !summary;
    if (this.box.hidden) return;
    const shown = this.shown();
    this.title.textContent = t("student.title", { file: file ?? "" });
    this.intro.textContent = t("student.intro", { pred: this.drawer.asked });
    this.counts.textContent = !summary ? t("student.none")
      : t(summary.tried ? "student.kept_tried" : "student.kept", { count: summary.asked, ...summary });
    this.counts.dataset.asked = String(summary?.asked ?? 0);
    this.counts.dataset.differ = String(summary?.differ ?? 0);
    this.verdict.textContent = shown ? `${this.moveName(shown)}: ${this.text(shown)}` : "";
    this.verdict.dataset.code = shown?.code ?? "";
    this.verdict.dataset.agree = shown ? String(shown.agree) : "";
    this.verdict.dataset.ply = shown?.ply !== undefined ? String(shown.ply) : "";
    this.verdict.dataset.tried = String(Boolean(shown?.tried));
    this.verdict.className = `student-verdict${shown && !shown.agree ? " student-is-differ" : ""}`;
    this.renderBoards(shown);
    // A move's own verdict, then those of the moves tried on the position after it.
    const differ = [...verdicts, ...tried].filter((v) => !v.agree)
      .sort((a, b) => a.ply - b.ply || Number(Boolean(a.tried)) - Number(Boolean(b.tried)));
    this.listTitle.textContent = t("student.list");
    this.listTitle.hidden = !differ.length;
    this.list.replaceChildren(...differ.map((entry) => {
      const li = node("li", entry === shown ? "student-item student-is-selected" : "student-item");
      const button = node("button", "student-pick", `${this.moveName(entry)}: ${this.text(entry)}`);
      button.type = "button";
      button.dataset.code = entry.code;
      button.dataset.ply = String(entry.ply);
      button.dataset.tried = String(Boolean(entry.tried));
      button.addEventListener("click", () => {
        this.selected = entry.tried ? entry : null;
        this.render();
        this.onChange();
        this.onPick(entry.ply);
      });
      li.append(button);
      return li;
    }));
  }

  /** A disagreement's positions, theirs and ours (Go: boards; the others: the pictures
   *  the server drew), drawn by the game's drawer; a side that refuses the move shows the
   *  position before it, captioned "refused". */
  renderBoards(entry) {
    const go = (entry?.game ?? "go") === "go";
    const theirs = !entry ? null : go ? (entry.code === "second_board" ? entry.theirs.second_board : entry.theirs.board)
      : entry.theirs.picture;
    const ours = !entry ? null : go ? entry.ours.board : entry.ours.picture;
    this.boards.hidden = !entry || entry.agree || !(theirs || ours) || !entry.before;
    if (this.boards.hidden) return;
    for (const [side, picture] of [["theirs", theirs], ["ours", ours]]) {
      const small = this.small[side];
      small.figure.dataset.board = picture ? (go ? picture.join("/") : JSON.stringify(picture)) : "";
      small.figure.dataset.refused = String(!picture);
      const word = picture ? t(`student.${side}`) : `${t(`student.${side}`)}: ${t("student.refused")}`;
      small.caption.textContent = `${word} (${this.moveName(entry)})`;
      small.board.draw(picture ?? entry.before, entry, picture ? side : "before", word);
    }
  }
}
