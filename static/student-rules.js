// student-rules.js: the Go page served with a student's rules (`tablero serve --rules
// go=FILE.pl`, app/student_rules.py).  Every move's reply (or refusal) then carries
// `student`: what the student's goMove/4 said of it beside ours.  This box, placed after
// #message, says so for the last move in the page's language, counts the moves asked and
// lists the ones where the two disagree; the selected one (the last, or a clicked list
// item) is drawn as two small boards, theirs and ours, with the points that differ ringed,
// and the same points are ringed on the main board (marks()).  Our rules stay the game's
// judge: the box only shows.  The history lives in the page (a reload starts it again).
//
//   const student = new StudentRules(document.querySelector("#message"), onChange);
//   student.reset(reply);          // a game loaded or made: reply.student_rules = {file}
//   student.take(reply.student);   // a move's reply, or an error's error.student
//   grid.render({..., marks: [...others, ...student.marks()]});

import { GridBoard, vertexName } from "./board-grid.js";
import { addStrings, hasText, onLangChange, t } from "./i18n.js";

addStrings({
  en: {
    "student.title": "Student's rules: {file}",
    "student.intro": "Every move is also asked of their goMove/4. Our rules decide the game; theirs are shown beside.",
    "student.asked.one": "{count} move asked",
    "student.asked.other": "{count} moves asked",
    "student.differ.one": "{count} disagreement",
    "student.differ.other": "{count} disagreements",
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
    "student.asked.one": "{count} jugada consultada",
    "student.asked.other": "{count} jugadas consultadas",
    "student.differ.one": "{count} diferencia",
    "student.differ.other": "{count} diferencias",
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
  if (code === "agree") text = t(ours.board ? "student.agree" : "student.agree_refused");
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
  constructor(after, onChange = () => {}) {
    this.onChange = onChange;
    this.file = null;
    this.entries = []; // every verdict of this page, oldest first
    this.selected = null; // the entry drawn in the small boards
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
      this.small[side] = { figure, caption, grid: new GridBoard(holder, { coordinates: false, starPoints: false }) };
    }
    onLangChange(() => this.render());
  }

  /** A game was loaded or made: the history starts again (reply.student_rules: served?). */
  reset(reply) {
    this.file = reply?.student_rules?.file ?? null;
    this.entries = [];
    this.selected = null;
    this.render();
  }

  /** One move's verdict (a reply's `student`, or a refusal's error.student). */
  take(student) {
    if (!student) return;
    this.file = student.file ?? this.file;
    const entry = { ...student };
    this.entries.push(entry);
    this.selected = entry.agree ? null : entry;
    this.render();
    this.onChange();
  }

  /** The marks for the main board: the points the last move's verdict found different. */
  marks() {
    const last = this.entries.at(-1);
    if (!last || last.agree) return [];
    const points = last.diff.length ? last.diff : [last.pos];
    return points.map((pos) => ({ pos, shape: "stone", class: "student-diff", point: "student-is-diff" }));
  }

  moveName(entry) {
    const size = entry.before?.length || 19;
    return t("student.move", { player: t(`player.${entry.player}`), vertex: vertexName(size, entry.pos) });
  }

  render() {
    this.box.hidden = !this.file;
    if (!this.file) return;
    const last = this.entries.at(-1);
    const differ = this.entries.filter((e) => !e.agree);
    this.title.textContent = t("student.title", { file: this.file });
    this.intro.textContent = t("student.intro");
    this.counts.textContent = `${t("student.asked", { count: this.entries.length })} · ${t("student.differ", { count: differ.length })}`;
    this.verdict.textContent = last ? `${this.moveName(last)}: ${verdictText(last)}` : "";
    this.verdict.dataset.code = last?.code ?? "";
    this.verdict.dataset.agree = last ? String(last.agree) : "";
    this.verdict.className = `student-verdict${last && !last.agree ? " student-is-differ" : ""}`;
    this.renderBoards();
    this.listTitle.textContent = t("student.list");
    this.listTitle.hidden = !differ.length;
    this.list.replaceChildren(...differ.map((entry) => {
      const li = node("li", entry === this.selected ? "student-item student-is-selected" : "student-item");
      const button = node("button", "student-pick", `${this.moveName(entry)}: ${verdictText(entry)}`);
      button.type = "button";
      button.dataset.code = entry.code;
      button.addEventListener("click", () => {
        this.selected = entry;
        this.render();
      });
      li.append(button);
      return li;
    }));
  }

  /** The selected verdict's boards, theirs and ours, with the differing points ringed. */
  renderBoards() {
    const entry = this.selected;
    const theirs = entry?.code === "second_board" ? entry.theirs.second_board : entry?.theirs.board;
    this.boards.hidden = !entry || !(theirs || entry.ours.board) || !entry.before;
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
