// clock.js: a game's Fischer clock on the page.  The server keeps the time (app/clocks.py,
// prolog/clock.pl); a reply or live event carries the game's `clock`: {main, increment,
// left: seat -> ms left when the running clock started, running, since, deadline, flag, now:
// the server's instant}.  The page counts the running clock down from that (left - (now -
// since), then its own elapsed time since the clock arrived), so it never trusts the
// device's own time of day and drifts at most until the next event.  When the clock it
// shows reaches zero it asks the server (onZero): the server settles the loss on time,
// and every page hears of it.
//
//   clockField(): the new-game form's clock choice (none, presets, custom);
//   clockSetting(): the choice as the API takes it, {main, increment} or null;
//   setClockSetting(setting): the form set to a game's clock;
//   new ClockView(seatName, onZero).show(game): both seats' clocks, ticking.

import { addStrings, t } from "./i18n.js";

addStrings({
  en: {
    "clock.label": "Clock",
    "clock.none": "No clock",
    "clock.preset": "{main} min + {increment} s",
    "clock.custom": "Custom…",
    "clock.main": "Minutes each",
    "clock.increment": "Seconds added a move",
    "clock.clocks": "Clocks",
    "clock.of": "{seat}'s clock",
    "clock.low": "{seat}: {seconds} seconds left",
    "clock.flag": "{seat} lost on time",
    "clock.setting": "Clock: {main} min + {increment} s a move",
  },
  es: {
    "clock.label": "Reloj",
    "clock.none": "Sin reloj",
    "clock.preset": "{main} min + {increment} s",
    "clock.custom": "Otro…",
    "clock.main": "Minutos cada uno",
    "clock.increment": "Segundos sumados por jugada",
    "clock.clocks": "Relojes",
    "clock.of": "Reloj de {seat}",
    "clock.low": "{seat}: quedan {seconds} segundos",
    "clock.flag": "{seat} perdió por tiempo",
    "clock.setting": "Reloj: {main} min + {increment} s por jugada",
  },
});

/** The presets: [main seconds, increment seconds]. */
export const PRESETS = [[180, 2], [300, 3], [600, 5], [900, 10]];
/** A clock shows low time at or under this many ms (or a quarter of its main time if less). */
const LOW_MS = 20000;

const $ = (selector) => document.querySelector(selector);

function node(tag, attrs = {}, text) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, value);
  if (text !== undefined) el.textContent = text;
  return el;
}

/** The form's clock: a select (none, the presets, custom) and, for custom, the minutes and
 *  the seconds added a move; named clock, clock-main and clock-increment, and with `ids`
 *  (a game page's one form) those ids too. */
export function clockField(ids = true) {
  const wrap = node("div", { class: "tb-clock-field" });
  const label = node("label");
  label.append(node("span", { "data-i18n": "clock.label" }, t("clock.label")));
  const named = (name) => (ids ? { id: name, name } : { name });
  const select = node("select", named("clock"));
  select.append(node("option", { value: "none", "data-i18n": "clock.none" }, t("clock.none")));
  for (const [main, increment] of PRESETS) {
    select.append(node("option", { value: `${main}+${increment}` },
      t("clock.preset", { main: main / 60, increment })));
  }
  select.append(node("option", { value: "custom", "data-i18n": "clock.custom" }, t("clock.custom")));
  label.append(" ", select);
  const custom = node("div", { class: "tb-clock-custom" });
  custom.hidden = true;
  const number = (id, key, attrs) => {
    const l = node("label");
    l.append(node("span", { "data-i18n": key }, t(key)), " ",
      node("input", { ...named(id), type: "number", inputmode: "decimal", ...attrs }));
    return l;
  };
  custom.append(number("clock-main", "clock.main", { min: "0.05", max: "180", step: "any", value: "5" }),
    number("clock-increment", "clock.increment", { min: "0", max: "600", step: "1", value: "3" }));
  select.addEventListener("change", () => {
    custom.hidden = select.value !== "custom";
  });
  wrap.append(label, custom);
  return wrap;
}

/** The clock chosen in a form (the page's by default): {main, increment} in whole seconds,
 *  or null for none. */
export function clockSetting(form = $("#new-game-form")) {
  const field = (name) => form?.querySelector(`[name="${name}"]`);
  const select = field("clock");
  if (!select || select.value === "none") return null;
  if (select.value !== "custom") {
    const [main, increment] = select.value.split("+").map(Number);
    return { main, increment };
  }
  const main = Math.max(1, Math.round(Number(field("clock-main").value) * 60));
  const increment = Math.max(0, Math.round(Number(field("clock-increment").value) || 0));
  return { main, increment };
}

/** Set the form's clock to a game's ({main, increment}; null: none). */
export function setClockSetting(setting) {
  const select = $("#clock");
  if (!select) return;
  const value = setting ? `${setting.main}+${setting.increment}` : "none";
  const preset = [...select.options].some((o) => o.value === value);
  select.value = preset ? value : "custom";
  select.closest(".tb-clock-field").querySelector(".tb-clock-custom").hidden = select.value !== "custom";
  if (!preset && setting) {
    $("#clock-main").value = String(setting.main / 60);
    $("#clock-increment").value = String(setting.increment);
  }
}

/** ms as the clock shows it: h:mm:ss, m:ss, and tenths under ten seconds. */
export function clockText(ms) {
  const left = Math.max(0, ms);
  if (left < 10000) return `0:0${(Math.floor(left / 100) / 10).toFixed(1)}`;
  const seconds = Math.ceil(left / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** Both seats' clocks of a timed game, above the page's side panel: the running one
 *  highlighted and counting down, low time marked (and said once in a polite live region),
 *  a fallen flag shown; onZero() when the running clock shown reaches zero. */
export class ClockView {
  constructor(seatName, onZero) {
    this.seatName = seatName;
    this.onZero = onZero;
    this.clock = null; // the clock shown, as it came
    this.at = 0; // performance.now() when it came
    this.timer = null;
    this.asked = 0; // when onZero was last called (at most once a second)
    this.said = new Set(); // seats whose low time was said, for this clock's turn
  }

  box() {
    let box = document.querySelector(".tb-clocks");
    if (!box) {
      box = node("div", { class: "tb-clocks", role: "group" });
      const side = $("#message")?.closest("section") ?? $("main");
      side.prepend(box);
    }
    box.setAttribute("aria-label", t("clock.clocks"));
    return box;
  }

  /** Show the clocks of `game` (a reply or event: its `clock`, `view`), or none. */
  show(game) {
    const clock = game?.clock ?? null;
    if (!clock) {
      this.clock = null;
      clearInterval(this.timer);
      this.timer = null;
      document.querySelector(".tb-clocks")?.remove();
      return;
    }
    if (clock !== this.clock) {
      if (clock.since !== this.clock?.since || clock.running !== this.clock?.running) this.said.clear();
      this.clock = clock;
      this.at = performance.now();
    }
    const box = this.box();
    const seats = Object.keys(clock.left);
    if (box.dataset.seats !== seats.join(",")) {
      box.replaceChildren();
      for (const seat of seats) {
        const one = node("div", { class: "tb-clock", "data-seat": seat, role: "timer" });
        one.append(node("span", { class: "tb-clock-name" }), " ", node("b", { class: "tb-clock-time" }));
        box.append(one);
      }
      box.append(node("p", { class: "tb-clock-note tb-visually-hidden", "aria-live": "polite" }));
      box.dataset.seats = seats.join(",");
    }
    for (const one of box.querySelectorAll(".tb-clock")) {
      const seat = one.dataset.seat;
      one.setAttribute("aria-label", t("clock.of", { seat: this.seatName(seat) }));
      one.querySelector(".tb-clock-name").textContent = this.seatName(seat);
    }
    box.title = t("clock.setting", { main: clock.main / 60, increment: clock.increment });
    this.tick();
    if (clock.running && !clock.flag && !this.timer) this.timer = setInterval(() => this.tick(), 100);
    if ((!clock.running || clock.flag) && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  /** ms left for `seat` now, as the server's clock counts it. */
  left(seat) {
    const clock = this.clock;
    const left = clock.left[seat];
    if (clock.running !== seat || clock.flag) return left;
    return left - (clock.now - clock.since) - (performance.now() - this.at);
  }

  tick() {
    const clock = this.clock;
    const box = document.querySelector(".tb-clocks");
    if (!clock || !box) return;
    const low = Math.min(LOW_MS, clock.main * 250);
    for (const one of box.querySelectorAll(".tb-clock")) {
      const seat = one.dataset.seat;
      const ms = clock.flag === seat ? 0 : this.left(seat);
      one.querySelector(".tb-clock-time").textContent = clockText(ms);
      const running = clock.running === seat && !clock.flag;
      one.classList.toggle("tb-clock-running", running);
      one.classList.toggle("tb-clock-low", ms <= low);
      one.classList.toggle("tb-clock-flag", clock.flag === seat);
      if (running && ms <= low && !this.said.has(seat) && ms > 0) {
        this.said.add(seat);
        box.querySelector(".tb-clock-note").textContent =
          t("clock.low", { seat: this.seatName(seat), seconds: Math.ceil(ms / 1000) });
      }
      if (clock.flag === seat) {
        box.querySelector(".tb-clock-note").textContent = t("clock.flag", { seat: this.seatName(seat) });
      }
      if (running && ms <= 0 && performance.now() - this.asked > 1000) {
        this.asked = performance.now();
        this.onZero();
      }
    }
  }
}
