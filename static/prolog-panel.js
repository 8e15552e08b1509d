// prolog-panel.js: the collapsible "Prolog" panel.  For each action it lists the queries
// the rules ran and their answers (the API's `explain`: [{query, answer}]), newest first,
// refused actions included, so a student can paste a query into swipl and see the same.
// Above the list, the console (prolog-console.js) answers a goal the student types about
// the position.
//
//   const panel = new PrologPanel(document.querySelector("#prolog-panel"));  // a <details>
//   panel.add({ label: () => "Black D4", explain, refused: null | "suicide" });

import { onLangChange, t } from "./i18n.js";
import { PrologConsole } from "./prolog-console.js";

const OPEN_KEY = "tablero.prolog-open";
const MAX_ENTRIES = 200;

function node(tag, className, text) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

export class PrologPanel {
  constructor(details) {
    this.details = details;
    this.entries = [];
    details.classList.add("prolog-panel");
    const summary = node("summary", "prolog-summary");
    this.title = node("span", "prolog-title");
    this.count = node("span", "prolog-count");
    summary.append(this.title, this.count);
    this.hint = node("p", "prolog-hint");
    this.list = node("ol", "prolog-log");
    details.replaceChildren(summary);
    try {
      this.console = new PrologConsole(details);
    } catch (error) {
      console.error("The Prolog console could not start", error);  // the log still works
    }
    details.append(this.hint, this.list);
    try {
      details.open = localStorage.getItem(OPEN_KEY) === "1";
    } catch {
      // Storage disabled: the panel starts closed.
    }
    details.addEventListener("toggle", () => {
      try {
        localStorage.setItem(OPEN_KEY, details.open ? "1" : "0");
      } catch {
        // Not remembered; nothing else depends on it.
      }
    });
    onLangChange(() => this.render());
    this.render();
  }

  /** Log one action: label() gives its name in the current language. */
  add({ label, explain = [], refused = null }) {
    this.entries.unshift({ label, explain, refused });
    this.entries.length = Math.min(this.entries.length, MAX_ENTRIES);
    this.render();
  }

  clear() {
    this.entries = [];
    this.render();
  }

  render() {
    this.title.textContent = t("prolog.title");
    this.count.textContent = this.entries.length ? `(${this.entries.length})` : "";
    this.hint.textContent = this.entries.length ? t("prolog.hint") : t("prolog.empty");
    this.list.replaceChildren(...this.entries.map((entry) => this.item(entry)));
  }

  item({ label, explain, refused }) {
    const li = node("li", refused ? "prolog-entry prolog-is-refused" : "prolog-entry");
    const head = node("div", "prolog-action", label());
    if (refused) head.append(" ", node("span", "prolog-badge", `${t("prolog.refused")}: ${refused}`));
    li.append(head);
    if (!explain.length) li.append(node("div", "prolog-none", t("prolog.no_query")));
    for (const { query, answer } of explain) {
      const falseAnswer = /^false\b/.test(answer);
      li.append(
        node("code", "prolog-query", `?- ${query}.`),
        node("div", falseAnswer ? "prolog-answer prolog-is-false" : "prolog-answer", answer),
      );
    }
    return li;
  }
}
