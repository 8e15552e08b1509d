// molinolog-lab.js: a student's Molinolog lab (their molinolog.pl with our graficos.pl) on
// our board.  Start reading at start() at the bottom.
//
// The page starts the program (POST /api/lab/sessions: one process for this page only)
// and then long-polls its window (GET /api/lab/<id>?after=<revision>: answered when
// something changed, or after a few seconds).  It draws what the program drew
// (gr_dibujar_tablero/3, gr_ficha/5: pieces and `seleccion` marks) with the Molinolog
// board of molinolog-board.js, its buttons (gr_crear/3) and status line (gr_estado/2).
// A click on a point, a button or "Close the window" is an event for gr_evento/2
// (POST .../event); gr_mensaje/2, gr_pregunta/3 and gr_opciones/4 open a modal dialog
// whose answer ends the program's blocked call (POST .../answer; Escape closes it without
// an answer, which makes gr_pregunta/3 and gr_opciones/4 fail, as the course's window
// does).  The page judges nothing: the program decides what a click means.

import { api } from "./api.js";
import { addStrings, errorText, onLangChange, setupLangToggle, t } from "./i18n.js";
import { boardBase, geometry, keyOf, node, pointName, pointNode } from "./molinolog-board.js";
import "./molinolog-i18n.js";

addStrings({
  en: {
    "lab.title": "Molinolog lab",
    "lab.starting": "Starting the program…",
    "lab.no_board": "The program has not drawn its board yet.",
    "lab.no_window": "The program has no window open.",
    "lab.close": "Close the window (salir)",
    "lab.waiting": "The program waits for your click.",
    "lab.asking": "The program waits for your answer.",
    "lab.working": "The program is working…",
    "lab.ok": "OK",
    "lab.ended.ended": "The program has ended.",
    "lab.ended.failed": "The program's goal failed.",
    "lab.ended.error": "The program stopped with an error.",
    "lab.ended.idle": "The program was ended: the page was away.",
    "lab.ended.closed": "The program was ended.",
    "lab.ended.halted": "The program's process ended (halt, a crash or a limit).",
    "lab.ended.load_error": "The program did not load.",
    "lab.ended.too_long": "The program was ended: it drew too much.",
    "lab.ended.other": "The program has ended ({why}).",
  },
  es: {
    "lab.title": "Laboratorio de Molinolog",
    "lab.starting": "Iniciando el programa…",
    "lab.no_board": "El programa todavía no dibujó su tablero.",
    "lab.no_window": "El programa no tiene una ventana abierta.",
    "lab.close": "Cerrar la ventana (salir)",
    "lab.waiting": "El programa espera su click.",
    "lab.asking": "El programa espera su respuesta.",
    "lab.working": "El programa está trabajando…",
    "lab.ok": "Aceptar",
    "lab.ended.ended": "El programa terminó.",
    "lab.ended.failed": "La meta del programa falló.",
    "lab.ended.error": "El programa se detuvo con un error.",
    "lab.ended.idle": "El programa fue terminado: la página estuvo ausente.",
    "lab.ended.closed": "El programa fue terminado.",
    "lab.ended.halted": "El proceso del programa terminó (halt, una falla o un límite).",
    "lab.ended.load_error": "El programa no se pudo cargar.",
    "lab.ended.too_long": "El programa fue terminado: dibujó demasiado.",
    "lab.ended.other": "El programa terminó ({why}).",
  },
});

const $ = (selector) => document.querySelector(selector);
const svg = $("#board");
const dialog = $("#lab-dialog");
const ENDS = ["ended", "failed", "error", "idle", "closed", "halted", "load_error", "too_long"];

const state = {
  id: null,
  view: null,
  shownDialog: null, // the seq of the dialog on screen
  answered: null, // the seq answered, while the program takes it
  drawn: null, // what the board shows, to redraw it only when it changes
};

function say(text, kind = "error") {
  const message = $("#message");
  message.textContent = text ?? "";
  message.className = `tb-message ${text ? `tb-${kind}` : ""}`;
}

// ---- drawing -------------------------------------------------------------------

function renderBoard(view) {
  const board = view.board;
  const drawn = JSON.stringify([board?.size, view.open, view.ended, view.pieces, view.marks]);
  if (drawn === state.drawn) return; // unchanged: the points a person may be clicking stay
  state.drawn = drawn;
  const shown = Boolean(board && view.open);
  svg.toggleAttribute("hidden", !shown);
  $("#board-empty").hidden = shown;
  if (!shown) {
    svg.replaceChildren();
    $("#board-empty").textContent = t(view.ended ? "lab.ended.ended"
      : view.open ? "lab.no_board" : "lab.no_window");
    return;
  }
  const geo = geometry(board.size);
  svg.setAttribute("viewBox", `0 0 ${geo.extent} ${geo.extent}`);
  svg.setAttribute("aria-label", t("molinolog.board", { size: board.size }));
  const pieces = new Map(view.pieces.map(([d, r, p]) => [keyOf([d, r]), p]));
  const marks = new Set(view.marks.map(keyOf));
  const group = node("g", { class: "molinolog-points" });
  for (const point of board.points) {
    const key = keyOf(point);
    const piece = pieces.get(key) ?? null;
    const classes = marks.has(key) ? ["molinolog-is-selected"] : [];
    const label = piece
      ? t("molinolog.point_piece", { point: pointName(point), player: t(`molinolog.player.${piece}`) })
      : t("molinolog.point", { point: pointName(point) });
    group.append(pointNode(geo, point, piece, classes, label, null));
  }
  svg.replaceChildren(...boardBase(geo, board.edges), group);
}

function renderButtons(view) {
  const box = $("#lab-buttons");
  const names = view.open && !view.ended ? view.buttons : [];
  if (box.dataset.names === JSON.stringify(names)) return;
  box.dataset.names = JSON.stringify(names);
  box.replaceChildren(...names.map((name, index) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "tb-button";
    button.textContent = name;
    button.addEventListener("click", () => send({ boton: index }));
    return button;
  }));
}

function renderDialog(view) {
  const want = view.dialog;
  if (!want || view.ended) {
    if (dialog.open) dialog.close("gone");
    state.shownDialog = null;
    return;
  }
  if (state.shownDialog === want.seq || state.answered === want.seq) return;
  state.shownDialog = want.seq;
  $("#lab-dialog-text").textContent = want.text;
  const input = $("#lab-dialog-answer");
  input.hidden = want.kind !== "pregunta";
  input.value = "";
  const buttons = $("#lab-dialog-buttons");
  const make = (text, value, primary) => {
    const button = document.createElement("button");
    button.className = `tb-button${primary ? " tb-primary" : ""}`;
    button.value = value;
    button.textContent = text;
    return button;
  };
  if (want.kind === "opciones") {
    buttons.replaceChildren(...want.options.map((text, i) => make(text, `option:${i}`, i === 0)));
  } else {
    buttons.replaceChildren(make(t("lab.ok"), "ok", true));
  }
  dialog.dataset.seq = String(want.seq);
  dialog.dataset.kind = want.kind;
  dialog.returnValue = "";
  if (!dialog.open) dialog.showModal();
  (want.kind === "pregunta" ? input : buttons.querySelector("button"))?.focus();
}

function render(view) {
  // The replies to clicks and answers race the long poll: a view older than the one shown
  // is dropped.  Drawn after the end (the poll stops there), it stayed for good: "The
  // program is working…" under a program that had ended.
  if (state.view && view.revision < state.view.revision) return;
  state.view = view;
  renderBoard(view);
  renderButtons(view);
  renderDialog(view);
  $("#status").textContent = view.status;
  $("#lab-file").textContent = `${view.file}: ${view.goal}`;
  $("#lab-close").disabled = !view.open || Boolean(view.ended);
  const lab = $("#lab-state");
  if (view.ended) {
    lab.textContent = ENDS.includes(view.ended)
      ? t(`lab.ended.${view.ended}`) : t("lab.ended.other", { why: view.ended });
  } else if (view.waiting) lab.textContent = t("lab.waiting");
  else if (view.dialog) lab.textContent = t("lab.asking");
  else lab.textContent = t("lab.working");
  svg.dataset.waiting = view.waiting ? "true" : "";
  const error = $("#lab-error");
  const shown = [view.error, view.output].filter(Boolean).join("\n");
  error.hidden = !shown;
  error.textContent = shown;
}

// ---- talking to the program ------------------------------------------------------

async function send(event) {
  if (!state.id) return;
  try {
    render(await api("POST", `/api/lab/${state.id}/event`, event));
    say(null);
  } catch (error) {
    say(errorText(error));
  }
}

async function answer(body) {
  const seq = Number(dialog.dataset.seq);
  state.answered = seq;
  try {
    render(await api("POST", `/api/lab/${state.id}/answer`, { seq, ...body }));
  } catch (error) {
    say(errorText(error));
  }
}

function onDialogClose() {
  const value = dialog.returnValue;
  if (value === "gone" || !state.id) return;
  const kind = dialog.dataset.kind;
  if (value === "ok" && kind === "pregunta") answer({ respuesta: $("#lab-dialog-answer").value });
  else if (value === "ok") answer({ ok: true });
  else if (value.startsWith("option:")) answer({ indice: Number(value.slice(7)) });
  else answer({ cerrado: true }); // Escape: closed without an answer
}

function onPoint(event) {
  const point = event.target.closest(".molinolog-point");
  if (!point) return;
  if (event.type === "keydown") {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
  }
  const [dir, ring] = point.dataset.point.split(",");
  send({ click: [dir, Number(ring)] });
}

async function poll() {
  let delay = 0;
  while (state.id) {
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    try {
      const view = await api("GET", `/api/lab/${state.id}?after=${state.view.revision}`);
      render(view);
      delay = 0;
      if (view.ended) return;
    } catch (error) {
      if (error.status === 404) {
        render({ ...state.view, ended: "idle", dialog: null });
        return;
      }
      say(errorText(error));
      delay = Math.min(2 * (delay || 500), 8000);
    }
  }
}

function leave() {
  if (!state.id) return;
  fetch(`/api/lab/${state.id}/close`, {
    method: "POST", keepalive: true, headers: { "Content-Type": "application/json" }, body: "{}",
  });
}

// ---- start here ------------------------------------------------------------------

async function start() {
  setupLangToggle($("#lang"));
  onLangChange(() => {
    if (!state.view) return;
    state.drawn = null;
    render(state.view);
  });
  svg.addEventListener("click", onPoint);
  svg.addEventListener("keydown", onPoint);
  dialog.addEventListener("close", onDialogClose);
  $("#lab-close").addEventListener("click", () => send({ salir: true }));
  window.addEventListener("pagehide", leave);
  try {
    const view = await api("POST", "/api/lab/sessions", {});
    state.id = view.id;
    render(view);
  } catch (error) {
    $("#board-empty").textContent = errorText(error);
    return;
  }
  poll();
}

start();
