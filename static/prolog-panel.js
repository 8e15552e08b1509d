// prolog-panel.js: the collapsible "Prolog" panel.  For each action it lists the queries
// the rules ran and their answers (the API's `explain`: [{query, answer}]), newest first,
// refused actions included, so a student can paste a query into swipl and see the same.
// Above the list, the console (prolog-console.js) answers a goal the student types about
// the position.
//
//   const panel = new PrologPanel(document.querySelector("#prolog-panel"));  // a <details>
//   panel.add({ label: () => "Black D4", explain, refused: null | "suicide",
//               context: {game, path, before, after, action} });
//
// Complete goals.  Each query is shown as a goal with every input bound, on one line, and
// its answer as the toplevel prints it (`RBoard = [["-", ...], ...]`, `true`, `false`):
// pasted into `swipl prolog/<game>.pl` it gives that answer (tests/test_panel_paste.py runs
// them).  The game's rules write them, not this file: while the panel is open, each new
// entry is sent with its context (the view before the action, the one after, the action:
// game-session.js passes them) to `POST /api/goals/<game>` (tablero:game_goals/4; Go's are
// written by prolog/go/goals.pl, the other games' rules write complete goals themselves).
// The rules' words about an answer ("0 stone(s) captured") are shown under it in the page's
// language.  A query the rules did not complete is shown as they wrote it, marked "not a
// complete goal".  The machine's decision is shown as the goal that makes it.  Each goal has
// a Copy button (navigator.clipboard, else a hidden textarea and execCommand("copy")): it
// copies the goal and its full stop.
//
// In every game the machine's choice comes first, written by the rules as "machine: Goal"
// ("machine, depth D of N: Goal" when the time budget stopped its search at depth D;
// "machine, not exact: Goal" when the move came from a shallower search than the goal
// repeats); Go's is go_machine_action(Game, [seed(S), simulations(N)], Action), the full
// game term, the seed the machine drew and the playouts its clock allowed, so it repeats
// the move.

import { api } from "./api.js";
import { addStrings, onLangChange, t } from "./i18n.js";
import { PrologConsole } from "./prolog-console.js";

const OPEN_KEY = "tablero.prolog-open";
const MAX_ENTRIES = 200;

addStrings({
  en: {
    "prolog.copy": "Copy",
    "prolog.copied": "Copied",
    "prolog.copy_title": "Copy this goal, to paste into swipl",
    "prolog.copy_failed": "Select the goal and copy it",
    "prolog.incomplete": "not a complete goal: the rules' own words",
    "prolog.machine": "The machine's choice:",
    "prolog.machine_seeded": "The machine plays as many random playouts as this goal says, drawn from its seed: pasted, it chooses the same move.",
    "prolog.machine_exact": "The machine's search is deterministic: pasted, this goal chooses the same move.",
    "prolog.machine_depth": "The machine's time ran out after its search {depth} deep (of {max}): this goal is that search, and chooses the same move.",
    "prolog.machine_not_exact": "The machine's time ran out in its search to the end of the game, so it played a shallower search's move: pasted, this goal searches to the end and may choose another one.",
    "prolog.gloss.pieces_captured.one": "{count} piece captured",
    "prolog.gloss.pieces_captured.other": "{count} pieces captured",
    "prolog.paste_hint": "Each goal is complete: paste it into swipl prolog/{game}.pl to get the answer shown.",
    "prolog.paste_flags": "Answers are written in full and leave out the variables whose names start with _, as swipl writes them after set_prolog_flag(toplevel_print_anon, false) and set_prolog_flag(answer_write_options, [quoted(true), max_depth(0), spacing(next_argument)]).",
    "prolog.gloss.captured.one": "{count} stone captured",
    "prolog.gloss.captured.other": "{count} stones captured",
    "prolog.gloss.occupied": "the point is not empty",
    "prolog.gloss.suicide": "the stone's group would have no liberty (encerrados/7 succeeds)",
    "prolog.gloss.first_pass": "the first pass; a second one in a row ends play",
    "prolog.gloss.over": "the game is over",
    "prolog.gloss.accept_wait": "the other player has still to accept",
    "prolog.gloss.play_on": "play goes on",
    "prolog.gloss.now_dead": "now dead",
    "prolog.gloss.now_alive": "now alive",
    "prolog.gloss.empty_point": "the point is empty",
    "prolog.gloss.ko": "RBoard repeats the position of one turn ago: the ko rule refuses the move",
    "prolog.gloss.superko": "RBoard repeats an earlier position: the superko rule refuses the move",
    "prolog.gloss.dead": "{colour}: {count} stones; eyes worth {eyes}, {libs} liberties",
    "prolog.gloss.to_move": "it is the other player's turn",
    "prolog.colour.b": "black",
    "prolog.colour.w": "white",
  },
  es: {
    "prolog.copy": "Copiar",
    "prolog.copied": "Copiado",
    "prolog.copy_title": "Copiar este objetivo para pegarlo en swipl",
    "prolog.copy_failed": "Seleccione el objetivo y cópielo",
    "prolog.incomplete": "no es un objetivo completo: las palabras de las reglas",
    "prolog.machine": "La elección de la máquina:",
    "prolog.machine_seeded": "La máquina juega tantas partidas al azar como dice este objetivo, sorteadas desde su semilla: pegado, elige la misma jugada.",
    "prolog.machine_exact": "La búsqueda de la máquina es determinista: pegado, este objetivo elige la misma jugada.",
    "prolog.machine_depth": "A la máquina se le acabó el tiempo tras su búsqueda de profundidad {depth} (de {max}): este objetivo es esa búsqueda y elige la misma jugada.",
    "prolog.machine_not_exact": "A la máquina se le acabó el tiempo en su búsqueda hasta el final de la partida y jugó la de una búsqueda menos profunda: pegado, este objetivo busca hasta el final y puede elegir otra.",
    "prolog.gloss.pieces_captured.one": "{count} pieza capturada",
    "prolog.gloss.pieces_captured.other": "{count} piezas capturadas",
    "prolog.paste_hint": "Cada objetivo está completo: péguelo en swipl prolog/{game}.pl y obtendrá la respuesta mostrada.",
    "prolog.paste_flags": "Las respuestas se escriben enteras y sin las variables cuyo nombre empieza con _, como las escribe swipl tras set_prolog_flag(toplevel_print_anon, false) y set_prolog_flag(answer_write_options, [quoted(true), max_depth(0), spacing(next_argument)]).",
    "prolog.gloss.captured.one": "{count} piedra capturada",
    "prolog.gloss.captured.other": "{count} piedras capturadas",
    "prolog.gloss.occupied": "el punto no está vacío",
    "prolog.gloss.suicide": "el grupo de la piedra quedaría sin libertades (encerrados/7 tiene éxito)",
    "prolog.gloss.first_pass": "el primer pase; un segundo seguido termina el juego",
    "prolog.gloss.over": "la partida terminó",
    "prolog.gloss.accept_wait": "falta que acepte el otro jugador",
    "prolog.gloss.play_on": "el juego sigue",
    "prolog.gloss.now_dead": "ahora muertas",
    "prolog.gloss.now_alive": "ahora vivas",
    "prolog.gloss.empty_point": "el punto está vacío",
    "prolog.gloss.ko": "RBoard repite la posición de hace un turno: la regla del ko rechaza la jugada",
    "prolog.gloss.superko": "RBoard repite una posición anterior: la regla del superko rechaza la jugada",
    "prolog.gloss.dead": "{colour}: {count} piedras; ojos que valen {eyes}, {libs} libertades",
    "prolog.gloss.to_move": "es el turno del otro jugador",
    "prolog.colour.b": "negras",
    "prolog.colour.w": "blancas",
  },
});

function node(tag, className, text) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

// ---- the rules' words, in the page's language -----------------------------------------------

/** The rules' English words about an answer, in the page's language (null: none). */
function gloss(words) {
  const text = (words ?? "").replace(/^(true|false)(: )?/, "");
  let m;
  if (!text) return null;
  if ((m = /^(\d+) stone\(s\) captured$/.exec(text))) return t("prolog.gloss.captured", { count: Number(m[1]) });
  if ((m = /^(\d+) piece\(s\) captured$/.exec(text))) return t("prolog.gloss.pieces_captured", { count: Number(m[1]) });
  if ((m = /^(ko|superko): /.exec(text))) return t(`prolog.gloss.${m[1]}`);
  if (/^prisoners: /.test(text)) return text;  // the count's own words: "prisoners: Black 3, White 1"
  const fixed = {
    "the point is not empty": "occupied",
    "the stone's group would have no liberty (encerrados/7 succeeds)": "suicide",
    "the first pass; a second one in a row ends play": "first_pass",
    "the game is over": "over",
    "the other player has still to accept": "accept_wait",
    "play goes on": "play_on",
    "the point is empty": "empty_point",
    "it is the other player's turn": "to_move",
  };
  if (fixed[text]) return t(`prolog.gloss.${fixed[text]}`);
  if ((m = /: now (dead|alive)$/.exec(text))) return t(`prolog.gloss.now_${m[1]}`);
  if ((m = /^(black|white) (\d+) stone\(s\) at .*eyes worth ([\d.]+), (\d+) liberties/.exec(text))) {
    return t("prolog.gloss.dead", { colour: t(`prolog.colour.${m[1][0]}`), count: m[2], eyes: m[3], libs: m[4] });
  }
  return null;
}

// ---- the machine's choice, as its rules wrote it ----------------------------------------------

const MACHINE_PREFIX = /^machine(?:, depth (\d+) of (\d+)|, (not exact))?: /;

/** The panel's entry for the machine's choice, a query "machine: Goal" (or with the depth
 *  its time allowed, or "not exact"), exactKey the words under an exact one; null for any
 *  other query. */
function machineGoal(query, answer, exactKey = "prolog.machine_exact") {
  const m = MACHINE_PREFIX.exec(query);
  if (!m) return null;
  const goal = query.slice(m[0].length);
  if (m[3]) return { goal, answer, glossKey: "prolog.machine_not_exact", machine: true, exact: false };
  if (m[1]) {
    return { goal, answer, machine: true, exact: true,
             gloss: () => t("prolog.machine_depth", { depth: Number(m[1]), max: Number(m[2]) }) };
  }
  return { goal, answer, glossKey: exactKey, machine: true, exact: true };
}

/** An explain entry shown as the rules wrote it (not a complete goal, unless the machine's). */
function asQuery({ query, answer }) {
  return machineGoal(query, answer, seededKey(query)) ?? { query, answer, gloss: null };
}

/** A goal the rules wrote ({goal, answer, words} or {query, answer, words}) as the panel's. */
function fromRules({ goal, query, answer, words }) {
  if (goal === undefined) return machineGoal(query, answer, seededKey(query)) ?? { query, answer, gloss: () => gloss(words) };
  return { goal, answer, gloss: () => gloss(words) };
}

/** The machine's goal draws its playouts from a seed (Go's): pasted, it repeats the move. */
const seededKey = (query) => /\bseed\(\d+\)/.test(query) ? "prolog.machine_seeded" : "prolog.machine_exact";

// ---- copying ---------------------------------------------------------------------------------

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard API (an http page, a denied permission): the old way.
    const area = node("textarea", "prolog-copy-area");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    let done = false;
    try {
      done = document.execCommand("copy");
    } catch {
      done = false;
    }
    area.remove();
    return done;
  }
}

export class PrologPanel {
  constructor(details) {
    this.details = details;
    this.entries = [];
    details.classList.add("prolog-panel");
    const summary = node("summary", "prolog-summary");
    this.title = node("span", "prolog-title");
    this.count = node("span", "prolog-count");
    summary.append(this.title, this.count);
    this.hint = node("p", "prolog-hint");
    this.list = node("ol", "prolog-log");
    details.replaceChildren(summary);
    try {
      this.console = new PrologConsole(details);
    } catch (error) {
      console.error("The Prolog console could not start", error);  // the log still works
    }
    details.append(this.hint, this.list);
    try {
      details.open = localStorage.getItem(OPEN_KEY) === "1";
    } catch {
      // Storage disabled: the panel starts closed.
    }
    details.addEventListener("toggle", () => {
      if (details.open) this.complete();
      try {
        localStorage.setItem(OPEN_KEY, details.open ? "1" : "0");
      } catch {
        // Not remembered; nothing else depends on it.
      }
    });
    onLangChange(() => this.render());
    this.render();
  }

  /** Log one action: label() gives its name in the current language; context (optional):
   *  {game, path, before, after, action}, for the rules to write its queries as complete
   *  goals (asked while the panel is open). */
  add({ label, explain = [], refused = null, context = null }) {
    const entry = { label, explain, refused, context, goals: null };
    if (!context?.game || !context.before || !explain.length) entry.goals = explain.map(asQuery);
    this.entries.unshift(entry);
    this.entries.length = Math.min(this.entries.length, MAX_ENTRIES);
    this.render();
  }

  /** Ask the rules for the goals of the entries that lack them (one request at a time). */
  async complete() {
    if (this.completing || !this.details.open) return;
    const entry = this.entries.find((e) => e.goals === null);
    if (!entry) return;
    this.completing = true;
    const { game, before, after, action } = entry.context;
    try {
      const reply = await api("POST", `/api/goals/${encodeURIComponent(game)}`,
                              { before, after: after ?? null, action: action ?? null, explain: entry.explain });
      entry.goals = reply.goals.map(fromRules);
    } catch (error) {
      console.error("The rules could not complete these queries", error);
      entry.goals = entry.explain.map(asQuery);
    } finally {
      this.completing = false;
    }
    this.render();
  }

  clear() {
    this.entries = [];
    this.render();
  }

  render() {
    this.title.textContent = t("prolog.title");
    this.count.textContent = this.entries.length ? `(${this.entries.length})` : "";
    const game = this.entries.find((e) => e.goals?.some((g) => g.goal && !g.machine))?.context?.game;
    this.hint.textContent = !this.entries.length ? t("prolog.empty")
      : game ? `${t("prolog.hint")} ${t("prolog.paste_hint", { game })} ${t("prolog.paste_flags")}` : t("prolog.hint");
    // An entry whose goals the rules have not written yet shows its queries as they came.
    this.list.replaceChildren(...this.entries.map((entry) => this.item(entry)));
    if (this.entries.some((e) => e.goals === null)) setTimeout(() => this.complete(), 0);
  }

  item({ label, goals, explain, refused }) {
    const li = node("li", refused ? "prolog-entry prolog-is-refused" : "prolog-entry");
    if (!goals) li.dataset.pending = "true";  // the rules' goals are on their way
    goals ??= explain.map(asQuery);
    const head = node("div", "prolog-action", label());
    if (refused) head.append(" ", node("span", "prolog-badge", `${t("prolog.refused")}: ${refused}`));
    li.append(head);
    if (!goals.length) li.append(node("div", "prolog-none", t("prolog.no_query")));
    for (const entry of goals) li.append(this.goalNode(entry));
    return li;
  }

  goalNode({ goal, query, answer, gloss, glossKey, machine, exact }) {
    const box = node("div", machine ? "prolog-goal prolog-is-machine" : "prolog-goal");
    if (exact !== undefined) box.dataset.exact = String(exact);
    if (machine) box.append(node("div", "prolog-machine", t("prolog.machine")));
    const line = node("div", "prolog-line");
    const code = node("code", goal ? "prolog-query" : "prolog-query prolog-is-incomplete", `?- ${goal ?? query}.`);
    // One line that scrolls (a 19x19 board is ~2,000 characters): selected or copied whole.
    Object.assign(line.style, { display: "flex", alignItems: "flex-start", gap: "0.5rem" });
    Object.assign(code.style, { whiteSpace: "nowrap", overflowX: "auto", flex: "1 1 auto", minWidth: "0" });
    line.append(code);
    if (goal) {
      code.dataset.goal = goal;
      const button = node("button", "prolog-copy", t("prolog.copy"));
      button.type = "button";
      Object.assign(button.style, { flex: "none", font: "inherit", fontSize: "0.75rem", padding: "0.1rem 0.45rem",
                                    cursor: "pointer" });
      button.title = t("prolog.copy_title");
      button.addEventListener("click", async () => {
        const ok = await copyText(`${goal}.`);
        button.textContent = t(ok ? "prolog.copied" : "prolog.copy_failed");
        setTimeout(() => { button.textContent = t("prolog.copy"); }, 1500);
      });
      line.append(button);
    }
    box.append(line);
    const falseAnswer = /^false\b/.test(answer);
    const shown = node("div", falseAnswer ? "prolog-answer prolog-is-false" : "prolog-answer",
                       goal ? `${answer}.` : answer);
    if (goal) shown.dataset.answer = answer;
    Object.assign(shown.style, { whiteSpace: "nowrap", overflowX: "auto" });
    box.append(shown);
    const words = glossKey ? t(glossKey) : typeof gloss === "function" ? gloss() : gloss;
    for (const text of [words, goal ? null : t("prolog.incomplete")]) {
      if (!text) continue;
      const note = node("div", "prolog-gloss", text);
      Object.assign(note.style, { paddingLeft: "1.5ch", color: "var(--prolog-muted)", fontSize: "0.8rem" });
      box.append(note);
    }
    return box;
  }
}
