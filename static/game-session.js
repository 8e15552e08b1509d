// game-session.js: the shell of every game page.  A page says how to draw and how a click
// becomes an action; the rest is here.  The page keeps its own `state` (its own fields;
// the session adds game: the last reply, busy, message, timer and epoch) and draws it; the
// session
// reads the game's id from the path, loads (GET /api/games/<id>) and creates games (POST
// /api/games, then pushState/replaceState), keeps the seat secrets the server hands out
// (api.js) and sends them, posts an action (its reply carrying only what changed in the
// view: view-delta.js), a machine step (the same) or an undo with the revision it was made
// against, reloads the game on a 409 stale/conflict, follows the game's live
// changes (GET /api/games/<id>/events?delta=1: each change as what it changed in the view
// when it follows the revision the page holds) so another player's move appears by itself, takes
// a seat from an invitation link, shows undo requests to answer, feeds the Prolog panel
// the `explain` of replies and refusals, shows messages in #message, and runs the machine
// seats' turns with a pause (view.machine_to_move; only in a page that holds a seat).
// Three concerns live in files of their own and are mixed into GameSession at the end:
// session-seats.js (the seats line, invitations, rematch, undo requests), session-review.js
// (the review bar, move numbers) and session-habits.js (the second tap, asking twice, the
// turn notice).
//
//   const session = new GameSession("go", state, { panel, render, take, showForm });
//   session.start({ formOptions });           // the language, the form, Undo, the URL's game
//   ... a click: if (!session.blocked()) session.act(action, label);
//
// A page whose new-game form holds an "Open record" file input (#record-file) opens one
// of our game records there (a tournament's games/NNN.json): openRecord().
//
// The page's take(reply, mover, action) keeps a reply and draws it (mover and action: who
// played what, when this page or the machine played; none after a load or an undo); the
// session calls it for every new position (loaded, made, played, the machine's, undone) and
// says the page's status(view) after it.  Every load and new game bumps state.epoch and a
// late answer to an older request is dropped (the machine loop needs it; `epochs: false`
// turns it off).
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

import { api, keepSeats, secretFor } from "./api.js";
import { ClockView, clockField, clockSetting, setClockSetting } from "./clock.js";
import { loadComputers } from "./difficulty.js";
import { errorText, hasText, onLangChange, setupLangToggle, t } from "./i18n.js";
import { habitMethods } from "./session-habits.js";
import { reviewMethods } from "./session-review.js";
import { seatMethods } from "./session-seats.js";
import { StudentRules, textDrawer } from "./student-rules.js";
import { applyDelta } from "./view-delta.js";

const $ = (selector) => document.querySelector(selector);

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
   *   take(reply, mover, action): keep a reply and draw it (see the top of this file);
   *   status(view): what a new position says (default: nothing; Go: "Black passed");
   *   wait(view): what a click on the machine's turn says (default: "<game>.wait");
   *   loaded(reply, message): a game was loaded (message: what to say, or null; default:
   *     take it, say the message or its status, and the machine's next step);
   *   created(reply): a new game was made (the URL and the panel are done; default: take
   *     it, say nothing, and the machine's next step);
   *   refused(error, {path, reload}): a POST was refused (reload: the game is reloaded
   *     next; otherwise the page says why);
   *   createFailed(error): after a new game was refused and said;
   *   errorText(error): a refusal in words; fallback(): the message when none is set;
   *   seatName(seat): a seat ("b", "0", ...) in words for the seats line;
   *   moveText(last, ply): a move (a view's `last`) in words for the review's move list;
   *   machine: {pause, label(mover, reply|null), took(reply, mover), over(view), autoplay()}
   *     for pages whose machine seats play by themselves (see next(); autoplay() false
   *     pauses them, step() plays one step; took defaults to taking the reply with the
   *     machine's action, and its status);
   *   reviewExtra: a node kept at the end of the review bar (Go's "Move numbers");
   *   reviewStop(last): whether an action (a view's `last`) is a step of the review and is
   *     numbered (default: every action; Go: moves and passes, as its SGF record counts);
   *   clock: true for a page whose new-game form offers a clock (games of two players);
   *   student: the game's drawer of a position for the box of a student's rules
   *     (student-rules.js, `tablero serve --rules`; default: each position's Prolog text).
   */
  constructor(game, state, options) {
    this.game = game;
    this.state = state;
    for (const [key, value] of Object.entries({ game: null, busy: false, message: null, timer: 0, epoch: 0 })) {
      if (!(key in state)) state[key] = value;
    }
    this.panel = options.panel;
    this.epochs = options.epochs ?? true;
    // Every redraw the session asks for says first which move the board shows to the box
    // of a student's rules (a review step's verdict is the one shown).
    const render = options.render;
    this.render = () => {
      this.student?.showing(this.review ? this.review.stops[this.review.at] : null);
      render();
    };
    this.showForm = options.showForm;
    this.take = options.take ?? (() => this.render());
    this.status = options.status ?? (() => null);
    this.waitMessage = options.wait ?? (() => ({ key: `${game}.wait`, kind: "info" }));
    this.loaded = options.loaded ?? ((reply, message) => this.show(reply, message ?? undefined));
    this.created = options.created ?? ((reply) => this.show(reply, null));
    this.refused = options.refused ?? ((error) => this.say({ error, kind: "error" }));
    this.createFailed = options.createFailed ?? (() => {});
    this.errorText = options.errorText ?? errorText;
    this.fallback = options.fallback ?? (() => null);
    this.machine = options.machine ? { took: (reply, mover) => this.taken(reply, mover, reply.action), ...options.machine }
      : null;
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
    this.clocks = new ClockView((seat) => this.seatName(seat), () => this.askGame());
    //  Served with a student's rules (`tablero serve --rules GAME=FILE.pl`): their verdict
    //  on every move, kept with the game, in a box after #message (hidden otherwise); the
    //  session hands it every reply and refusal before the page draws.
    this.student = new StudentRules($("#message"), () => this.render(), (ply) => this.reviewPly(ply),
      options.student ?? textDrawer);
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
      this.student.game(reply);
      this.loaded(reply, message ?? claimed);
      this.showSeats();
      this.follow(id);
    } catch (error) {
      if (this.late(epoch)) return;
      this.state.game = null;
      this.student.game(null);
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
      const clock = this.offersClock && extra.sgf === undefined && extra.record === undefined
        ? clockSetting() : null;
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
      this.student.game(reply);
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
      if (reply.view_delta) {
        // What changed since the view the page held at `revision`: the view after it
        // (view-delta.js); should the reply not follow that revision, the whole game.
        reply.view = context.before && reply.revision === revision + 1
          ? applyDelta(context.before, reply.view_delta)
          : (await api("GET", `/api/games/${encodeURIComponent(id)}`, undefined,
                       secretFor(id, seat))).view;
        if (this.late(epoch)) return null;
      }
      this.panel.add({ label: () => label(reply), explain: reply.explain,
                       context: { ...context, after: reply.view, action: reply.action ?? context.action } });
      setTimeout(() => this.showSeats(), 0);
      this.student.game(reply, reply.student ?? null);
      return reply;
    } catch (error) {
      if (this.late(epoch)) return null;
      this.panel.add({ label: () => label(null), explain: error.explain ?? [], refused: error.code, context });
      const reload = ["stale", "conflict", "machine_busy", "not_machine_turn"].includes(error.code);
      this.student.refused(error.detail?.student, error.detail?.student_verdicts);
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

  /** A new position from the server: taken (the page keeps and draws it) and said
   *  (`message`; undefined: the page's status of it, null: nothing). */
  taken(reply, mover = null, action = null, message = undefined) {
    this.take(reply, mover, action);
    this.say(message === undefined ? this.status(reply.view) : message);
  }

  /** A game loaded or made, or another page's change: taken, said, then the machine's
   *  next step. */
  show(reply, message = undefined) {
    this.taken(reply, null, null, message);
    this.next();
  }

  /** Play `action` for the player to move (or its `player`): posted, then taken with its
   *  status, then the machine's next step; the reply, or null when refused (said by
   *  refused()).  label(reply | null) names it in the Prolog panel. */
  async act(action, label) {
    const mover = action.player ?? this.state.game?.view?.to_move ?? null;
    const reply = await this.post("actions", { action, delta: true }, label);
    if (!reply) return null;
    this.taken(reply, mover, action);
    this.next();
    return reply;
  }

  /** Whether a click on the board cannot act now, having said why: the game over, a
   *  machine to move (the page's wait(), also while it thinks), a person's turn at a seat
   *  this page does not hold (a watcher's page, or another player's turn: nothing is sent,
   *  the server would refuse it), or, with nothing said, no game or a request in flight. */
  blocked() {
    const view = this.state.game?.view;
    if (!view) return true;
    if (view.over) {
      this.say({ error: { code: "game_over" }, kind: "error" });
      return true;
    }
    if (view.machine_to_move) {
      this.say(this.waitMessage(view));
      return true;
    }
    if (!this.playsFor(String(view.to_move))) {
      this.say(this.othersTurn(view));
      return true;
    }
    return this.state.busy;
  }

  /** The message for a person's turn at a seat this page does not hold. */
  othersTurn(view) {
    if (this.watching()) return { key: "seat.watching", kind: "info" };
    return { key: "seat.their_turn", vars: { seat: this.seatName(String(view.to_move)) }, kind: "info" };
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
    const reply = await this.post("machine", { delta: true }, (r) => this.machine.label(mover, r));
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
   *  keeps each reply (default: the page's take).  Between two people it asks the other
   *  (202: an undo request). */
  async undo(take = (reply) => this.take(reply)) {
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
          const response = await fetch(`/api/games/${encodeURIComponent(id)}/events?delta=1`, {
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
    if (reply.view_delta) {
      // What changed since the revision before (the stream was asked ?delta=1): the view
      // after it from the live view this page holds (view-delta.js), else the whole game.
      const live = this.review?.live ?? game;
      if (reply.revision !== live.revision + 1 || !live.view) {
        this.askGame();
        return;
      }
      reply.view = applyDelta(live.view, reply.view_delta);
      delete reply.view_delta;
    }
    if (reply.rematch?.game && !game.rematch?.game && (game.you ?? []).length) {
      this.goRematch(reply); // the opponent accepted: both pages go to the new game
      return;
    }
    this.bump();
    if (this.review) this.unsayReview();
    this.review = null;
    this.settle();
    this.student.game(reply);
    this.loaded({ ...reply, actions: undefined }, null);
    this.showSeats();
  }

  /** Ask the server for the game, drawn as another page's change would be: the running
   *  clock shown reached zero (a read settles a loss on time), or a stream's delta does not
   *  follow the revision this page holds. */
  async askGame() {
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

  /** The game changed (loaded, another page's move, a review step): nothing stays asked. */
  settle() {
    this.clearTap();
    for (const button of [...this.armed.keys()]) this.disarm(button);
  }

  // ---- the page's frame --------------------------------------------------------

  /** /<game>/<id>: load it; /<game>: the new-game form (reset() forgets page state), with a
   *  person in every seat from the index's "Play a friend" (?play=friend: friendsSeats()). */
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
      this.student.game(null);
      this.showSeats();
      reset();
      this.panel.clear();
      this.render();
      if (new URLSearchParams(location.search).get("play") === "friend") friendsSeats();
      this.showForm();
      this.say(null);
    }
  }

  /** Start the page: the language button (a switch redraws; language() redraws what else
   *  it changes), the new-game form and Back and Forward (wireForm; formOptions() gives the
   *  form's options, reset() forgets the page's own state on /<game>), the Undo button
   *  (#undo: undo(), default: take back a step while no request is in flight), the
   *  difficulties' words once the catalog is read (difficulty.js), and the game in the URL. */
  start({ formOptions, reset = () => {}, language = () => {}, undo } = {}) {
    setupLangToggle($("#lang"));
    onLangChange(() => {
      language();
      this.render();
    });
    $("#undo")?.addEventListener("click", undo ?? (() => {
      if (!this.state.busy && this.state.game) this.undo();
    }));
    const route = () => this.route(reset);
    this.wireForm(formOptions, route);
    loadComputers().then(() => {
      language();
      this.render();
    });
    route();
  }

  /** Open the new-game form (Cancel only where a game is shown). */
  openForm() {
    $("#new-game-form").hidden = false;
    $("#cancel").hidden = !this.state.game;
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
    const recordFile = $("#record-file");
    if (recordFile) recordFile.addEventListener("change", (event) => this.openRecord(event));
  }

  /** The form's "Open record" file (#record-file): one of our game records (what `tablero
   *  tournament` writes in games/NNN.json: game, options, actions) sent as a new game
   *  ({record}), every action judged by the rules; it opens at its last position and the
   *  review bar steps through its actions. */
  async openRecord(event) {
    const input = event.target;
    const file = input.files?.[0];
    if (!file || this.state.busy) return;
    this.say({ key: "record.reading", vars: { name: file.name }, kind: "info" });
    const text = await file.text();
    input.value = ""; // the same file chosen again is read again
    let record;
    try {
      record = JSON.parse(text);
    } catch {
      record = null;
    }
    if (!record || typeof record !== "object" || !Array.isArray(record.actions)) {
      this.say({ key: "record.unreadable", vars: { name: file.name }, kind: "error" });
      return;
    }
    if (!(await this.newGame({}, { record }))) return;
    $("#new-game-form").hidden = true;
    const count = this.reviewTotal() ?? this.state.game.plies;
    this.say({ key: "record.opened", vars: { name: file.name, count }, kind: "info" });
  }
}

/** The new-game form reached by "Play a friend" (/<game>?play=friend, the index's link):
 *  every seat the form gives the machine is a person's instead (a seat left empty stays
 *  empty), so that Start makes a game with a seat to invite a friend to.  Each select
 *  changed says so ("change"), for what the page shows beside it (Go's level). */
function friendsSeats() {
  for (const select of document.querySelectorAll("#new-game-form select")) {
    const kinds = [...select.options].map((option) => option.value);
    if (kinds.includes("human") && !["human", "none"].includes(select.value)) {
      select.value = "human";
      select.dispatchEvent(new Event("change", { bubbles: true }));
    }
  }
}

// The page's seats, its review bar and a person's habits: GameSession's methods kept in
// files of their own (session-seats.js, session-review.js, session-habits.js).
Object.assign(GameSession.prototype, seatMethods, reviewMethods, habitMethods);
