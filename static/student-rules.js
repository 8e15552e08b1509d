// student-rules.js: the Go page served with a student's rules (`tablero serve --rules
// go=FILE.pl`, app/student_rules.py).  Every move's reply (or refusal) then carries
// `student`: what the student's goMove/4 said of it beside ours; the server keeps each
// played move's verdict with the game (however the move was made: a click, the machine,
// GNU Go, an SGF record) and every reply says how many were asked and where they disagree
// (`student_verdicts`: {asked, differ, plies}); GET /api/games/<id>/verdicts gives them
// whole.  This box, placed after #message, counts them, says the verdict on the move the
// board shows (the last, or the review's) in the page's language, lists the moves where
// the two disagree (a click reviews that move), and draws a disagreement as two boards,
// theirs and ours, with the points that differ ringed, as they are on the main board
// (marks()).  A move our rules refuse is no move of the game: its verdict is kept beside
// it, by the position it was tried on, counted apart and listed too.  Our rules stay the
// game's judge: the box only shows.
//
//   const student = new StudentRules(document.querySelector("#message"), onChange, onPick);
//   student.game(game, reply.student);  // every reply or change of the game (null: none)
//   student.refused(error.student, error.student_verdicts);  // a refused move's verdict
//   student.showing(ply);               // the ply the board shows (null: the game as it stands)
//   grid.render({..., marks: [...others, ...student.marks()]});

import { GridBoard, vertexName } from "./board-grid.js";
import { api } from "./api.js";
import { addStrings, hasText, onLangChange, t } from "./i18n.js";

addStrings({
  en: {
    "student.title": "Student's rules: {file}",
    "student.intro": "Every move is also asked of their goMove/4. Our rules decide the game; theirs are shown beside.",
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
    "student.second_board.one": "Their goMove/4 gives our board, then on backtracking another that differs at {count} point.",
    "student.second_board.other": "Their goMove/4 gives our board, then on backtracking another that differs at {count} points.",
    "student.not_a_board": "Their goMove/4 answered something that is not a board: {text}",
    "student.unavailable": "The student's rules could not be used: {message}",
    "student.failed.timeout": "Their goMove/4 did not answer within its time limit (a loop?): the move is judged by our rules only.",
    "student.failed.inferences": "Their goMove/4 did not answer within its inference limit (a loop?): the move is judged by our rules only.",
    "student.failed.resource": "Their goMove/4 ran out of memory: the move is judged by our rules only.",
    "student.failed.halt": "Their goMove/4 called halt: the move is judged by our rules only.",
    "student.failed.abort": "Their goMove/4 called abort: the move is judged by our rules only.",
    "student.failed.killed": "Their goMove/4 did not answer in time: its Prolog process was stopped and starts again for the next move. The move is judged by our rules only.",
    "student.failed.crashed": "Their goMove/4 ended its Prolog process (halt?): it starts again for the next move. The move is judged by our rules only.",
    "student.failed.error": "Their goMove/4 raised an error: {message}. The move is judged by our rules only.",
    "student.failed.not_written": "Their goMove/4 is not written yet (still the kit's stub): the move is judged by our rules only.",
    "student.ko": "Ours refuse it by the ko rule, which goMove/4 does not judge.",
  },
  es: {
    "student.title": "Reglas del estudiante: {file}",
    "student.intro": "Cada jugada se consulta también a su goMove/4. Nuestras reglas deciden la partida; las suyas se muestran al lado.",
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
    "student.second_board.one": "Su goMove/4 da nuestro tablero y, al reintentar (backtracking), otro que difiere en {count} punto.",
    "student.second_board.other": "Su goMove/4 da nuestro tablero y, al reintentar (backtracking), otro que difiere en {count} puntos.",
    "student.not_a_board": "Su goMove/4 respondió algo que no es un tablero: {text}",
    "student.unavailable": "No se pudieron usar las reglas del estudiante: {message}",
    "student.failed.timeout": "Su goMove/4 no respondió dentro del límite de tiempo (¿un bucle?): la jugada la juzgan solo nuestras reglas.",
    "student.failed.inferences": "Su goMove/4 no respondió dentro del límite de inferencias (¿un bucle?): la jugada la juzgan solo nuestras reglas.",
    "student.failed.resource": "Su goMove/4 se quedó sin memoria: la jugada la juzgan solo nuestras reglas.",
    "student.failed.halt": "Su goMove/4 llamó a halt: la jugada la juzgan solo nuestras reglas.",
    "student.failed.abort": "Su goMove/4 llamó a abort: la jugada la juzgan solo nuestras reglas.",
    "student.failed.killed": "Su goMove/4 no respondió a tiempo: su proceso Prolog se detuvo y vuelve a empezar en la próxima jugada. La jugada la juzgan solo nuestras reglas.",
    "student.failed.crashed": "Su goMove/4 terminó su proceso Prolog (¿halt?): vuelve a empezar en la próxima jugada. La jugada la juzgan solo nuestras reglas.",
    "student.failed.error": "Su goMove/4 lanzó un error: {message}. La jugada la juzgan solo nuestras reglas.",
    "student.failed.not_written": "Su goMove/4 todavía no está escrito (sigue el esqueleto del kit): la jugada la juzgan solo nuestras reglas.",
    "student.ko": "Las nuestras la rechazan por la regla del ko, que goMove/4 no juzga.",
  },
});

function node(tag, className, text) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

/** One verdict in the page's language (the server's English `message` is the fallback). */
function verdictText(student) {
  const { code, points: count, theirs, ours } = student;
  let text;
  // (A kept agreement has no boards: whether ours accepted the move says which.)
  if (code === "agree") text = t((ours.accepted ?? ours.board) ? "student.agree" : "student.agree_refused");
  else if (code === "they_accept") {
    const reason = hasText(`go.error.${ours.refusal}`) ? t(`go.error.${ours.refusal}`)
      : hasText(`error.${ours.refusal}`) ? t(`error.${ours.refusal}`) : ours.refusal;
    text = t("student.they_accept", { reason });
  } else if (code === "board_differs" || code === "second_board") text = t(`student.${code}`, { count });
  else if (code === "they_failed") {
    const key = `student.failed.${theirs.status}`;
    text = hasText(key) ? t(key, { message: theirs.message }) : t("student.failed.error", { message: theirs.message });
  } else if (hasText(`student.${code}`)) text = t(`student.${code}`, { text: theirs.text ?? "", message: theirs.message ?? "" });
  else text = student.message;
  return student.ko ? `${text} ${t("student.ko")}` : text;
}

export class StudentRules {
  constructor(after, onChange = () => {}, onPick = () => {}) {
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
      this.small[side] = { figure, caption, grid: new GridBoard(holder, { coordinates: true, starPoints: false }) };
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
    if (!shown || shown.agree) return [];
    const points = shown.diff.length ? shown.diff : [shown.pos];
    return points.map((pos) => ({ pos, shape: "stone", class: "student-diff", point: "student-is-diff" }));
  }

  moveName(entry) {
    const size = entry.before?.length || entry.ours?.board?.length || this.size || 19;
    return t("student.move", { player: t(`player.${entry.player}`), vertex: vertexName(size, entry.pos) });
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
    this.intro.textContent = t("student.intro");
    this.counts.textContent = !summary ? t("student.none")
      : t(summary.tried ? "student.kept_tried" : "student.kept", { count: summary.asked, ...summary });
    this.counts.dataset.asked = String(summary?.asked ?? 0);
    this.counts.dataset.differ = String(summary?.differ ?? 0);
    this.verdict.textContent = shown ? `${this.moveName(shown)}: ${verdictText(shown)}` : "";
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
      const button = node("button", "student-pick", `${this.moveName(entry)}: ${verdictText(entry)}`);
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

  /** A disagreement's boards, theirs and ours, with the differing points ringed. */
  renderBoards(entry) {
    const theirs = entry?.code === "second_board" ? entry.theirs.second_board : entry?.theirs.board;
    this.boards.hidden = !entry || entry.agree || !(theirs || entry.ours.board) || !entry.before;
    if (this.boards.hidden) return;
    const marks = entry.diff.map((pos) => ({ pos, shape: "stone", class: "student-diff" }));
    for (const [side, board] of [["theirs", theirs], ["ours", entry.ours.board]]) {
      // A side that refuses the move shows the board before it, captioned "refused".
      const small = this.small[side];
      const shown = board ?? entry.before;
      small.figure.dataset.board = board ? board.join("/") : "";
      small.figure.dataset.refused = String(!board);
      const word = board ? t(`student.${side}`) : `${t(`student.${side}`)}: ${t("student.refused")}`;
      small.caption.textContent = `${word} (${this.moveName(entry)})`;
      small.grid.render({ board: shown, last: board ? entry.pos : null, marks, label: word });
    }
  }
}
