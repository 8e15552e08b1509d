// session-review.js: stepping through a game (GameSession's methods, mixed in by
// game-session.js): the review bar (first, back, forward, last, the arrow keys), one step
// per action or per counted action (Go counts moves and passes only), and the move numbers
// of the position shown.  `this` is the page's GameSession.

import { api } from "./api.js";
import { t } from "./i18n.js";

export const reviewMethods = {
  /** Whether an action (a view's `last`; null: none) is a step of the review. */
  isStop(last) {
    return !this.reviewStop || !last || this.reviewStop(last);
  },

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
  },

  /** Keep the actions of a reply that lists them (a load, a game read from a record). */
  know(reply) {
    if (!this.reviewStop) return;
    if (Array.isArray(reply.actions)) this.known = { id: reply.id, actions: [...reply.actions] };
    else if (reply.plies === 0) this.known = { id: reply.id, actions: [] };
  },

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
  },

  /** The number of moves of the live game as the review counts them (null: not known yet). */
  reviewTotal(game = this.state.game) {
    const stops = game ? this.liveStops(game) : null;
    return stops ? stops.length - 1 : null;
  },

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
  },

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
  },

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
  },

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
  },

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
  },

  /** Review the game at the move that made ply `ply` (the step whose position follows
   *  it): a disagreement picked in the box of a student's rules. */
  reviewPly(ply) {
    this.reviewAt(() => {
      const stops = this.review?.stops ?? [];
      const step = stops.findIndex((stop) => stop >= ply);
      return step < 0 ? stops.length - 1 : step;
    });
  },

  /** Back at the game as it stands: what was said about the review is over. */
  unsayReview() {
    if (["review.showing", "review.leave_first"].includes(this.state.message?.key)) this.say(null);
  },

  /** Arrow keys step through the moves (not while typing in a field). */
  reviewKey(event) {
    const game = this.state.game;
    // Not while typing in a field, nor when a board took the arrows for its cursor.
    if (!game?.plies || event.defaultPrevented || event.target.closest?.("input, textarea, select")) return;
    if (event.key === "ArrowLeft") this.reviewAt((total, at) => at - 1);
    else if (event.key === "ArrowRight" && this.review) this.reviewAt((total, at) => at + 1);
    else return;
    event.preventDefault();
  },

  // ---- asking once more: a second tap on the board, a second click on Pass or Resign --
};
