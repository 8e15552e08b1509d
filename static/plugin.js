// plugin.js: the page of a game that plugged in without a page of its own (/<game> and
// /<game>/<id>, served by app/pages.py when static/<game>.html does not exist).  It reads
// what the game declares (GET /api/games: title, options, kinds of action) and draws the
// view's `board` (rows of one character a cell, "-" empty) as a grid of buttons; a click
// sends the game's first kind of action that has a `pos` field, {kind, pos: [row, col]},
// and Prolog accepts it or says why not.  Everything else (seats, live changes,
// invitations, the machine's turns, the Prolog panel) is game-session.js's.

import { api } from "./api.js";
import { keepComputers } from "./difficulty.js";
import { GameSession } from "./game-session.js";
import { addStrings, getLang, t } from "./i18n.js";
import { PrologPanel } from "./prolog-panel.js";

const $ = (selector) => document.querySelector(selector);
const name = location.pathname.split("/")[1];

addStrings({
  en: {
    "plugin.start": "Start", "plugin.cancel": "Cancel", "plugin.new_game": "New game",
    "plugin.empty": "empty", "plugin.over": "The game is over",
    "plugin.to_move": "To move: {player}", "plugin.machine": "the machine plays",
    [`${name}.loading`]: "Loading the game…",
  },
  es: {
    "plugin.start": "Empezar", "plugin.cancel": "Cancelar", "plugin.new_game": "Nueva partida",
    "plugin.empty": "vacía", "plugin.over": "La partida terminó",
    "plugin.to_move": "Juega: {player}", "plugin.machine": "juega la máquina",
    [`${name}.loading`]: "Cargando la partida…",
  },
});
const panel = new PrologPanel($("#prolog-panel"));
const state = {}; // the session's: game (the last reply), busy, message, ...
let declared = null; // {game, title, options, actions}

const title = () => (declared ? declared.title[getLang()] ?? declared.title.en ?? name : name);
const clickKind = () => declared?.actions.find((a) => a.fields.includes("pos"))?.kind ?? "move";

function render() {
  const game = state.game;
  const view = game?.view;
  document.title = `${title()} · Tablero`;
  $("#title").textContent = title();
  const rows = view?.board ?? [];
  const board = $("#board");
  board.style.gridTemplateColumns = `repeat(${rows[0]?.length ?? 0}, auto)`;
  board.replaceChildren();
  const mine = view && !view.over && !view.machine_to_move && session.playsFor(view.to_move);
  rows.forEach((row, r) => [...row].forEach((cell, c) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "plugin-cell";
    button.dataset.pos = `${r},${c}`;
    button.textContent = cell === "-" ? "" : cell;
    button.setAttribute("aria-label", `${r},${c}: ${cell === "-" ? t("plugin.empty") : cell}`);
    button.disabled = !mine || state.busy;
    button.addEventListener("click", () => play(r, c));
    board.append(button);
  }));
  const status = $("#status");
  if (!view) status.textContent = "";
  else if (view.over) status.textContent = view.result?.message ?? t("plugin.over");
  else status.textContent = t("plugin.to_move", { player: view.to_move });
}

async function play(r, c) {
  const view = state.game?.view;
  const action = { kind: clickKind(), player: view.to_move, pos: [r, c] };
  if (!(await session.act(action, () => `${action.player}: [${r}, ${c}]`))) render();
}

function showForm() {
  const box = $("#options");
  box.replaceChildren();
  for (const option of declared?.options ?? []) {
    const values = /^oneof\(\[(.*)\]\)$/.exec(option.type);
    if (!values) continue;
    const label = document.createElement("label");
    label.textContent = `${option.name} `;
    const select = document.createElement("select");
    select.name = option.name;
    for (const value of values[1].split(",")) {
      const item = document.createElement("option");
      item.value = item.textContent = value.trim();
      item.selected = value.trim() === option.default;
      select.append(item);
    }
    label.append(select);
    box.append(label);
  }
  session.openForm();
}

function formOptions() {
  return Object.fromEntries([...$("#options").querySelectorAll("select")].map((s) => [s.name, s.value]));
}

const session = new GameSession(name, state, {
  panel,
  render,
  take: (reply) => {
    state.game = reply;
    render();
  },
  showForm,
  loaded: (reply, message) => {
    panel.clear();
    session.show(reply, message);
  },
  machine: {
    pause: 400,
    label: (mover) => `${mover}: ${t("plugin.machine")}`,
  },
});

async function start() {
  const listing = await api("GET", "/api/games");
  declared = (listing.games ?? []).find((g) => g.game === name) ?? null;
  keepComputers(listing.games);
  session.start({ formOptions });
}

start();
