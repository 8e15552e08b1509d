// prolog-console.js: "Ask the position", a Prolog console inside the Prolog panel.
//
// The student types a goal about the game as it stands (Go's Board, Molinolog's State, ...
// are bound to it: docs/console.md) and sees the answers as SWI-Prolog's toplevel prints
// them; the server runs the goal in a sandboxed Prolog process of its own
// (POST /api/games/<id>/query, app/console.py).  An input line with a Run button, the
// transcript below it (oldest first), the goals already run under the arrow keys (kept in
// localStorage), a hint with an example goal for the page's game.  Prolog's own text
// (answers, true., false., its error messages) stays as Prolog writes it; the console's
// words are English or Spanish with the page.
//
//   new PrologConsole(parentElement);   // prolog-panel.js mounts one in every page's panel

import { ApiError, api } from "./api.js";
import { loadCatalog } from "./catalog.js";
import { addStrings, getLang, hasText, onLangChange, t } from "./i18n.js";

const HISTORY_KEY = "tablero.console-history";
const MAX_HISTORY = 50;
const MAX_ENTRIES = 30;
const MAX_GOAL = 2000;

addStrings({
  en: {
    "console.title": "Ask the position",
    "console.try": "Try:",
    "console.placeholder": "a Prolog goal",
    "console.input": "Prolog goal about the current position",
    "console.run": "Run",
    "console.running": "Running…",
    "console.clear": "Clear",
    "console.no_game": "Start or open a game first: the console asks about its position.",
    "console.more": "More answers were not shown (at most {n}).",
    "console.time": "{ms} ms",
    "console.stopped": "Then it stopped:",
    "console.history": "↑ ↓ earlier goals",
    "console.too_long": "The goal is longer than {n} characters.",
    "console.error.refused": "The sandbox does not allow this goal.",
    "console.error.timeout": "The goal took too long and was stopped.",
    "console.error.inferences": "The goal took too many steps (inferences) and was stopped.",
    "console.error.memory": "The goal ran out of memory and was stopped.",
    "console.error.crashed": "The goal ended its Prolog process; the next goal gets a new one.",
    "console.error.syntax": "The goal is not valid Prolog.",
    "console.error.error": "The goal raised an error.",
    "console.error.bad_goal": "That is not a goal the console can run.",
    "console.error.console_busy": "Every console is busy: try again in a few seconds.",
    "console.error.console_unavailable": "The console is not available on this server.",
    "console.error.unknown_game_id": "There is no saved game with that id.",
    "console.error.network": "The server could not be reached. Try again.",
    "console.error.other": "The goal could not be run.",
  },
  es: {
    "console.title": "Pregúntale a la posición",
    "console.try": "Prueba:",
    "console.placeholder": "un objetivo Prolog",
    "console.input": "Objetivo Prolog sobre la posición actual",
    "console.run": "Ejecutar",
    "console.running": "Ejecutando…",
    "console.clear": "Borrar",
    "console.no_game": "Empieza o abre una partida primero: la consola pregunta por su posición.",
    "console.more": "Hay más respuestas que no se muestran (como máximo {n}).",
    "console.time": "{ms} ms",
    "console.stopped": "Luego se detuvo:",
    "console.history": "↑ ↓ objetivos anteriores",
    "console.too_long": "El objetivo tiene más de {n} caracteres.",
    "console.error.refused": "El sandbox no permite este objetivo.",
    "console.error.timeout": "El objetivo tardó demasiado y se detuvo.",
    "console.error.inferences": "El objetivo dio demasiados pasos (inferencias) y se detuvo.",
    "console.error.memory": "El objetivo se quedó sin memoria y se detuvo.",
    "console.error.crashed": "El objetivo terminó su proceso Prolog; el próximo objetivo usará uno nuevo.",
    "console.error.syntax": "El objetivo no es Prolog válido.",
    "console.error.error": "El objetivo lanzó un error.",
    "console.error.bad_goal": "Eso no es un objetivo que la consola pueda ejecutar.",
    "console.error.console_busy": "Todas las consolas están ocupadas: prueba de nuevo en unos segundos.",
    "console.error.console_unavailable": "La consola no está disponible en este servidor.",
    "console.error.unknown_game_id": "No hay ninguna partida guardada con ese identificador.",
    "console.error.network": "No se pudo contactar al servidor. Prueba de nuevo.",
    "console.error.other": "No se pudo ejecutar el objetivo.",
  },
});

function node(tag, className, text) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

/** The game and the saved game's id of this page: /<game>/<id>. */
function pageGame(path = location.pathname) {
  const match = /^\/([a-z]+)(?:\/([^/]+))?\/?$/.exec(path);
  if (!match) return { game: null, id: null };
  return { game: match[1], id: match[2] ? decodeURIComponent(match[2]) : null };
}

function loadHistory() {
  try {
    const saved = JSON.parse(localStorage.getItem(HISTORY_KEY));
    return Array.isArray(saved) ? saved.filter((g) => typeof g === "string") : [];
  } catch {
    return [];
  }
}

function saveHistory(history) {
  try {
    localStorage.setItem(HISTORY_KEY, JSON.stringify(history.slice(-MAX_HISTORY)));
  } catch {
    // Not remembered; the console works the same.
  }
}

export class PrologConsole {
  constructor(parent) {
    this.game = pageGame().game;
    this.console = null; // the game's `console` in the catalog: {hint: {en, es}, example}
    loadCatalog().then((games) => {
      this.console = games.find((g) => g.game === this.game)?.console ?? null;
      this.render();
    });
    this.entries = [];
    this.history = loadHistory();
    this.at = this.history.length;   // the history position the arrow keys are at
    this.draft = "";
    this.busy = false;

    this.root = node("section", "prolog-console");
    this.heading = node("h2", "prolog-console-title");
    this.hint = node("p", "prolog-console-hint");
    this.form = node("form", "prolog-console-form");
    this.form.noValidate = true;
    const prompt = node("span", "prolog-console-prompt", "?-");
    prompt.setAttribute("aria-hidden", "true");
    this.input = node("input", "prolog-console-input");
    Object.assign(this.input, {
      type: "text", name: "goal", autocomplete: "off", spellcheck: false, maxLength: MAX_GOAL,
    });
    this.input.setAttribute("autocapitalize", "off");
    this.run = node("button", "tb-button prolog-console-run");
    this.run.type = "submit";
    this.form.append(prompt, this.input, this.run);
    const tools = node("div", "prolog-console-tools");
    this.keys = node("span", "prolog-console-keys");
    this.clear = node("button", "prolog-console-clear");
    this.clear.type = "button";
    tools.append(this.keys, this.clear);
    this.out = node("ol", "prolog-console-out");
    this.out.setAttribute("aria-live", "polite");
    this.root.append(this.heading, this.hint, this.form, tools, this.out);
    parent.append(this.root);

    // About to be asked: the server starts a console process now, not at the first query.
    this.input.addEventListener("focus", () => {
      api("POST", "/api/console").catch(() => {}); // a query started anyway says what failed
    }, { once: true });
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.submit();
    });
    this.input.addEventListener("keydown", (event) => this.key(event));
    this.clear.addEventListener("click", () => {
      this.entries = [];
      this.render();
      this.input.focus();
    });
    onLangChange(() => this.render());
    this.render();
  }

  /** ArrowUp / ArrowDown walk through the goals already run. */
  key(event) {
    if (event.key !== "ArrowUp" && event.key !== "ArrowDown") return;
    if (!this.history.length) return;
    event.preventDefault();
    if (this.at === this.history.length) this.draft = this.input.value;
    this.at = event.key === "ArrowUp"
      ? Math.max(0, this.at - 1)
      : Math.min(this.history.length, this.at + 1);
    this.input.value = this.at === this.history.length ? this.draft : this.history[this.at];
    this.input.setSelectionRange(this.input.value.length, this.input.value.length);
  }

  remember(goal) {
    this.history = this.history.filter((g) => g !== goal);
    this.history.push(goal);
    this.history = this.history.slice(-MAX_HISTORY);
    saveHistory(this.history);
    this.at = this.history.length;
    this.draft = "";
  }

  async submit(goalText = this.input.value) {
    const goal = goalText.trim().replace(/\.\s*$/, "");
    if (!goal || this.busy) return;
    const { id } = pageGame();
    const entry = { goal, reply: null, error: null, pending: true };
    this.remember(goal);
    this.input.value = "";
    if (!id) {
      entry.pending = false;
      entry.error = { code: "no_game" };
    } else if (goal.length > MAX_GOAL) {
      entry.pending = false;
      entry.error = { code: "too_long" };
    }
    this.entries.push(entry);
    this.entries = this.entries.slice(-MAX_ENTRIES);
    this.busy = entry.pending;
    this.render();
    if (!entry.pending) return;
    try {
      entry.reply = await api("POST", `/api/games/${encodeURIComponent(id)}/query`, { goal });
    } catch (error) {
      entry.error = error instanceof ApiError
        ? { code: error.code, message: error.message, status: error.status }
        : { code: "other", message: String(error) };
    }
    entry.pending = false;
    this.busy = false;
    this.render();
    this.input.focus();
  }

  render() {
    const game = this.game;
    this.heading.textContent = t("console.title");
    this.hint.replaceChildren();
    const words = this.console; // what the game declares its console binds (catalog.js)
    if (game && words) {
      const lang = getLang();
      this.hint.append(words.hint[lang] ?? words.hint.en, " ", t("console.try"), " ");
      const example = node("button", "prolog-console-example", words.example);
      example.type = "button";
      example.addEventListener("click", () => {
        this.input.value = words.example;
        this.input.focus();
      });
      this.hint.append(example);
    }
    this.input.placeholder = t("console.placeholder");
    this.input.setAttribute("aria-label", t("console.input"));
    this.run.textContent = this.busy ? t("console.running") : t("console.run");
    this.run.disabled = this.busy;
    this.clear.textContent = t("console.clear");
    this.clear.hidden = !this.entries.length;
    this.keys.textContent = this.history.length ? t("console.history") : "";
    this.out.replaceChildren(...this.entries.map((entry) => this.item(entry)));
    this.out.scrollTop = this.out.scrollHeight;
  }

  item({ goal, reply, error, pending }) {
    const li = node("li", "prolog-console-entry");
    li.append(node("code", "prolog-query prolog-console-goal", `?- ${goal}.`));
    if (pending) {
      li.append(node("div", "prolog-console-note", t("console.running")));
      return li;
    }
    if (error) {
      li.classList.add("prolog-console-failed");
      li.append(node("div", "prolog-console-error", this.errorWords(error)));
      if (error.message && !["no_game", "too_long", "network"].includes(error.code)) {
        li.append(node("pre", "prolog-console-detail", error.message));
      }
      return li;
    }
    const answers = reply.answers ?? [];
    if (!answers.length) {
      if (reply.output) li.append(node("pre", "prolog-console-output", reply.output));
      li.append(node("pre", "prolog-answer prolog-console-answer prolog-is-false", "false."));
    }
    answers.forEach((answer, i) => {
      if (answer.output) li.append(node("pre", "prolog-console-output", answer.output));
      const last = i === answers.length - 1;
      let tail = " ;";
      if (last && reply.det && !reply.stopped) tail = ".";
      const text = node("pre", "prolog-answer prolog-console-answer", answer.text + tail);
      li.append(text);
    });
    if (answers.length) {
      if (reply.output) li.append(node("pre", "prolog-console-output", reply.output));
      if (reply.stopped) {
        li.append(node("div", "prolog-console-error",
          `${t("console.stopped")} ${this.errorWords(reply.stopped)}`));
        li.append(node("pre", "prolog-console-detail", reply.stopped.message));
      } else if (reply.more) {
        li.append(node("div", "prolog-console-note", t("console.more", { n: answers.length })));
      } else if (!reply.det) {
        li.append(node("pre", "prolog-answer prolog-console-answer prolog-is-false", "false."));
      }
    }
    if (typeof reply.time_ms === "number") {
      li.append(node("div", "prolog-console-time", t("console.time", { ms: reply.time_ms })));
    }
    return li;
  }

  errorWords(error) {
    if (error.code === "no_game") return t("console.no_game");
    if (error.code === "too_long") return t("console.too_long", { n: MAX_GOAL });
    const key = `console.error.${error.code}`;
    return hasText(key) ? t(key) : t("console.error.other");
  }
}
