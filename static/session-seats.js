// session-seats.js: who sits where, as a game page shows it (GameSession's methods, mixed
// in by game-session.js): the seats line under the board (who you are, whether the others
// are here, invitations to hand a friend), the rematch offer and its answer, and an undo
// request to answer.  `this` is the page's GameSession.

import { api, heldSeats, keepSeats, secretFor } from "./api.js";
import { t } from "./i18n.js";

const $ = (selector) => document.querySelector(selector);

export const seatMethods = {
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
  },

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
  },

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
  },

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
  },

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
  },

  /** This browser's secrets of a game hold the seats the rematch gave them in the new one. */
  keepRematchSeats(game) {
    const { game: next, seats } = game.rematch;
    const moved = {};
    for (const [seat, secret] of Object.entries(heldSeats(game.id))) {
      if (seats?.[seat]) moved[seats[seat]] = secret;
    }
    keepSeats(next, moved);
  },

  /** Go to the rematch of a game (its seats kept first). */
  goRematch(game) {
    this.keepRematchSeats(game);
    this.unfollow();
    location.assign(`/${this.game}/${encodeURIComponent(game.rematch.game)}`);
  },

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
  },

  // ---- review: step through the game's moves ------------------------------------
  //
  // The review's steps are plies of the game: 0 (before the first action) and the ply of
  // each action that reviewStop(last) counts (every action by default; Go: its moves and
  // passes, not the scoring phase's toggles, acceptances and resumption), the last step
  // being the game as it stands (Go: the final position with the agreed dead stones and
  // the result).  Step n is "Move n"; stones are numbered the same way.
};
