// game-session.js: the plumbing every game page shares.  A page keeps its own `state`
// ({game, busy, message, timer, epoch, ...}) and draws it; the session reads the game's id
// from the path, loads (GET /api/games/<id>) and creates games (POST /api/games, then
// pushState/replaceState), posts an action, a machine step or an undo with the version it
// was made against, reloads the game on a 409 stale/conflict, feeds the Prolog panel the
// `explain` of replies and refusals, shows messages in #message, and (for pages whose
// machine seats play by themselves) runs the machine's turns with a pause.
//
//   const session = new GameSession("go", state, { panel, render, showForm, loaded, created });
//
// With `epochs: true` every load and new game bumps state.epoch and a late answer to an
// older request is dropped; the machine loop needs it.

import { api } from "./api.js";
import { errorText, t } from "./i18n.js";

const $ = (selector) => document.querySelector(selector);

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
   *   machine: {pause, label(mover, reply|null), took(reply, mover), over(view)} for pages
   *     whose machine seats play by themselves (see next()).
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

  /** Load a game; another game's id goes to that game's page. */
  async load(id, message = null) {
    const epoch = this.bump();
    try {
      const reply = await api("GET", `/api/games/${encodeURIComponent(id)}`);
      if (this.late(epoch)) return;
      if (reply.game !== this.game) {
        location.replace(`/${reply.game}/${encodeURIComponent(reply.id)}`);
        return;
      }
      this.loaded(reply, message);
    } catch (error) {
      if (this.late(epoch)) return;
      this.state.game = null;
      this.render();
      this.showForm();
      this.say({ error, kind: "error" });
    }
  }

  /** Make a new game and go to its URL; whether it was made.  Without epochs a new game
   *  waits for the request in flight (false at once while busy). */
  async newGame(options) {
    const state = this.state;
    if (!this.epochs && state.busy) return false;
    const epoch = this.bump();
    state.busy = true;
    try {
      const reply = await api("POST", "/api/games", { game: this.game, options });
      if (this.late(epoch)) return false;
      const url = `/${this.game}/${encodeURIComponent(reply.id)}`;
      if (this.idFromPath()) history.pushState(null, "", url);
      else history.replaceState(null, "", url);
      this.panel.clear();
      this.panel.add({ label: () => t("prolog.action.new"), explain: reply.explain });
      state.busy = false;
      this.created(reply);
      return true;
    } catch (error) {
      this.say({ error, kind: "error" });
      this.createFailed(error);
      return false;
    } finally {
      if (!this.late(epoch)) state.busy = false;
    }
  }

  /** POST to the current game with its version (one request at a time); the reply, or
   *  null when refused (said, and in the Prolog panel; a stale page reloads the game).
   *  label(reply | null) names the request in the panel. */
  async post(path, body, label) {
    const state = this.state;
    if (state.busy || !state.game) return null;
    state.busy = true;
    const { id, version } = state.game;
    const epoch = state.epoch;
    try {
      const reply = await api("POST", `/api/games/${encodeURIComponent(id)}/${path}`, {
        ...body,
        version,
      });
      if (this.late(epoch)) return null;
      this.panel.add({ label: () => label(reply), explain: reply.explain });
      return reply;
    } catch (error) {
      if (this.late(epoch)) return null;
      this.panel.add({ label: () => label(null), explain: error.explain ?? [], refused: error.code });
      const reload = error.code === "stale" || error.code === "conflict";
      this.refused(error, { path, reload });
      if (reload) {
        state.busy = false;
        await this.load(id, { error, kind: "error" });
      }
      return null;
    } finally {
      if (!this.late(epoch)) state.busy = false;
    }
  }

  // ---- machine seats that play by themselves (pages with epochs) --------------

  isMachine(view, player) {
    return view.players[player] === "machine";
  }

  /** What comes after a new position: machine.over(view), or the machine's next step
   *  after machine.pause ms. */
  next() {
    const state = this.state;
    clearTimeout(state.timer);
    const view = state.game?.view;
    if (!view) return;
    if (view.over) this.machine.over?.(view);
    else if (this.isMachine(view, view.to_move)) {
      const epoch = state.epoch;
      state.timer = setTimeout(() => this.machineStep(epoch), this.machine.pause);
    }
  }

  async machineStep(epoch) {
    const state = this.state;
    if (epoch !== state.epoch || !state.game) return;
    if (state.busy) {
      state.timer = setTimeout(() => this.machineStep(epoch), this.machine.pause);
      return;
    }
    const view = state.game.view;
    if (view.over || !this.isMachine(view, view.to_move)) return;
    const mover = view.to_move;
    const reply = await this.post("machine", {}, (r) => this.machine.label(mover, r));
    if (!reply) return;
    state.message = null; // a "wait" said while the machine thought is stale now
    this.machine.took(reply, mover);
    this.next();
  }

  /** Take back one step; against the machine, on until a human is to play.  take(reply)
   *  keeps each reply. */
  async undo(take) {
    clearTimeout(this.state.timer);
    const label = () => t("prolog.action.undo");
    let reply = await this.post("undo", {}, label);
    while (reply && reply.version > 0 && this.isMachine(reply.view, reply.view.to_move)) {
      take(reply);
      reply = await this.post("undo", {}, label);
    }
    if (reply) {
      this.say(null);
      take(reply);
    }
    this.next();
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
      state.game = null;
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
    $("#new-game").addEventListener("click", () => {
      const form = $("#new-game-form");
      if (form.hidden) this.showForm();
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
