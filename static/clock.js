// clock.js: a game's clock on the page.  The server keeps the time (app/clocks.py,
// prolog/clock.pl); a reply or live event carries the game's `clock`: its setting (`kind`:
// fischer {main, increment}, absolute {main}, byoyomi {main, periods, period}, correspondence
// {days}; seconds), left: seat -> ms left when the running clock started (byo-yomi: of the
// main time, with periods_left: seat -> periods left), running, since, deadline, flag, now:
// the server's instant.  The page counts the running clock down from that (left - (now -
// since), then its own elapsed time since the clock arrived), so it never trusts the
// device's own time of day and drifts at most until the next event; shown() is
// prolog/clock.pl's clock_shown/4 on the page.  When the clock it shows reaches zero (the
// last period's, on byo-yomi) it asks the server (onZero): the server settles the loss on
// time, and every page hears of it.
//
//   clockField(ids, byoyomi): the new-game form's clock choice: none, the presets of each
//     kind by name (Fischer, absolute, byo-yomi where `byoyomi`, correspondence), custom;
//   syncClockField(field): the custom fields the chosen kind has shown, the others hidden;
//   clockSetting(): the choice as the API takes it, {kind, ...} or null;
//   setClockSetting(setting): the form set to a game's clock;
//   new ClockView(seatName, onZero).show(game): both seats' clocks, ticking.

import { addStrings, onLangChange, t } from "./i18n.js";

addStrings({
  en: {
    "clock.label": "Clock",
    "clock.none": "No clock",
    "clock.kind.fischer": "Fischer (seconds added a move)",
    "clock.kind.absolute": "Absolute (sudden death)",
    "clock.kind.byoyomi": "Byo-yomi (main time, then periods)",
    "clock.kind.correspondence": "Correspondence (days a move)",
    "clock.name.fischer": "Fischer",
    "clock.name.absolute": "Absolute",
    "clock.name.byoyomi": "Byo-yomi",
    "clock.name.correspondence": "Correspondence",
    "clock.preset": "{main} + {increment} s",
    "clock.preset.absolute": "{main} absolute",
    "clock.preset.byoyomi": "{main} + {periods} × {period} s byo-yomi",
    "clock.preset.correspondence": "{days} days a move",
    "clock.preset.correspondence_one": "1 day a move",
    "clock.custom": "Custom…",
    "clock.kind": "Kind",
    "clock.main": "Minutes each",
    "clock.increment": "Seconds added a move",
    "clock.periods": "Periods",
    "clock.period": "Seconds a period",
    "clock.days": "Days a move",
    "clock.clocks": "Clocks",
    "clock.of": "{seat}'s clock",
    "clock.low": "{seat}: {seconds} seconds left",
    "clock.low_hours": "{seat}: {hours} hours left to move",
    "clock.last_period": "{seat}: last period",
    "clock.flag": "{seat} lost on time",
    "clock.periods_left": "periods: {periods} × {period} s",
    "clock.day_hours": "{days} d {hours} h",
    "clock.hours_minutes": "{hours} h {minutes} min",
    "clock.setting": "Fischer: {main} + {increment} s a move",
    "clock.setting.absolute": "Absolute: {main}, no time added",
    "clock.setting.byoyomi": "Byo-yomi: {main}, then {periods} × {period} s",
    "clock.setting.correspondence": "Correspondence: {days} days a move",
    "clock.setting.correspondence_one": "Correspondence: 1 day a move",
  },
  es: {
    "clock.label": "Reloj",
    "clock.none": "Sin reloj",
    "clock.kind.fischer": "Fischer (segundos sumados por jugada)",
    "clock.kind.absolute": "Absoluto (muerte súbita)",
    "clock.kind.byoyomi": "Byo-yomi (tiempo principal, luego periodos)",
    "clock.kind.correspondence": "Por correspondencia (días por jugada)",
    "clock.name.fischer": "Fischer",
    "clock.name.absolute": "Absoluto",
    "clock.name.byoyomi": "Byo-yomi",
    "clock.name.correspondence": "Por correspondencia",
    "clock.preset": "{main} + {increment} s",
    "clock.preset.absolute": "{main} absoluto",
    "clock.preset.byoyomi": "{main} + {periods} × {period} s byo-yomi",
    "clock.preset.correspondence": "{days} días por jugada",
    "clock.preset.correspondence_one": "1 día por jugada",
    "clock.custom": "Otro…",
    "clock.kind": "Tipo",
    "clock.main": "Minutos cada uno",
    "clock.increment": "Segundos sumados por jugada",
    "clock.periods": "Periodos",
    "clock.period": "Segundos por periodo",
    "clock.days": "Días por jugada",
    "clock.clocks": "Relojes",
    "clock.of": "Reloj de {seat}",
    "clock.low": "{seat}: quedan {seconds} segundos",
    "clock.low_hours": "{seat}: quedan {hours} horas para jugar",
    "clock.last_period": "{seat}: último periodo",
    "clock.flag": "{seat} perdió por tiempo",
    "clock.periods_left": "periodos: {periods} × {period} s",
    "clock.day_hours": "{days} d {hours} h",
    "clock.hours_minutes": "{hours} h {minutes} min",
    "clock.setting": "Fischer: {main} + {increment} s por jugada",
    "clock.setting.absolute": "Absoluto: {main}, sin tiempo sumado",
    "clock.setting.byoyomi": "Byo-yomi: {main}, luego {periods} × {period} s",
    "clock.setting.correspondence": "Por correspondencia: {days} días por jugada",
    "clock.setting.correspondence_one": "Por correspondencia: 1 día por jugada",
  },
});

/** The kinds of clock, in the form's order (byo-yomi only where the game offers it). */
export const KINDS = ["fischer", "absolute", "byoyomi", "correspondence"];
/** The presets of each kind, as the select's values: Fischer "main+increment", absolute
 *  "main", byo-yomi "main+periodsxperiod" (seconds), correspondence "daysd". */
const PRESETS = {
  fischer: ["180+2", "300+3", "600+5", "900+10"],
  absolute: ["300", "600", "1800"],
  byoyomi: ["600+3x30", "1200+5x30", "1800+5x60"],
  correspondence: ["1d", "2d", "3d", "7d"],
};
/** A clock shows low time at or under this many ms (or a quarter of its main time if less). */
const LOW_MS = 20000;
const HOUR = 3600000;
const DAY = 24 * HOUR;

const $ = (selector) => document.querySelector(selector);

function node(tag, attrs = {}, text) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, value);
  if (text !== undefined) el.textContent = text;
  return el;
}

/** A select's value as the API's setting ({kind, ...}), null for none or custom. */
function parseValue(value) {
  let m;
  if ((m = /^(\d+)\+(\d+)$/.exec(value))) return { kind: "fischer", main: +m[1], increment: +m[2] };
  if ((m = /^(\d+)$/.exec(value))) return { kind: "absolute", main: +m[1] };
  if ((m = /^(\d+)\+(\d+)x(\d+)$/.exec(value))) {
    return { kind: "byoyomi", main: +m[1], periods: +m[2], period: +m[3] };
  }
  if ((m = /^(\d+)d$/.exec(value))) return { kind: "correspondence", days: +m[1] };
  return null;
}

/** A setting as a select's value (parseValue's inverse). */
function valueOf(setting) {
  switch (setting.kind ?? "fischer") {
    case "absolute": return `${setting.main}`;
    case "byoyomi": return `${setting.main}+${setting.periods}x${setting.period}`;
    case "correspondence": return `${setting.days}d`;
    default: return `${setting.main}+${setting.increment}`;
  }
}

/** Minutes as the custom field takes them (0.5, 1, 10). */
const minutes = (seconds) => Math.round((seconds / 60) * 10000) / 10000;

/** A main time in words: "5 min", "45 s", "1 min 30 s". */
function duration(seconds) {
  if (seconds % 60 === 0 && seconds > 0) return `${seconds / 60} min`;
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** A setting in words: `prefix` "clock.preset" (an option) or "clock.setting" (the game's). */
function settingText(setting, prefix) {
  const kind = setting.kind ?? "fischer";
  const vars = { ...setting, main: duration(setting.main ?? 0) };
  if (kind === "fischer") return t(prefix, vars);
  if (kind === "correspondence" && setting.days === 1) return t(`${prefix}.correspondence_one`);
  return t(`${prefix}.${kind}`, vars);
}

/** The form's clock: a select (none, each kind's presets in a group named for the kind,
 *  custom) and, for custom, the kind and its numbers; named clock, clock-kind, clock-main,
 *  clock-increment, clock-periods, clock-period, clock-days, and with `ids` (a game page's
 *  one form) those ids too.  Byo-yomi is offered where `byoyomi` (Go). */
export function clockField(ids = true, byoyomi = false) {
  const kinds = KINDS.filter((kind) => kind !== "byoyomi" || byoyomi);
  const wrap = node("div", { class: "tb-clock-field" });
  const label = node("label");
  label.append(node("span", { "data-i18n": "clock.label" }, t("clock.label")));
  const named = (name) => (ids ? { id: name, name } : { name });
  const select = node("select", named("clock"));
  select.append(node("option", { value: "none", "data-i18n": "clock.none" }, t("clock.none")));
  for (const kind of kinds) {
    const group = node("optgroup", { label: t(`clock.kind.${kind}`), "data-i18n-label": `clock.kind.${kind}` });
    for (const value of PRESETS[kind]) group.append(node("option", { value, class: "tb-clock-preset" }));
    select.append(group);
  }
  select.append(node("option", { value: "custom", "data-i18n": "clock.custom" }, t("clock.custom")));
  label.append(" ", select);
  const custom = node("div", { class: "tb-clock-custom" });
  custom.hidden = true;
  const kindLabel = node("label");
  const kindSelect = node("select", named("clock-kind"));
  for (const kind of kinds) {
    kindSelect.append(node("option", { value: kind, "data-i18n": `clock.name.${kind}` }, t(`clock.name.${kind}`)));
  }
  kindLabel.append(node("span", { "data-i18n": "clock.kind" }, t("clock.kind")), " ", kindSelect);
  custom.append(kindLabel);
  const number = (id, key, forKinds, attrs) => {
    const l = node("label", { "data-kinds": forKinds });
    l.append(node("span", { "data-i18n": key }, t(key)), " ",
      node("input", { ...named(id), type: "number", inputmode: "decimal", ...attrs }));
    return l;
  };
  custom.append(
    number("clock-main", "clock.main", "fischer absolute byoyomi", { min: "0", max: "180", step: "any", value: "5" }),
    number("clock-increment", "clock.increment", "fischer", { min: "0", max: "600", step: "1", value: "3" }),
    number("clock-periods", "clock.periods", "byoyomi", { min: "1", max: "30", step: "1", value: "3" }),
    number("clock-period", "clock.period", "byoyomi", { min: "1", max: "3600", step: "1", value: "30" }),
    number("clock-days", "clock.days", "correspondence", { min: "1", max: "30", step: "1", value: "3" }),
  );
  select.addEventListener("change", () => syncClockField(wrap));
  kindSelect.addEventListener("change", () => syncClockField(wrap));
  wrap.append(label, custom);
  presetTexts(wrap);
  syncClockField(wrap);
  return wrap;
}

/** The presets' words, in the page's language. */
function presetTexts(root = document) {
  for (const option of root.querySelectorAll("option.tb-clock-preset")) {
    option.textContent = settingText(parseValue(option.value), "clock.preset");
  }
}
onLangChange(() => presetTexts());

/** Show the custom fields when the choice is custom, those of its kind only. */
export function syncClockField(field) {
  const custom = field.querySelector(".tb-clock-custom");
  custom.hidden = field.querySelector('[name="clock"]').value !== "custom";
  const kind = field.querySelector('[name="clock-kind"]').value;
  for (const label of custom.querySelectorAll("[data-kinds]")) {
    label.hidden = !label.dataset.kinds.split(" ").includes(kind);
  }
}

/** The clock chosen in a form (the page's by default): {kind, ...} in whole seconds (or
 *  days), or null for none. */
export function clockSetting(form = $("#new-game-form")) {
  const field = (name) => form?.querySelector(`[name="${name}"]`);
  const select = field("clock");
  if (!select || select.value === "none") return null;
  if (select.value !== "custom") return parseValue(select.value);
  const kind = field("clock-kind").value;
  const whole = (name, least) => Math.max(least, Math.round(Number(field(name).value) || 0));
  const main = Math.max(kind === "byoyomi" ? 0 : 1, Math.round(Number(field("clock-main").value) * 60) || 0);
  switch (kind) {
    case "absolute": return { kind, main };
    case "byoyomi": return { kind, main, periods: whole("clock-periods", 1), period: whole("clock-period", 1) };
    case "correspondence": return { kind, days: whole("clock-days", 1) };
    default: return { kind: "fischer", main, increment: whole("clock-increment", 0) };
  }
}

/** Set the form's clock to a game's setting (null: none). */
export function setClockSetting(setting) {
  const select = $("#clock");
  if (!select) return;
  const value = setting ? valueOf(setting) : "none";
  const preset = [...select.options].some((o) => o.value === value);
  select.value = preset ? value : "custom";
  if (!preset && setting) {
    const kind = setting.kind ?? "fischer";
    const kindSelect = $("#clock-kind");
    if ([...kindSelect.options].some((o) => o.value === kind)) kindSelect.value = kind;
    if (setting.main !== undefined) $("#clock-main").value = String(minutes(setting.main));
    for (const key of ["increment", "periods", "period", "days"]) {
      if (setting[key] !== undefined) $(`#clock-${key}`).value = String(setting[key]);
    }
  }
  syncClockField(select.closest(".tb-clock-field"));
}

/** ms as the clock shows it: h:mm:ss, m:ss, and tenths under ten seconds. */
function clockText(ms) {
  const left = Math.max(0, ms);
  if (left < 10000) return `0:0${(Math.floor(left / 100) / 10).toFixed(1)}`;
  const seconds = Math.ceil(left / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** ms of a correspondence game: days and hours, hours and minutes, then as clockText. */
function daysText(ms) {
  const left = Math.max(0, ms);
  if (left >= DAY) {
    const hours = Math.floor(left / HOUR);
    return t("clock.day_hours", { days: Math.floor(hours / 24), hours: hours % 24 });
  }
  if (left >= HOUR) {
    const mins = Math.floor(left / 60000);
    return t("clock.hours_minutes", { hours: Math.floor(mins / 60), minutes: mins % 60 });
  }
  return clockText(left);
}

/** Both seats' clocks of a timed game, above the page's side panel, and the clock's
 *  setting by name: the running one highlighted and counting down (byo-yomi: the main time,
 *  then the period running, with the periods left under it), low time marked (and said once
 *  in a polite live region), a fallen flag shown; onZero() when the running clock shown
 *  reaches zero. */
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
        one.append(node("span", { class: "tb-clock-name" }), " ", node("b", { class: "tb-clock-time" }),
          node("small", { class: "tb-clock-periods" }));
        box.append(one);
      }
      box.append(node("p", { class: "tb-clock-kind" }),
        node("p", { class: "tb-clock-note tb-visually-hidden", "aria-live": "polite" }));
      box.dataset.seats = seats.join(",");
    }
    for (const one of box.querySelectorAll(".tb-clock")) {
      const seat = one.dataset.seat;
      one.setAttribute("aria-label", t("clock.of", { seat: this.seatName(seat) }));
      one.querySelector(".tb-clock-name").textContent = this.seatName(seat);
    }
    const kind = clock.kind ?? "fischer";
    box.dataset.kind = kind;
    box.querySelector(".tb-clock-kind").textContent = settingText(clock, "clock.setting");
    this.tick();
    if (clock.running && !clock.flag && !this.timer) this.timer = setInterval(() => this.tick(), 100);
    if ((!clock.running || clock.flag) && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  /** `seat`'s clock now, as the server's clock counts it (prolog/clock.pl's clock_shown/4):
   *  {left: ms shown, total: ms until its flag falls} and, byo-yomi, {periods: periods left
   *  (counting the one running), byoyomi: whether the main time is gone}. */
  shown(seat) {
    const clock = this.clock;
    const left = clock.left[seat];
    const elapsed = clock.running === seat && !clock.flag
      ? Math.max(0, clock.now - clock.since + performance.now() - this.at) : 0;
    if (clock.flag === seat) return { left: 0, total: 0, periods: 0, byoyomi: true };
    if (clock.kind !== "byoyomi") return { left: left - elapsed, total: left - elapsed };
    const periods = clock.periods_left[seat];
    const period = clock.period * 1000;
    const total = left + periods * period - elapsed;
    if (elapsed < left) return { left: left - elapsed, total, periods, byoyomi: false };
    const over = elapsed - left;
    const still = periods - Math.floor(over / period);
    if (still <= 0) return { left: 0, total: 0, periods: 0, byoyomi: true };
    return { left: period - (over % period), total, periods: still, byoyomi: true };
  }

  /** Whether a seat's clock, as shown, is low; what to say of it once (null: nothing). */
  low(shown, name) {
    const clock = this.clock;
    if (clock.kind === "correspondence") {
      const low = Math.min(12 * HOUR, clock.days * DAY / 4);
      return shown.left <= low && t("clock.low_hours", { seat: name, hours: Math.ceil(shown.left / HOUR) });
    }
    if (clock.kind === "byoyomi") {
      return shown.byoyomi && shown.periods <= 1 && t("clock.last_period", { seat: name });
    }
    const low = Math.min(LOW_MS, clock.main * 250);
    return shown.left <= low && t("clock.low", { seat: name, seconds: Math.ceil(shown.left / 1000) });
  }

  tick() {
    const clock = this.clock;
    const box = document.querySelector(".tb-clocks");
    if (!clock || !box) return;
    for (const one of box.querySelectorAll(".tb-clock")) {
      const seat = one.dataset.seat;
      const shown = this.shown(seat);
      const name = this.seatName(seat);
      one.querySelector(".tb-clock-time").textContent =
        clock.kind === "correspondence" ? daysText(shown.left) : clockText(shown.left);
      one.querySelector(".tb-clock-periods").textContent = clock.kind === "byoyomi"
        ? t("clock.periods_left", { periods: shown.periods, period: clock.period }) : "";
      const running = clock.running === seat && !clock.flag;
      const low = this.low(shown, name);
      one.classList.toggle("tb-clock-running", running);
      one.classList.toggle("tb-clock-low", Boolean(low));
      one.classList.toggle("tb-clock-byoyomi", Boolean(shown.byoyomi));
      one.classList.toggle("tb-clock-flag", clock.flag === seat);
      if (running && low && !this.said.has(seat) && shown.total > 0) {
        this.said.add(seat);
        box.querySelector(".tb-clock-note").textContent = low;
      }
      if (clock.flag === seat) {
        box.querySelector(".tb-clock-note").textContent = t("clock.flag", { seat: name });
      }
      if (running && shown.total <= 0 && performance.now() - this.asked > 1000) {
        this.asked = performance.now();
        this.onZero();
      }
    }
  }
}
