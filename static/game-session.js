// game-session.js: the plumbing every game page shares.  A page keeps its own `state`
// ({game: the last reply, busy, message, timer, epoch, ...}) and draws it; the session
// reads the game's id from the path, loads (GET /api/games/<id>) and creates games (POST
// /api/games, then pushState/replaceState), keeps the seat secrets the server hands out
// (api.js) and sends them, posts an action, a machine step or an undo with the revision it
// was made against, reloads the game on a 409 stale/conflict, follows the game's live
// changes (GET /api/games/<id>/events) so another player's move appears by itself, takes
// a seat from an invitation link, shows undo requests to answer, feeds the Prolog panel
// the `explain` of replies and refusals, shows messages in #message, and runs the machine
// seats' turns with a pause (view.machine_to_move; only in a page that holds a seat).
//
//   const session = new GameSession("go", state, { panel, render, showForm, loaded, created });
//
// With `epochs: true` every load and new game bumps state.epoch and a late answer to an
// older request is dropped; the machine loop needs it.
//
// For phones, two things ask once more before they act.  A move on the board can wait for
// a second tap (the setting "Confirm moves with a second tap", #confirm-taps, kept in
// localStorage, on by default where the pointer is coarse): the page hands each move to
// tap(key, {show, clear}, play): the first tap shows the move as pending (show()), a second
// tap with the same key plays it, another key moves the pending mark, Escape (or any change
// of the game) clears it.  And askTwice(button, questionKey, run) makes a button (Pass,
// Resign) ask "Really ...?" for a few seconds, with a Cancel beside it, before it runs.
// moveNumbers(posOf) gives, for the position shown, the number of the move that last
// played at each point (from the game's history), for pages that number their stones.
//
// A page made with `clock: true` offers a clock in its new-game form (clock.js: Fischer,
// absolute, correspondence, and byo-yomi for a page made with `clock: {byoyomi: true}`),
// sent with a new game as `clock`; every timed game's page (a player's or a watcher's)
// shows both seats' clocks, counting down from the server's time, and asks the server for
// the game when the running clock it shows reaches zero (the loss on time is the server's
// to settle).

import { api, heldSeats, keepSeats, secretFor } from "./api.js";
import { ClockView, clockField, clockSetting, setClockSetting } from "./clock.js";
import { errorText, hasText, onLangChange, t } from "./i18n.js";

const $ = (selector) => document.querySelector(selector);
const CONFIRM_KEY = "tablero.confirmMoves";
const NOTIFY_KEY = "tablero.notify"; // "1": a sound and a notification when it becomes your turn
const ARMED_MS = 5000; // how long Pass or Resign waits for the second click

/** How long to wait before the n-th try (n >= 1) to open a live stream again: 1 s, then
 *  doubling up to 60 s, each between 75% and 100% of that (pages refused together do not
 *  come back together). */
function backOff(n) {
  const ms = Math.min(60000, 1000 * 2 ** (n - 1));
  return Math.round(ms * (0.75 + Math.random() * 0.25));
}

export class GameSession {
  /**
   * game: "go", "molinolog", ...; state: the page's state object.  Callbacks:
   *   render(), showForm(): redraw the page, open the new-game form;
   *   loaded(reply, message): a game was loaded (message: what to say, or null);
   *   created(reply): a new game was made (the URL and the panel are done);
   *   refused(error, {path, reload}): a POST was refused (reload: the game is reloaded
   *     next; otherwise the page says why);
   *   createFailed(error): after a new game was refused and said;
   *   errorText(error): a refusal in words; fallback(): the message when none is set;
   *   seatName(seat): a seat ("b", "0", ...) in words for the seats line;
   *   moveText(last, ply): a move (a view's `last`) in words for the review's move list;
   *   machine: {pause, label(mover, reply|null), took(reply, mover), over(view), autoplay()}
   *     for pages whose machine seats play by themselves (see next(); autoplay() false
   *     pauses them, step() plays one step);
   *   reviewExtra: a node kept at the end of the review bar (Go's "Move numbers");
   *   reviewStop(last): whether an action (a view's `last`) is a step of the review and is
   *     numbered (default: every action; Go: moves and passes, as its SGF record counts);
   *   clock: true for a page whose new-game form offers a clock (games of two players).
   */
  constructor(game, state, options) {
    this.game = game;
    this.state = state;
    this.panel = options.panel;
    this.epochs = Boolean(options.epochs);
    this.render = options.render;
    this.showForm = options.showForm;
    this.loaded = options.loaded;
    this.created = options.created;
    this.refused = options.refused ?? ((error) => this.say({ error, kind: "error" }));
    this.createFailed = options.createFailed ?? (() => {});
    this.errorText = options.errorText ?? errorText;
    this.fallback = options.fallback ?? (() => null);
    this.machine = options.machine ?? null;
    this.seatName = options.seatName ?? ((seat) => (hasText(`player.${seat}`) ? t(`player.${seat}`) : seat));
    this.moveText = options.moveText ?? ((last) => `${this.seatName(last.player)}: ${last.kind}`);
    this.reviewExtra = options.reviewExtra ?? null;
    this.reviewStop = options.reviewStop ?? null;
    this.review = null; // {views, stops, at, live}: the game shown at an earlier move
    this.known = null; // {id, actions}: the live game's actions, when reviewStop needs them
    this.history = null; // {id, revision, views}: the live game's history, for moveNumbers()
    this.tapped = null; // {key, clear}: a move shown after a first tap, awaiting the second
    this.armed = new Map(); // button -> {questionKey, timer, cancel}: asking "Really ...?"
    this.offersClock = Boolean(options.clock);
    this.offersByoyomi = Boolean(options.clock?.byoyomi);
    this.clocks = new ClockView((seat) => this.seatName(seat), () => this.askClock());
    this.confirmSetting();
    this.notifySetting();
    onLangChange(() => {
      this.showSeats();
      for (const [button, armed] of this.armed) button.textContent = t(armed.questionKey);
    });
    document.addEventListener("keydown", (event) => this.reviewKey(event));
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && this.tapped) this.clearTap(true);
    });
  }

  /** The game's id in /<game>/<id>, or null on /<game>. */
  idFromPath() {
    const match = new RegExp(`^/${this.game}/([^/]+)/?$`).exec(location.pathname);
    return match ? decodeURIComponent(match[1]) : null;
  }

  // ---- #message ------------------------------------------------------------

  /** Show message ({key, vars, kind} or {error, kind}; null: none), kept for a language switch. */
  say(message) {
    this.state.message = message;
    this.renderMessage();
  }

  renderMessage() {
    const box = $("#message");
    const message = this.state.message ?? this.fallback();
    box.className = `tb-message${message ? ` tb-${message.kind}` : ""}`;
    if (!message) box.textContent = "";
    else if (message.error) box.textContent = this.errorText(message.error);
    else box.textContent = t(message.key, message.vars);
  }

  // ---- requests --------------------------------------------------------------

  /** With epochs: stop the machine's timer and start a new epoch; its number. */
  bump() {
    if (!this.epochs) return undefined;
    clearTimeout(this.state.timer);
    this.state.epoch += 1;
    return this.state.epoch;
  }

  /** Whether an answer to a request made in `epoch` comes too late. */
  late(epoch) {
    return this.epochs && epoch !== this.state.epoch;
  }

  /** Load a game (taking the seat of an invitation in the URL's #invite=seat.token first);
   *  another game's id goes to that game's page.  Then follow its live changes. */
  async load(id, message = null) {
    const epoch = this.bump();
    try {
      const claimed = await this.claimInvitation(id);
      const reply = await api("GET", `/api/games/${encodeURIComponent(id)}`, undefined, secretFor(id));
      if (this.late(epoch)) return;
      if (reply.game !== this.game) {
        location.replace(`/${reply.game}/${encodeURIComponent(reply.id)}`);
        return;
      }
      this.review = null;
      this.know(reply);
      this.settle();
      this.loaded(reply, message ?? claimed);
      this.showSeats();
      this.follow(id);
    } catch (error) {
      if (this.late(epoch)) return;
      this.state.game = null;
      this.render();
      this.showForm();
      this.say({ error, kind: "error" });
    }
  }

  /** Make a new game and go to its URL; whether it was made.  Without epochs a new game
   *  waits for the request in flight (false at once while busy).  `extra` goes into the
   *  request beside the options (Go's {sgf: text}: a game read from a record). */
  async newGame(options, extra = {}) {
    const state = this.state;
    if (!this.epochs && state.busy) return false;
    const epoch = this.bump();
    this.settle();
    state.busy = true;
    try {
      const clock = this.offersClock && extra.sgf === undefined ? clockSetting() : null;
      const reply = await api("POST", "/api/games", {
        ...extra, game: this.game, options, ...(clock ? { clock } : {}),
      });
      if (this.late(epoch)) return false;
      keepSeats(reply.id, reply.secrets);
      this.review = null;
      this.know(reply);
      const url = `/${this.game}/${encodeURIComponent(reply.id)}`;
      if (this.idFromPath()) history.pushState(null, "", url);
      else history.replaceState(null, "", url);
      this.panel.clear();
      this.panel.add({ label: () => t("prolog.action.new"), explain: reply.explain });
      state.busy = false;
      this.created(reply);
      this.showSeats();
      this.follow(reply.id);
      return true;
    } catch (error) {
      this.say({ error, kind: "error" });
      this.createFailed(error);
      return false;
    } finally {
      if (!this.late(epoch)) state.busy = false;
    }
  }

  /** POST to the current game with its revision (one request at a time); the reply, or
   *  null when refused (said, and in the Prolog panel; a stale page reloads the game).
   *  label(reply | null) names the request in the panel. */
  async post(path, body, label) {
    const state = this.state;
    if (state.busy || !state.game) return null;
    if (this.review) {
      this.say({ key: "review.leave_first", kind: "info" });
      return null;
    }
    state.busy = true;
    this.clearTap();
    const { id, revision } = state.game;
    const seat = body.action?.player ?? state.game.view?.to_move;
    const epoch = state.epoch;
    const context = { game: this.game, path, before: state.game.view, action: body.action };
    try {
      const reply = await api("POST", `/api/games/${encodeURIComponent(id)}/${path}`, {
        ...body,
        revision,
      }, secretFor(id, seat));
      if (this.late(epoch)) return null;
      this.panel.add({ label: () => label(reply), explain: reply.explain,
                       context: { ...context, after: reply.view, action: reply.action ?? context.action } });
      setTimeout(() => this.showSeats(), 0);
      return reply;
    } catch (error) {
      if (this.late(epoch)) return null;
      this.panel.add({ label: () => label(null), explain: error.explain ?? [], refused: error.code, context });
      const reload = ["stale", "conflict", "machine_busy", "not_machine_turn"].includes(error.code);
      this.refused(error, { path, reload });
      if (reload) {
        state.busy = false;
        await this.load(id, { error, kind: "error" });
      }
      return null;
    } finally {
      if (!this.late(epoch)) state.busy = false;
      // After the caller has taken the reply: a live event for the same revision is then old.
      setTimeout(() => this.applyPending(), 0);
    }
  }

  // ---- machine seats that play by themselves (pages with epochs) --------------

  /** Whether `player` sits in a seat that is not a person's (view.seats, from Prolog). */
  isMachine(view, player) {
    return view.seats[player] !== "human";
  }

  /** What comes after a new position: machine.over(view), or the machine's next step
   *  after machine.pause ms (unless machine.autoplay() says the page is paused). */
  next() {
    const state = this.state;
    clearTimeout(state.timer);
    const view = state.game?.view;
    if (!view) return;
    if (view.over) this.machine.over?.(view);
    else if (view.machine_to_move && !this.review && this.drives() && (this.machine.autoplay?.() ?? true)) {
      const epoch = state.epoch;
      state.timer = setTimeout(() => this.machineStep(epoch), this.machine.pause);
    }
  }

  /** Play one machine step now (a paused page's Step button). */
  step() {
    clearTimeout(this.state.timer);
    return this.machineStep(this.state.epoch);
  }

  async machineStep(epoch) {
    const state = this.state;
    if (epoch !== state.epoch || !state.game) return;
    if (state.busy) {
      state.timer = setTimeout(() => this.machineStep(epoch), this.machine.pause);
      return;
    }
    const view = state.game.view;
    if (!view.machine_to_move) return;
    const mover = view.to_move;
    const reply = await this.post("machine", {}, (r) => this.machine.label(mover, r));
    if (!reply) return;
    state.message = null; // a "wait" said while the machine thought is stale now
    this.machine.took(reply, mover);
    this.next();
  }

  /** Whether this page asks the machine to play: it holds a seat of the game, or the game
   *  has no person's seat at all (a watcher's page waits for the players' pages). */
  drives() {
    const game = this.state.game;
    return Boolean(game) && (game.you?.length > 0 || !Object.keys(game.holders ?? {}).length);
  }

  /** Whether this page only watches: the game has people's seats and the page holds none
   *  (it gets no controls: the server would refuse them, 401). */
  watching() {
    const game = this.state.game;
    return Boolean(game) && !(game.you ?? []).length && Object.keys(game.holders ?? {}).length > 0;
  }

  /** Whether this page acts for `seat`: it holds it (a game without people's seats, e.g.
   *  machines only: any page). */
  playsFor(seat) {
    const game = this.state.game;
    if (!game) return false;
    return !Object.keys(game.holders ?? {}).length || (game.you ?? []).includes(seat);
  }

  /** Whether the game as it stands (not an earlier move under review) is over: a finished
   *  game is a record, and the server refuses its undo (409 game_over). */
  liveOver() {
    return Boolean((this.review?.live ?? this.state.game)?.view?.over);
  }

  /** Take back one step; against the machine, on until a human is to play.  take(reply)
   *  keeps each reply.  Between two people it asks the other (202: an undo request). */
  async undo(take) {
    clearTimeout(this.state.timer);
    const label = () => t("prolog.action.undo");
    let reply = await this.post("undo", {}, label);
    if (reply?.undo_request) {
      take(reply);
      this.say({ key: "undo.asked", kind: "info" });
      this.showUndoRequest();
      return;
    }
    while (reply && reply.plies > 0 && reply.view.machine_to_move) {
      take(reply);
      reply = await this.post("undo", {}, label);
    }
    if (reply) {
      this.say(null);
      take(reply);
    }
    this.next();
  }

  // ---- live: the game's changes as they happen -----------------------------------

  /** Read the game's event stream (GET /api/games/<id>/events, Server-Sent Events read
   *  with fetch so the seat's secret goes along); every newer revision redraws the page as
   *  a load would.  Reconnects sending the revision last seen: after a second the first
   *  time, then with a back-off (doubling, up to a minute, with jitter; at least the
   *  server's Retry-After) while the server is busy (503: it caps the live pages per
   *  address and per worker) or away, and says so on the page (.tb-live) until a stream
   *  is open again. */
  follow(id) {
    this.unfollow();
    const controller = new AbortController();
    this.stream = controller;
    const run = async () => {
      let failures = 0;
      while (!controller.signal.aborted) {
        let wait = null; // {busy, ms}: why and how long before the next try
        try {
          const headers = { Accept: "text/event-stream" };
          const secret = secretFor(id);
          if (secret) headers.Authorization = `Bearer ${secret}`;
          if (this.state.game?.id === id) headers["Last-Event-ID"] = String(this.state.game.revision);
          const response = await fetch(`/api/games/${encodeURIComponent(id)}/events`, {
            headers, signal: controller.signal,
          });
          if (!response.ok || !response.body) {
            const busy = response.status === 503;
            const after = Number(response.headers.get("Retry-After")) * 1000 || 0;
            failures += 1;
            wait = { busy, ms: Math.max(after, backOff(failures)) };
          } else {
            const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
            let buffer = "";
            for (;;) {
              const { value, done } = await reader.read();
              if (done) break;
              if (failures || this.liveNotice) {
                failures = 0;
                this.showLive(null);
              }
              buffer += value;
              let end;
              while ((end = buffer.indexOf("\n\n")) >= 0) {
                this.onEvent(id, buffer.slice(0, end));
                buffer = buffer.slice(end + 2);
              }
            }
          }
        } catch {
          if (controller.signal.aborted) return;
          failures += 1;
          wait = { busy: false, ms: backOff(failures) };
        }
        if (controller.signal.aborted) return;
        if (!wait) wait = { busy: false, ms: 1000 }; // the stream ended: at once, nearly
        else if (failures > 1 || wait.busy) this.showLive(wait);
        await new Promise((resolve) => setTimeout(resolve, wait.ms));
      }
    };
    run();
  }

  unfollow() {
    this.stream?.abort();
    this.stream = null;
    this.showLive(null);
  }

  /** Say on the page that live updates wait ({busy, ms}), or nothing (null). */
  showLive(wait) {
    this.liveNotice = wait;
    let box = document.querySelector(".tb-live");
    if (!wait) {
      if (box) box.hidden = true;
      return;
    }
    if (!box) {
      box = document.createElement("p");
      box.className = "tb-live tb-message tb-info";
      box.setAttribute("role", "status");
      $("#message").after(box);
    }
    box.hidden = false;
    box.textContent = t(wait.busy ? "live.busy" : "live.lost", { count: Math.ceil(wait.ms / 1000) });
  }

  onEvent(id, block) {
    const lines = block.split("\n");
    const field = (name) => lines.filter((line) => line.startsWith(`${name}:`))
      .map((line) => line.slice(name.length + 1).trimStart()).join("\n");
    const data = field("data");
    if (!data || this.state.game?.id !== id) return;
    if (field("event") === "presence") {
      this.present = JSON.parse(data).present;
      this.showSeats();
      return;
    }
    const reply = JSON.parse(data);
    if (reply.id !== id) return;
    this.pending = reply;
    this.applyPending();
  }

  /** A change another page made: drawn at once, or when this page's request is answered. */
  applyPending() {
    const reply = this.pending;
    const game = this.state.game;
    if (!reply || this.state.busy || !game || reply.id !== game.id) return;
    this.pending = null;
    if (reply.revision <= game.revision) return;
    if (reply.rematch?.game && !game.rematch?.game && (game.you ?? []).length) {
      this.goRematch(reply); // the opponent accepted: both pages go to the new game
      return;
    }
    this.bump();
    if (this.review) this.unsayReview();
    this.review = null;
    this.settle();
    this.loaded({ ...reply, actions: undefined }, null);
    this.showSeats();
  }

  /** The running clock shown reached zero: ask the server for the game (a read settles a
   *  loss on time), drawn as another page's change would be. */
  async askClock() {
    const game = this.state.game;
    if (!game) return;
    try {
      const reply = await api("GET", `/api/games/${encodeURIComponent(game.id)}`, undefined, secretFor(game.id));
      if (this.state.game?.id !== reply.id) return;
      this.pending = { ...reply, actions: undefined };
      this.applyPending();
    } catch {
      // the live stream or the next ask brings it
    }
  }

  // ---- seats: invitations, undo requests, whose turn in the tab's title -----------

  /** #invite=<seat>.<token> in the URL: take that seat and keep its secret; what to say
   *  about it (null without an invitation). */
  async claimInvitation(id) {
    const match = /^#invite=([^.]+)\.(.+)$/.exec(location.hash);
    if (!match) return null;
    history.replaceState(null, "", location.pathname);
    const [, seat, invitation] = match;
    try {
      const reply = await api("POST", `/api/games/${encodeURIComponent(id)}/seats/${encodeURIComponent(seat)}`,
        { invitation });
      keepSeats(id, reply.secrets);
      return { key: "seat.taken", vars: { seat }, kind: "info" };
    } catch (error) {
      return { error, kind: "error" };
    }
  }

  /** The seats line under the board: who you are, invitations, an undo request to answer;
   *  and the tab's title says when it is your turn.  A timed game's clocks too. */
  showSeats() {
    const game = this.state.game;
    this.clocks.show(this.review?.live ?? game);
    document.body.dataset.revision = game ? String(game.revision) : "";
    document.body.classList.toggle("tb-is-watching", this.watching());
    let box = document.querySelector(".tb-seats");
    if (!box) {
      box = document.createElement("div");
      box.className = "tb-seats";
      $("#message").after(box);
    }
    box.replaceChildren();
    if (!this.baseTitle) this.baseTitle = document.title;
    if (!game) {
      document.title = this.baseTitle;
      return;
    }
    const you = game.you ?? [];
    const yourTurn = !game.view.over && you.includes(game.view.to_move) && Object.keys(game.holders ?? {}).length > 1;
    document.title = yourTurn ? `${t("seat.your_turn")} · ${this.baseTitle}` : this.baseTitle;
    this.noticeChanges(game, yourTurn);
    const line = document.createElement("span");
    line.className = "tb-seats-line";
    const holders = game.holders ?? {};
    if (!you.length && Object.keys(holders).length) line.textContent = t("seat.watching");
    else if (you.length) line.textContent = t("seat.you", { seats: you.map(this.seatName).join(", ") });
    box.append(line);
    if (you.length && this.present) {
      for (const seat of Object.keys(holders).filter((s) => !you.includes(s))) {
        const here = this.present.includes(seat);
        const mark = document.createElement("span");
        mark.className = `tb-presence${here ? " tb-is-here" : ""}`;
        mark.dataset.seat = seat;
        mark.textContent = t(here ? "seat.here" : "seat.away", { seat: this.seatName(seat) });
        box.append(mark);
      }
    }
    const live = this.review?.live ?? game;
    for (const seat of you) {
      // Holding every seat of a game still to play: a friend can be invited to one.
      if (you.length < 2 || live.view?.over) break;
      const button = document.createElement("button");
      button.type = "button";
      button.className = "tb-button tb-invite";
      button.dataset.seat = seat;
      button.textContent = t("seat.invite", { seat: this.seatName(seat) });
      button.addEventListener("click", () => this.invite(seat));
      box.append(button);
    }
    this.showInvitations(box);
    this.showRematch(box);
    this.showUndoRequest();
    this.showReview();
  }

  /** Invite someone to one of your seats: the link is shown to copy (and copied where the
   *  browser lets a page write the clipboard).  It stays on the page, through every redraw
   *  of the seats line (the invitation's own live event is one), until the seat is taken. */
  async invite(seat) {
    const { id } = this.state.game;
    try {
      const reply = await api("POST", `/api/games/${encodeURIComponent(id)}/seats/${encodeURIComponent(seat)}/invite`,
        {}, secretFor(id, seat));
      const url = new URL(reply.invitations[seat], location.href).href;
      if (this.invitations?.id !== id) this.invitations = { id, links: new Map() };
      this.invitations.links.set(seat, { url, revision: reply.revision, field: null });
      this.showSeats();
      const field = this.invitations.links.get(seat)?.field;
      field?.focus();
      field?.select();
      navigator.clipboard?.writeText(url).then(() => {
        const link = this.invitations?.links.get(seat);
        if (link) link.copied = true;
        this.showSeats();
      }, () => {});
    } catch (error) {
      this.say({ error, kind: "error" });
    }
  }

  /** The invitation links this page made, each until its seat is taken: a labelled field
   *  to copy, the same element at every redraw (its selection stays). */
  showInvitations(box) {
    const game = this.state.game;
    const links = this.invitations?.id === game.id ? this.invitations.links : null;
    if (!links) return;
    for (const [seat, link] of [...links]) {
      const open = game.holders?.[seat]?.invited && (game.you ?? []).includes(seat);
      if (!open && game.revision >= link.revision) {
        links.delete(seat); // taken (or invited anew elsewhere): the link is spent
        continue;
      }
      if (!link.field) {
        const label = document.createElement("label");
        label.className = "tb-invite-box";
        label.dataset.seat = seat;
        const words = document.createElement("span");
        const field = document.createElement("input");
        field.className = "tb-invite-link";
        field.readOnly = true;
        field.value = link.url;
        field.addEventListener("focus", () => field.select());
        label.append(words, " ", field);
        link.field = field;
        link.box = label;
      }
      link.box.firstChild.textContent = t(link.copied ? "seat.link_copied" : "seat.link", { seat: this.seatName(seat) });
      box.append(link.box);
    }
  }

  /** After a finished game: a rematch, the sides swapped.  A player offers it, the other
   *  accepts or declines; made (at once when this page holds every person's seat), every
   *  player's page goes to the new game with its seats; a watcher gets a link. */
  showRematch(box) {
    const game = this.review?.live ?? this.state.game;
    if (!game?.view?.over) return;
    const you = game.you ?? [];
    const rematch = game.rematch ?? null;
    if (!rematch?.game && !you.length) return;
    const wrap = document.createElement("div");
    wrap.className = "tb-rematch";
    const button = (key, run, primary = false) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = `tb-button${primary ? " tb-primary" : ""}`;
      b.dataset.rematch = key;
      b.textContent = t(`rematch.${key}`);
      b.addEventListener("click", run);
      return b;
    };
    const words = (key, vars) => {
      const span = document.createElement("span");
      span.textContent = t(key, vars);
      return span;
    };
    if (rematch?.game) {
      this.keepRematchSeats(game);
      const link = document.createElement("a");
      link.className = "tb-button";
      link.href = `/${this.game}/${encodeURIComponent(rematch.game)}`;
      link.textContent = t("rematch.open");
      wrap.append(link);
    } else if (rematch?.offer && !you.includes(rematch.offer)) {
      wrap.append(words("rematch.offered", { seat: this.seatName(rematch.offer) }),
        button("accept", () => this.rematch({}), true),
        button("decline", () => this.rematch({ decline: true })));
    } else if (rematch?.offer) {
      wrap.append(words("rematch.waiting"));
    } else {
      wrap.append(button("offer", () => this.rematch({}), true));
    }
    box.append(wrap);
  }

  /** Offer, accept ({}) or decline ({decline: true}) a rematch of the game as it stands. */
  async rematch(body) {
    const game = this.review?.live ?? this.state.game;
    if (!game || this.state.busy) return;
    this.state.busy = true;
    try {
      const reply = await api("POST", `/api/games/${encodeURIComponent(game.id)}/rematch`,
        { ...body, revision: game.revision }, secretFor(game.id));
      this.state.busy = false;
      if (reply.rematch?.game) {
        this.goRematch(reply);
        return;
      }
      this.pending = reply;
      this.applyPending();
    } catch (error) {
      this.state.busy = false;
      this.say({ error, kind: "error" });
      if (["stale", "conflict"].includes(error.code)) await this.load(game.id);
    }
  }

  /** This browser's secrets of a game hold the seats the rematch gave them in the new one. */
  keepRematchSeats(game) {
    const { game: next, seats } = game.rematch;
    const moved = {};
    for (const [seat, secret] of Object.entries(heldSeats(game.id))) {
      if (seats?.[seat]) moved[seats[seat]] = secret;
    }
    keepSeats(next, moved);
  }

  /** Go to the rematch of a game (its seats kept first). */
  goRematch(game) {
    this.keepRematchSeats(game);
    this.unfollow();
    location.assign(`/${this.game}/${encodeURIComponent(game.rematch.game)}`);
  }

  /** The opponent asks to take back a move: Accept / Decline. */
  showUndoRequest() {
    const game = this.state.game;
    document.querySelector(".tb-undo-request")?.remove();
    if (!game?.undo_request || (game.you ?? []).includes(game.undo_request) || !(game.you ?? []).length) return;
    const box = document.createElement("div");
    box.className = "tb-undo-request";
    const text = document.createElement("span");
    text.textContent = t("undo.requested", { seat: this.seatName(game.undo_request) });
    box.append(text);
    for (const accept of [true, false]) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = `tb-button${accept ? " tb-primary" : ""}`;
      button.textContent = t(accept ? "undo.accept" : "undo.decline");
      button.addEventListener("click", async () => {
        const reply = await this.post("undo", { accept }, () => t("prolog.action.undo"));
        if (reply) this.loaded(reply, null);
        this.showSeats();
      });
      box.append(button);
    }
    document.querySelector(".tb-seats").append(box);
  }

  // ---- review: step through the game's moves ------------------------------------
  //
  // The review's steps are plies of the game: 0 (before the first action) and the ply of
  // each action that reviewStop(last) counts (every action by default; Go: its moves and
  // passes, not the scoring phase's toggles, acceptances and resumption), the last step
  // being the game as it stands (Go: the final position with the agreed dead stones and
  // the result).  Step n is "Move n"; stones are numbered the same way.

  /** Whether an action (a view's `last`; null: none) is a step of the review. */
  isStop(last) {
    return !this.reviewStop || !last || this.reviewStop(last);
  }

  /** The plies the review stops at, for a game whose actions are `lasts` (each a view's
   *  `last` or an action: {kind, ...}): 0, each counted action's ply, and the last ply
   *  (in place of the last counted one, so that the last step is the game as it stands). */
  stopsOf(lasts) {
    const stops = [0];
    lasts.forEach((last, i) => {
      if (this.isStop(last)) stops.push(i + 1);
    });
    const end = lasts.length;
    if (stops[stops.length - 1] !== end) {
      if (stops.length > 1) stops[stops.length - 1] = end;
      else stops.push(end);
    }
    return stops;
  }

  /** Keep the actions of a reply that lists them (a load, a game read from a record). */
  know(reply) {
    if (!this.reviewStop) return;
    if (Array.isArray(reply.actions)) this.known = { id: reply.id, actions: [...reply.actions] };
    else if (reply.plies === 0) this.known = { id: reply.id, actions: [] };
  }

  /** The review's stops for the live game (every ply without reviewStop); with reviewStop
   *  from the actions known, kept in step with each new view (an action more: its `last`;
   *  fewer: an undo), else fetched once (GET /api/games/<id> lists them): null meanwhile. */
  liveStops(game) {
    if (!this.reviewStop) return Array.from({ length: game.plies + 1 }, (_, i) => i);
    const known = this.known;
    const last = game.view?.last;
    if (known?.id === game.id) {
      const { actions } = known;
      if (game.plies === actions.length + 1 && last) actions.push(last);
      else if (game.plies < actions.length) actions.length = game.plies;
      if (game.plies === actions.length && (!last || actions[actions.length - 1]?.kind === last.kind)) {
        return this.stopsOf(actions);
      }
    }
    this.fetchActions(game);
    return null;
  }

  /** The number of moves of the live game as the review counts them (null: not known yet). */
  reviewTotal(game = this.state.game) {
    const stops = game ? this.liveStops(game) : null;
    return stops ? stops.length - 1 : null;
  }

  /** GET the live game's actions (once per revision), then draw the review bar again. */
  async fetchActions(game) {
    const key = `${game.id}@${game.revision}`;
    if (this.fetchingActions === key) return;
    this.fetchingActions = key;
    try {
      const reply = await api("GET", `/api/games/${encodeURIComponent(game.id)}`);
      const now = this.state.game;
      if (now?.id !== game.id || reply.revision !== now.revision) return;
      this.known = { id: game.id, actions: [...reply.actions] };
      this.showReview();
      if (this.numbersWaiting) {
        this.numbersWaiting = false;
        this.render();
      }
    } catch {
      // The bar waits for the next change of the game.
    } finally {
      if (this.fetchingActions === key) this.fetchingActions = null;
    }
  }

  /** The review bar under the board: first / back / forward / last, the move number, and the
   *  list of moves (GET /api/games/<id>/history gives the view after each). */
  showReview() {
    const game = this.state.game;
    let bar = document.querySelector(".tb-review");
    if (!bar) {
      bar = document.createElement("div");
      bar.className = "tb-review";
      document.querySelector(".tb-seats").after(bar);
    }
    bar.replaceChildren();
    if (!game || !game.plies) return;
    const stops = this.review ? this.review.stops : this.liveStops(game);
    const total = stops ? stops.length - 1 : null;
    const at = this.review ? this.review.at : total;
    const button = (name, label, target, disabled) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "tb-button tb-review-step";
      b.dataset.step = name;
      b.textContent = label;
      b.title = t(`review.${name}`);
      b.disabled = disabled;
      b.addEventListener("click", () => this.reviewAt(target));
      return b;
    };
    const live = !this.review;
    bar.append(
      button("first", "«", () => 0, at === 0),
      button("back", "‹", (end, now) => now - 1, at === 0),
      button("forward", "›", (end, now) => now + 1, live || at >= total),
      button("last", "»", (end) => end, live || at >= total),
    );
    const where = document.createElement("span");
    where.className = "tb-review-at";
    where.textContent = total === null ? "" : t("review.at", { n: at, total });
    bar.append(where);
    if (this.review) {
      const { views, moves } = this.review;
      const list = document.createElement("ol");
      list.className = "tb-moves";
      stops.slice(1).forEach((ply, i) => {
        const step = i + 1;
        const shown = moves[i] ?? ply; // the last step shows the game as it stands
        const item = document.createElement("li");
        item.className = step === at ? "tb-is-current" : "";
        item.dataset.ply = String(step);
        item.textContent = views[shown].last ? this.moveText(views[shown].last, step) : "";
        item.addEventListener("click", () => this.reviewAt(step));
        list.append(item);
      });
      bar.append(list);
      list.querySelector(".tb-is-current")?.scrollIntoView?.({ block: "nearest" });
    }
    if (this.reviewExtra) bar.append(this.reviewExtra);
  }

  /** The number of the move that last played at each point of the position shown (the
   *  review's, or the live game's), as a Map "row,col" -> move number (the review's
   *  numbering: reviewStop); posOf(last) is the point a view's `last` played ([row, col]),
   *  or null for a pass or any other action (a view's `last` or an action as stored).  The
   *  live game's numbers come from the actions the page holds (liveStops: fetched once,
   *  then kept in step with each new view), not from the game's history.  Null while they
   *  are being fetched (the page is drawn again then). */
  moveNumbers(posOf) {
    const game = this.state.game;
    if (!game) return null;
    let views;
    let upTo;
    if (this.review) {
      views = this.review.views;
      upTo = this.review.stops[this.review.at];
    } else if (this.reviewStop && this.liveStops(game)) {
      views = [null, ...this.known.actions.map((last) => ({ last }))];
      upTo = views.length - 1;
    } else if (this.reviewStop) {
      this.numbersWaiting = true; // drawn again once fetchActions has the actions
      return null;
    } else if (this.history?.id === game.id && this.history.revision === game.revision) {
      views = this.history.views;
      upTo = views.length - 1;
    } else {
      this.fetchHistory(game);
      return null;
    }
    const numbers = new Map();
    let number = 0;
    for (let ply = 1; ply <= upTo; ply++) {
      const last = views[ply]?.last;
      if (!this.isStop(last)) continue;
      number += 1;
      const pos = last ? posOf(last) : null;
      if (pos) numbers.set(pos.join(","), number);
    }
    return numbers;
  }

  /** GET the live game's history once per revision, then draw the page again. */
  async fetchHistory(game) {
    const key = `${game.id}@${game.revision}`;
    if (this.fetchingHistory === key) return;
    this.fetchingHistory = key;
    try {
      const history = await api("GET", `/api/games/${encodeURIComponent(game.id)}/history`);
      const now = this.state.game;
      if (now?.id !== game.id || now.revision !== game.revision) return;
      this.history = { id: game.id, revision: game.revision, views: history.views };
      this.render();
    } catch (error) {
      this.say({ error, kind: "error" });
    } finally {
      if (this.fetchingHistory === key) this.fetchingHistory = null;
    }
  }

  /** Show the game at a step of the review (its last: back to live play); `target` is the
   *  step, or a function (total, current step) -> step. */
  async reviewAt(target) {
    const game = this.state.game;
    if (!game || this.state.busy) return;
    this.settle();
    if (!this.review) {
      try {
        const history = await api("GET", `/api/games/${encodeURIComponent(game.id)}/history`);
        if (this.state.game !== game || this.review) return; // the game changed meanwhile
        const lasts = history.views.slice(1).map((view) => view.last);
        const stops = this.stopsOf(lasts);
        const moves = [];
        lasts.forEach((last, i) => {
          if (this.isStop(last)) moves.push(i + 1);
        });
        this.review = { views: history.views, stops, moves, live: game, at: stops.length - 1 };
        this.history = { id: game.id, revision: game.revision, views: history.views };
      } catch (error) {
        this.say({ error, kind: "error" });
        return;
      }
    }
    const total = this.review.stops.length - 1;
    const wanted = typeof target === "function" ? target(total, this.review.at) : target;
    const at = Math.max(0, Math.min(total, wanted));
    if (at === total) {
      this.state.game = this.review.live;
      this.review = null;
      this.unsayReview();
      clearTimeout(this.state.timer);
      this.render();
      this.showReview();
      this.next();
      return;
    }
    clearTimeout(this.state.timer);
    this.review.at = at;
    this.state.game = { ...this.review.live, view: this.review.views[this.review.stops[at]] };
    this.render();
    this.say({ key: "review.showing", vars: { n: at, total }, kind: "info" });
    this.showReview();
  }

  /** Back at the game as it stands: what was said about the review is over. */
  unsayReview() {
    if (["review.showing", "review.leave_first"].includes(this.state.message?.key)) this.say(null);
  }

  /** Arrow keys step through the moves (not while typing in a field). */
  reviewKey(event) {
    const game = this.state.game;
    // Not while typing in a field, nor when a board took the arrows for its cursor.
    if (!game?.plies || event.defaultPrevented || event.target.closest?.("input, textarea, select")) return;
    if (event.key === "ArrowLeft") this.reviewAt((total, at) => at - 1);
    else if (event.key === "ArrowRight" && this.review) this.reviewAt((total, at) => at + 1);
    else return;
    event.preventDefault();
  }

  // ---- asking once more: a second tap on the board, a second click on Pass or Resign --

  /** The checkbox "Confirm moves with a second tap" (#confirm-taps), above the Prolog
   *  panel: kept in localStorage; by default on where the pointer is coarse (a finger). */
  confirmSetting() {
    let saved = null;
    try {
      saved = localStorage.getItem(CONFIRM_KEY);
    } catch {
      // Storage disabled: the pointer decides, for this page only.
    }
    this.confirming = saved === null ? matchMedia("(pointer: coarse)").matches : saved === "1";
    const label = document.createElement("label");
    label.className = "tb-confirm-setting";
    const box = document.createElement("input");
    box.type = "checkbox";
    box.id = "confirm-taps";
    box.checked = this.confirming;
    box.addEventListener("change", () => {
      this.confirming = box.checked;
      if (!box.checked) this.clearTap(true);
      try {
        localStorage.setItem(CONFIRM_KEY, box.checked ? "1" : "0");
      } catch {
        // Not kept across reloads.
      }
    });
    const text = document.createElement("span");
    text.dataset.i18n = "confirm.setting";
    text.textContent = t("confirm.setting");
    label.append(box, " ", text);
    const panel = $("#prolog-panel");
    if (panel) panel.before(label);
    else document.querySelector("main")?.append(label);
  }

  /** The checkbox "Sound and notification on my turn" (#notify-turn), beside the one
   *  above: off by default, kept in localStorage; turning it on asks the browser's leave to
   *  notify (a page in another tab is told by a notification, any page by a short sound). */
  notifySetting() {
    let saved = null;
    try {
      saved = localStorage.getItem(NOTIFY_KEY);
    } catch {
      // Storage disabled: off.
    }
    this.notifying = saved === "1";
    const label = document.createElement("label");
    label.className = "tb-confirm-setting tb-notify-setting";
    const box = document.createElement("input");
    box.type = "checkbox";
    box.id = "notify-turn";
    box.checked = this.notifying;
    box.addEventListener("change", () => {
      this.notifying = box.checked;
      if (box.checked) {
        this.sound(); // made here, in the click, so the browser lets it play later
        if (window.Notification?.permission === "default") window.Notification.requestPermission().catch(() => {});
      }
      try {
        localStorage.setItem(NOTIFY_KEY, box.checked ? "1" : "0");
      } catch {
        // Not kept across reloads.
      }
    });
    const text = document.createElement("span");
    text.dataset.i18n = "notify.setting";
    text.textContent = t("notify.setting");
    label.append(box, " ", text);
    const confirm = document.querySelector(".tb-confirm-setting");
    if (confirm) confirm.after(label);
    else document.querySelector("main")?.append(label);
  }

  /** What became this page's to answer since the last change of the same game (its turn,
   *  the opponent's undo request or rematch offer): said by a sound and a notification
   *  when the setting is on.  Nothing on the first load. */
  noticeChanges(game, yourTurn) {
    const you = game.you ?? [];
    const now = new Set();
    if (yourTurn) now.add("turn");
    if (game.undo_request && you.length && !you.includes(game.undo_request)) now.add("undo");
    const offer = game.rematch?.offer;
    if (offer && !game.rematch.game && you.length && !you.includes(offer)) now.add("rematch");
    const before = this.noticed?.id === game.id ? this.noticed.kinds : null;
    this.noticed = { id: game.id, kinds: now };
    if (!before || !this.notifying) return;
    const fresh = [...now].find((kind) => !before.has(kind));
    if (fresh) this.notice(fresh);
  }

  notice(kind) {
    this.sound();
    document.body.dataset.noticed = kind;
    if (document.hidden && window.Notification?.permission === "granted") {
      try {
        new window.Notification(t(`notify.${kind}`), { body: this.baseTitle, tag: `tablero-${this.game}` });
      } catch {
        // Some browsers notify only from a service worker: the sound and the title say it.
      }
    }
  }

  /** A short two-note chime (Web Audio, no file). */
  sound() {
    const Context = window.AudioContext ?? window.webkitAudioContext;
    if (!Context) return;
    try {
      this.audio ??= new Context();
      const at = this.audio.currentTime;
      [660, 880].forEach((frequency, i) => {
        const tone = this.audio.createOscillator();
        const gain = this.audio.createGain();
        tone.frequency.value = frequency;
        gain.gain.setValueAtTime(0.0001, at + i * 0.15);
        gain.gain.exponentialRampToValueAtTime(0.2, at + i * 0.15 + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, at + i * 0.15 + 0.14);
        tone.connect(gain).connect(this.audio.destination);
        tone.start(at + i * 0.15);
        tone.stop(at + i * 0.15 + 0.15);
      });
    } catch {
      // No sound: the title and the notification still say it.
    }
  }

  /** A move asked for on the board, under the key `key` (e.g. "move:3,4"): with the setting
   *  off, play() at once; else the first tap shows it (show()), a second tap with the same
   *  key plays it, and a tap with another key moves the pending mark there.  Returns what
   *  play() returns, or null when it only showed the move. */
  tap(key, { show, clear = () => {} }, play) {
    if (!this.confirming) return play();
    if (this.tapped?.key === key) {
      this.clearTap();
      return play();
    }
    this.clearTap();
    this.tapped = { key, clear };
    show();
    // A phone has no Escape key: its hint does not offer one.
    this.say({ key: matchMedia("(pointer: coarse)").matches ? "confirm.again_touch" : "confirm.again", kind: "info" });
    return null;
  }

  /** Forget a move awaiting its second tap (and its mark); `said`: clear the hint too. */
  clearTap(said = false) {
    const tapped = this.tapped;
    if (!tapped) return;
    this.tapped = null;
    tapped.clear();
    if (said && ["confirm.again", "confirm.again_touch"].includes(this.state.message?.key)) this.say(null);
  }

  /** A button that asks once more: its first click turns its text into t(questionKey)
   *  ("Really resign?") for a few seconds, with a Cancel button beside it; a click then
   *  runs run().  Cancel, the time running out or a change of the game put it back. */
  askTwice(button, questionKey, run) {
    button.addEventListener("click", () => {
      if (button.disabled) return;
      if (this.armed.has(button)) {
        this.disarm(button);
        run();
      } else {
        this.arm(button, questionKey);
      }
    });
  }

  arm(button, questionKey) {
    for (const other of [...this.armed.keys()]) this.disarm(other);
    const cancel = document.createElement("button");
    cancel.type = "button";
    cancel.className = "tb-button tb-confirm-cancel";
    cancel.dataset.i18n = "confirm.cancel";
    cancel.textContent = t("confirm.cancel");
    cancel.addEventListener("click", () => this.disarm(button));
    button.after(cancel);
    button.classList.add("tb-is-asking");
    button.textContent = t(questionKey);
    const timer = setTimeout(() => this.disarm(button), ARMED_MS);
    this.armed.set(button, { questionKey, timer, cancel });
  }

  disarm(button) {
    const armed = this.armed.get(button);
    if (!armed) return;
    this.armed.delete(button);
    clearTimeout(armed.timer);
    armed.cancel.remove();
    button.classList.remove("tb-is-asking");
    if (button.dataset.i18n) button.textContent = t(button.dataset.i18n);
  }

  /** The game changed (loaded, another page's move, a review step): nothing stays asked. */
  settle() {
    this.clearTap();
    for (const button of [...this.armed.keys()]) this.disarm(button);
  }

  // ---- the page's frame --------------------------------------------------------

  /** /<game>/<id>: load it; /<game>: the new-game form (reset() forgets page state). */
  route(reset = () => {}) {
    const state = this.state;
    const id = this.idFromPath();
    if (id) {
      $("#new-game-form").hidden = true;
      this.say({ key: `${this.game}.loading`, kind: "info" });
      this.load(id);
    } else {
      this.bump();
      this.unfollow();
      this.settle();
      this.review = null;
      state.game = null;
      this.showSeats();
      reset();
      this.panel.clear();
      this.render();
      this.showForm();
      this.say(null);
    }
  }

  /** The New game button, Cancel, the form's submit (formOptions() gives the options),
   *  and the browser's Back and Forward (route()). */
  wireForm(formOptions, route) {
    if (this.offersClock && !$("#clock")) {
      const form = $("#new-game-form");
      form.insertBefore(clockField(true, this.offersByoyomi), form.querySelector(".tb-form-buttons"));
    }
    $("#new-game").addEventListener("click", () => {
      const form = $("#new-game-form");
      if (form.hidden) {
        setClockSetting(this.state.game?.clock ?? null); // set like the game shown (its setting)
        this.showForm();
      }
      else if (this.state.game) form.hidden = true;
    });
    $("#cancel").addEventListener("click", () => {
      $("#new-game-form").hidden = true;
    });
    $("#new-game-form").addEventListener("submit", async (event) => {
      event.preventDefault();
      if (await this.newGame(formOptions())) $("#new-game-form").hidden = true;
    });
    window.addEventListener("popstate", route);
  }
}
