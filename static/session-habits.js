// session-habits.js: what a person sets once and the page keeps (GameSession's methods,
// mixed in by game-session.js): "Confirm moves with a second tap" (tap(), clearTap()),
// buttons that ask twice (askTwice(): Pass, Resign), and "Sound and notification when it
// is my turn" (noticeChanges(), notice(), sound()).  `this` is the page's GameSession.

import { t } from "./i18n.js";

const $ = (selector) => document.querySelector(selector);
const CONFIRM_KEY = "tablero.confirmMoves";
const NOTIFY_KEY = "tablero.notify"; // "1": a sound and a notification when it becomes your turn
const ARMED_MS = 5000; // how long Pass or Resign waits for the second click

export const habitMethods = {
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
  },

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
  },

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
  },

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
  },

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
  },

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
  },

  /** Forget a move awaiting its second tap (and its mark); `said`: clear the hint too. */
  clearTap(said = false) {
    const tapped = this.tapped;
    if (!tapped) return;
    this.tapped = null;
    tapped.clear();
    if (said && ["confirm.again", "confirm.again_touch"].includes(this.state.message?.key)) this.say(null);
  },

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
  },

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
  },

  disarm(button) {
    const armed = this.armed.get(button);
    if (!armed) return;
    this.armed.delete(button);
    clearTimeout(armed.timer);
    armed.cancel.remove();
    button.classList.remove("tb-is-asking");
    if (button.dataset.i18n) button.textContent = t(button.dataset.i18n);
  },
};
