// index.js: the list of Tablero's games (GET /api/games) and of this browser's own saved
// games (POST /api/games/mine with the seat secrets it keeps).  Each game is played with a
// friend (its page: both sides on this device until a friend is invited) or against the
// computer: a difficulty in words and who moves first, as the game declares them (the
// catalog's `computer`, read by difficulty.js), make the game here (POST /api/games), and
// its page opens.

import { allSecrets, api, heldSeats, keepSeats } from "./api.js";
import { computerChoices, computerOptions, difficulties, difficultyOf, hasComputer, hasOrder, keepComputers, needs } from "./difficulty.js";
import { errorText, getLang, onLangChange, setupLangToggle, t, hasText } from "./i18n.js";
import { clockField, clockSetting, syncClockField } from "./clock.js";

const $ = (selector) => document.querySelector(selector);

let listing = null; // the last reply, {available, gnugo, recent}, or null while loading
let failed = false;
const choices = {}; // game -> {difficulty, order}: the computer's settings chosen so far
let starting = null; // the game whose computer game is being made

function node(tag, attrs = {}, text) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, value);
  if (text !== undefined) el.textContent = text;
  return el;
}

/** The game's title, or its line for the index, in the page's language, as it declares
 *  them (Prolog's game_info/2, in the catalog). */
function declaredWords(game, key, fallback = "") {
  const words = listing?.declared?.find((g) => g.game === game)?.[key];
  return words?.[getLang()] ?? words?.en ?? fallback;
}

function gameName(game) {
  return declaredWords(game, "title", game);
}

/** The kinds of clock a game can be played on, as it declares them ([]: none). */
function clocks(game) {
  return listing?.declared?.find((g) => g.game === game)?.clocks ?? [];
}

function renderGames() {
  const available = new Set(listing?.available ?? []);
  //  Every game the server declares (Prolog's game/1, in its order), then any other it
  //  offers: none is named here, so a game that plugs in gets its card like the four.
  const declared = (listing?.declared ?? []).map((g) => g.game);
  const names = [...declared, ...[...available].filter((g) => !declared.includes(g))];
  $("#games").replaceChildren(...names.map((game) => {
    const open = available.has(game);
    const li = node("li", { class: `index-game${open || !listing ? "" : " index-is-unavailable"}`, "data-game": game });
    li.append(node("h3", {}, gameName(game)));
    li.append(node("p", {}, declaredWords(game, "description")));
    if (open) {
      li.append(node("a", {
        class: "tb-button tb-primary index-friend",
        href: `/${game}?play=friend`, // its form with a person in every seat (game-session.js)
        "aria-label": t("index.friend_label", { game: gameName(game) }),
      }, t("index.friend")));
      if (hasComputer(game)) li.append(computerForm(game));
    } else if (listing) {
      li.append(node("span", { class: "index-note" }, t("index.unavailable")));
    }
    return li;
  }));
}

/** "Play the computer": a difficulty in words, who moves first, what else the game offers
 *  to choose (Go's board), and the button. */
function computerForm(game) {
  const chosen = (choices[game] ??= { difficulty: difficulties(game)[0], order: "first" });
  const form = node("form", { class: "index-computer", "data-game": game });
  const select = (name, values, words, title = t(`index.${name}`)) => {
    const label = node("label", { class: "index-choice" });
    label.append(node("span", {}, title));
    const box = node("select", { name });
    for (const value of values) {
      const option = node("option", { value }, words(value));
      if (value === chosen[name]) option.selected = true;
      if (name === "difficulty" && needs(game, value) === "gnugo" && !listing?.gnugo) {
        option.disabled = true;
        option.textContent = t("index.needs_gnugo", { difficulty: words(value) });
      }
      box.append(option);
    }
    box.addEventListener("change", () => {
      chosen[name] = box.value;
    });
    label.append(" ", box);
    return label;
  };
  form.append(select("difficulty", difficulties(game), (d) => t(`difficulty.${d}`)));
  if (hasOrder(game)) form.append(select("order", ["first", "second"], (o) => t(`index.order.${o}`)));
  for (const choice of computerChoices(game)) {  // the game's own words, in Prolog
    chosen[choice.option] ??= String(choice.default ?? choice.values[0]);
    const words = (v) => {
      const w = choice.words?.[choice.values.findIndex((x) => String(x) === v)] ?? v;
      return typeof w === "string" ? w : w[getLang()] ?? w.en;
    };
    form.append(select(choice.option, choice.values.map(String), words,
      choice.label?.[getLang()] ?? choice.label?.en ?? choice.option));
  }
  if (clocks(game).length) {
    // The clock chosen so far outlives a redraw of the list (a language switch, a reload).
    const field = clockField(false, clocks(game).includes("byoyomi"));
    const inputs = [...field.querySelectorAll("select, input")];
    for (const input of inputs) {
      if (chosen.clock?.[input.name] !== undefined) input.value = chosen.clock[input.name];
      input.addEventListener("change", () => {
        chosen.clock = Object.fromEntries(inputs.map((i) => [i.name, i.value]));
      });
    }
    syncClockField(field);
    form.append(field);
  }
  const button = node("button", {
    type: "submit",
    class: "tb-button index-play-computer",
    "aria-label": t("index.computer_label", { game: gameName(game) }),
  }, t(starting === game ? "index.computer_starting" : "index.computer"));
  if (starting) button.disabled = true;
  form.append(button);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    playComputer(game);
  });
  return form;
}

/** Make a game against the computer and open its page (this browser holds the person's
 *  seat, as any game made on a page). */
async function playComputer(game) {
  if (starting) return;
  const { difficulty, order, ...chosen } = choices[game];
  const clock = clockSetting(document.querySelector(`.index-computer[data-game="${game}"]`));
  starting = game;
  renderGames();
  try {
    const options = computerOptions(game, difficulty, order, chosen);
    const reply = await api("POST", "/api/games", { game, options, ...(clock ? { clock } : {}) });
    keepSeats(reply.id, reply.secrets);
    location.assign(`/${game}/${encodeURIComponent(reply.id)}`);
  } catch (error) {
    starting = null;
    const message = $("#message");
    message.className = "tb-message tb-error";
    message.textContent = errorText(error);
    renderGames();
  }
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
  $("#recent").replaceChildren(...listing.recent.map((game) => {
    const li = node("li", { "data-game": game.game, "data-id": game.id });
    const href = `/${game.game}/${encodeURIComponent(game.id)}`;
    li.append(node("a", { href, class: "index-recent-game" },
      t("index.recent_game", { game: gameName(game.game), opponent: opponentText(game) })));
    const where = stateText(game);
    li.append(node("span", { class: `index-state${where.yours ? " index-is-yours" : ""}` }, where.text));
    const when = whenText(game.updated);
    li.append(node("span", { class: "index-meta" }, t(game.plies ? "index.last_move" : "index.started", { when })));
    li.title = game.id;
    return li;
  }));
}

/** A seat in words: Black, White, or Azul's "Player 2". */
function seatText(seat) {
  return hasText(`player.${seat}`) ? t(`player.${seat}`) : t("index.player", { n: Number(seat) + 1 });
}

/** Whom this browser plays in a saved game: the computer (at its difficulty), a friend,
 *  or both sides on this device (a friend invited, or none yet). */
function opponentText(game) {
  const you = game.you ?? game.seats ?? [];
  const kinds = game.view?.seats ?? {};
  const others = Object.keys(kinds).filter((seat) => !you.includes(seat));
  const words = others.map((seat) => {
    if (kinds[seat] !== "human") {
      const difficulty = difficultyOf(game.game, game.options, seat);
      return difficulty ? t("index.vs.computer_at", { difficulty: t(`difficulty.${difficulty}`) })
        : t("index.vs.computer");
    }
    return game.holders?.[seat]?.taken ? t("index.vs.friend") : t("index.vs.nobody");
  });
  if (!words.length) {
    const invited = you.some((seat) => game.holders?.[seat]?.invited);
    return t(invited ? "index.vs.invited" : "index.vs.self");
  }
  return [...new Set(words)].join(", ");
}

/** Where a saved game stands: whose turn, or its result ({text, yours: your turn}). */
function stateText(game) {
  const view = game.view ?? {};
  const you = game.you ?? game.seats ?? [];
  const kinds = view.seats ?? {};
  const alone = Object.keys(kinds).every((seat) => you.includes(seat) || kinds[seat] !== "human")
    && Object.keys(kinds).filter((seat) => kinds[seat] === "human").length > 1;
  if (view.over) {
    const result = view.result ?? {};
    const winners = (result.winners ?? (result.winner == null ? [] : [result.winner])).map(String);
    const code = result.code ?? result.margin ?? null;
    let text;
    if (!winners.length) text = t("index.result.draw");
    else if (alone) text = t("index.result.won_by", { player: winners.map(seatText).join(", ") });
    else text = t(winners.some((seat) => you.includes(seat)) ? "index.result.you_won" : "index.result.you_lost");
    return { text: code ? `${text} (${code})` : text, yours: false };
  }
  const toMove = String(view.to_move);
  if (you.includes(toMove)) {
    return { text: alone ? t("index.turn.player", { player: seatText(toMove) }) : t("index.turn.yours"), yours: !alone };
  }
  return { text: t(kinds[toMove] && kinds[toMove] !== "human" ? "index.turn.computer" : "index.turn.theirs"), yours: false };
}

/** When, for a person: "5 minutes ago", "yesterday", or a date past a week. */
function whenText(seconds) {
  const ago = Date.now() / 1000 - seconds;
  const lang = getLang();
  if (ago < 45) return t("index.just_now");
  const relative = new Intl.RelativeTimeFormat(lang, { numeric: "auto" });
  if (ago < 3600) return relative.format(-Math.round(ago / 60), "minute");
  if (ago < 86400) return relative.format(-Math.round(ago / 3600), "hour");
  if (ago < 7 * 86400) return relative.format(-Math.round(ago / 86400), "day");
  return new Intl.DateTimeFormat(lang, { dateStyle: "medium" }).format(new Date(seconds * 1000));
}

function render() {
  renderGames();
  renderRecent();
  renderDevices();
  if (added !== null && listing) {
    const message = $("#message");
    message.className = `tb-message ${added < 0 ? "tb-error" : "tb-info"}`;
    message.textContent = added < 0 ? t("index.devices_bad") : t("index.devices_added", { count: added });
  }
}

// ---- your games on another device ---------------------------------------------------
// A personal link, /#seats=<the seats this browser holds, as base64url JSON {id: {seat:
// secret}}>: opened in another browser it adds them to that browser's (the fragment never
// reaches the server), so the saved games survive a browser that forgets.

const SEATS_HASH = "#seats=";
let added = null; // how many games a link opened here added

function seatsLink() {
  const all = {};
  for (const game of listing?.recent ?? []) all[game.id] = heldSeats(game.id);
  const bytes = new TextEncoder().encode(JSON.stringify(all));
  const text = btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return `${location.origin}/${SEATS_HASH}${text}`;
}

/** A personal link in the URL: keep its seats here, and take it out of the address bar. */
function takeSeatsLink() {
  if (!location.hash.startsWith(SEATS_HASH)) return;
  try {
    const text = location.hash.slice(SEATS_HASH.length).replace(/-/g, "+").replace(/_/g, "/");
    const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
    const all = JSON.parse(new TextDecoder().decode(bytes));
    let count = 0;
    for (const [id, seats] of Object.entries(all)) {
      if (seats && typeof seats === "object" && Object.keys(seats).length) {
        keepSeats(id, seats);
        count += 1;
      }
    }
    added = count;
  } catch {
    added = -1;
  }
  history.replaceState(null, "", location.pathname);
}

function renderDevices() {
  let box = $("#devices");
  if (!box) {
    box = node("details", { id: "devices", class: "index-devices" });
    $("#recent").after(box);
  }
  const open = box.open;
  const field = box.querySelector("input");
  box.replaceChildren(node("summary", {}, t("index.devices")));
  box.open = open;
  box.hidden = !listing?.recent.length;
  box.append(node("p", { class: "index-note" }, t("index.devices_help")));
  const make = node("button", { type: "button", class: "tb-button", id: "make-link" }, t("index.devices_make"));
  make.addEventListener("click", () => {
    const link = node("input", { class: "tb-invite-link", readonly: "", "aria-label": t("index.devices_link") });
    link.value = seatsLink();
    box.querySelector("input")?.remove();
    box.append(link);
    link.focus();
    link.select();
    navigator.clipboard?.writeText(link.value).catch(() => {});
  });
  box.append(make);
  if (field) box.append(field);
}

async function start() {
  takeSeatsLink();
  setupLangToggle($("#lang"));
  onLangChange(render);
  window.addEventListener("hashchange", () => {
    if (!location.hash.startsWith(SEATS_HASH)) return;
    takeSeatsLink();
    refresh();
  });
  render();
  await refresh();
}

/** GET the games on offer and this browser's saved games; draw them. */
async function refresh() {
  failed = false;
  try {
    const { available, gnugo, games: declared } = await api("GET", "/api/games");
    const { games } = await api("POST", "/api/games/mine", { secrets: allSecrets() });
    keepComputers(declared);
    listing = { available, gnugo, declared, recent: games };
  } catch {
    failed = true;
  }
  render();
}

start();
