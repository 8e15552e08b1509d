// index.js: the list of Tablero's games (GET /api/games) and of this browser's own saved
// games (POST /api/games/mine with the seat secrets it keeps).

import { allSecrets, api } from "./api.js";
import { getLang, onLangChange, setupLangToggle, t, hasText } from "./i18n.js";

const GAMES = ["go", "molinolog", "gorogo", "azul"];
const $ = (selector) => document.querySelector(selector);

let listing = null; // the last reply, {available, recent}, or null while loading
let failed = false;

function node(tag, attrs = {}, text) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, value);
  if (text !== undefined) el.textContent = text;
  return el;
}

function gameName(game) {
  return hasText(`game.${game}`) ? t(`game.${game}`) : game;
}

function renderGames() {
  const available = new Set(listing?.available ?? []);
  const names = [...GAMES, ...[...available].filter((g) => !GAMES.includes(g))];
  $("#games").replaceChildren(...names.map((game) => {
    const open = available.has(game);
    const li = node("li", { class: `index-game${open || !listing ? "" : " index-is-unavailable"}`, "data-game": game });
    li.append(node("h3", {}, gameName(game)));
    li.append(node("p", {}, hasText(`game.${game}.desc`) ? t(`game.${game}.desc`) : ""));
    if (open) {
      li.append(node("a", { class: "tb-button tb-primary", href: `/${game}` }, t("index.play")));
    } else if (listing) {
      li.append(node("span", { class: "index-note" }, t("index.unavailable")));
    }
    return li;
  }));
}

function renderRecent() {
  const message = $("#message");
  message.className = "tb-message";
  if (!listing) {
    message.textContent = failed ? t("index.load_failed") : t("index.loading");
    if (failed) message.classList.add("tb-error");
    $("#recent").replaceChildren();
    return;
  }
  message.textContent = listing.recent.length ? "" : t("index.no_recent");
  const when = new Intl.DateTimeFormat(getLang(), { dateStyle: "medium", timeStyle: "short" });
  $("#recent").replaceChildren(...listing.recent.map((game) => {
    const li = node("li", { "data-game": game.game, "data-id": game.id });
    const href = `/${game.game}/${encodeURIComponent(game.id)}`;
    li.append(node("a", { href }, `${gameName(game.game)} · ${game.id}`));
    const actions = t("index.actions", { count: game.plies });
    const meta = `${actions} · ${t("index.updated", {
      when: when.format(new Date(game.updated * 1000)),
    })}`;
    li.append(node("span", { class: "index-meta" }, meta));
    return li;
  }));
}

function render() {
  renderGames();
  renderRecent();
}

async function start() {
  setupLangToggle($("#lang"));
  onLangChange(render);
  render();
  try {
    const { available } = await api("GET", "/api/games");
    const { games } = await api("POST", "/api/games/mine", { secrets: allSecrets() });
    listing = { available, recent: games };
  } catch {
    failed = true;
  }
  render();
}

start();
