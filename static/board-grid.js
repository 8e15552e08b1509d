// board-grid.js: a square grid board drawn in SVG (Go 9x9 to 19x19, GoRoGo 5x5, ...).
//
// The board format, written down once: `board` is an array of rows from the top, each a
// string or an array of one-character cells: "b" a black stone, "w" a white stone, "-"
// or "." empty; any other cell is a piece of the page's own (see drawPiece), else empty.
// Positions are [row, col], 0-based from the top-left, the same as the rules' [R, C].
//
// The component draws what it is given and reports clicks; it never judges a rule, and a
// page never edits its DOM (Shudan's way: what to draw comes in as data and options):
//
//   const grid = new GridBoard(element, { coordinates: true, label: "Go board" });
//   grid.on("click", (event, [row, col]) => ...);
//   grid.render({ board, last: [r, c] | null, owner: rows | null, hover: "b" | "w" | null,
//                 marks: [...] | null, numbers: Map | null, label });
//
// Constructor options (all optional):
//   coordinates: true        draw the labels around the board;
//   coordLabels: {col(c, size), row(r, size)}   their text; by default GTP's, columns
//                            A-T without I and rows numbered from the bottom (GoRoGo
//                            gives String(c) and String(r): 0-4 from the top-left);
//   starPoints: true | false | [[r, c], ...]   the hoshi (true: the usual ones);
//   drawPiece(cell, {radius, unit})   an SVG node for a cell other than "b", "w" and empty
//                            (GoRoGo's Henge, "h"), drawn where a stone goes; null: empty;
//   label: the board's aria-label (render's `label` replaces it).
//
// For assistive technology the board is an application (role="application", described as
// a "board"): it takes the keyboard (arrows move a cursor, Enter or Space plays there) and
// each move of the cursor is said in a polite live region beside it (.grid-announce:
// "D4: black stone"; coordLabels name the point, a page's cells are named by the i18n keys
// board.cell.<cell>).
//
// Render arguments: `hover` is the piece a click would ask for ("b", "w" or a page's own
// kind: the ghost on an empty point under the pointer gets data-hover's CSS; null: none).
// `marks` is a list of {pos: [row, col], point, shape, class, data}, redrawn every render
// (a mark that stays the same keeps its node, so its CSS animation runs once): `point`
// names classes for the point's <g> (e.g. a legal point); `shape` "spot" draws a small
// dot under the pieces, "stone" a stone-sized circle over them (e.g. a captured stone
// fading away), as <circle class="grid-mark grid-mark-<shape> <class>" data-<key>=value
// for each key of `data`>.  setPending(row, col, kind) shows the ghost of `kind` ("b",
// "w" or the page's) awaiting the server's answer, with class grid-pending-<kind>.
// setProposal(row, col, kind) shows the ghost of a move awaiting its confirming second tap
// (classes grid-proposed grid-proposed-<kind>, and a dashed ring <circle class=
// "grid-proposal">); it stays across renders until clearProposal() or a piece fills the point.
// `numbers` (a Map "row,col" -> n) draws n on the piece at each such point, as <text
// class="grid-number" data-number=n> inside the point's <g> (which gets grid-numbered); a
// point without a piece shows none.  CSS gives white text on black stones, black on white.
//
// DOM for tests and styling: <svg class="grid-board" data-size=N data-hover>, one
// <g class="grid-point" data-row data-col data-cell="-|b|w|<page cell>"> per point; a
// stone is <circle class="stone black grid-piece" data-stone="b">, a page's piece its
// drawPiece node with class grid-piece; the last move's point has class grid-is-last;
// owner shading is <rect class="grid-owner" data-owner="b|w"> per point.  Colours are
// CSS custom properties (--grid-*) in tablero.css.

import { hasText, t } from "./i18n.js";

const NS = "http://www.w3.org/2000/svg";
const UNIT = 100; // one cell, in viewBox units
const STONE_RADIUS = 0.47 * UNIT;
const LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"; // GTP: no I
const STONES = { b: "black", w: "white" };
const EMPTY = new Set(["-", ".", " ", ""]);
const SHAPES = { spot: 0.11 * UNIT, stone: STONE_RADIUS };
let instances = 0;

/** GTP's column letter for col (A-T, no I). */
function columnLetter(col) {
  return LETTERS[col] ?? "?";
}

/** GTP's name for [row, col] on a board of `size`, e.g. "D4" (numbers from the bottom). */
export function vertexName(size, [row, col]) {
  return `${columnLetter(col)}${size - row}`;
}

/** The usual star points (hoshi) of a Go board of `size`: corners, centre, and sides from 15. */
export function starPoints(size) {
  if (size < 7) return [];
  const near = size >= 13 ? 3 : 2;
  const far = size - 1 - near;
  const points = [[near, near], [near, far], [far, near], [far, far]];
  if (size % 2 === 1) {
    const mid = (size - 1) / 2;
    points.push([mid, mid]);
    if (size >= 15) points.push([near, mid], [mid, near], [mid, far], [far, mid]);
  }
  return points;
}

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

function cellAt(board, row, col) {
  const cell = board[row]?.[col] ?? "-";
  return EMPTY.has(cell) ? "-" : cell;
}

/** The classes of a space-separated string, none for null. */
function classList(names) {
  return names ? names.split(/\s+/).filter(Boolean) : [];
}

export class GridBoard {
  constructor(container, options = {}) {
    this.container = container;
    this.options = { coordinates: true, starPoints: true, label: "", ...options };
    this.handlers = { click: [] };
    this.size = 0;
    this.id = `grid${++instances}`;
    this.cursor = null;
    this.pending = null;
    this.proposal = null; // {point, classes, ring}: a move awaiting its second tap
  }

  /** Listen to "click": fn(event, [row, col]). */
  on(event, fn) {
    this.handlers[event].push(fn);
  }

  emit(event, payload) {
    for (const fn of this.handlers[event]) fn(event, payload);
  }

  /** Draw the board state {board, last, owner, hover, marks, label}; rebuilds only what
   *  changed. */
  render({ board, last = null, owner = null, hover = null, marks = null, numbers = null, label = null }) {
    if (board.length !== this.size) this.build(board.length);
    if (label) this.svg.setAttribute("aria-label", label);
    this.svg.setAttribute("aria-roledescription", t("board.role"));
    for (let row = 0; row < this.size; row++) {
      for (let col = 0; col < this.size; col++) this.setCell(row, col, cellAt(board, row, col));
    }
    this.setLast(last);
    this.setOwner(owner);
    this.setMarks(marks ?? []);
    this.setNumbers(numbers);
    this.svg.dataset.hover = hover ?? "";
    this.clearPending();
    if (this.proposal?.point.dataset.cell !== "-") this.clearProposal();
  }

  /** Show the ghost of `kind` at [row, col] as a move awaiting a confirming second tap;
   *  kept across renders until clearProposal() or a piece fills the point. */
  setProposal(row, col, kind) {
    this.clearProposal();
    const point = this.point(row, col);
    if (!point || point.dataset.cell !== "-") return;
    const classes = ["grid-proposed", `grid-proposed-${kind}`];
    point.classList.add(...classes);
    const ring = el("circle", { class: "grid-proposal", r: STONE_RADIUS });
    point.appendChild(ring);
    this.proposal = { point, classes, ring };
  }

  clearProposal() {
    if (!this.proposal) return;
    this.proposal.point.classList.remove(...this.proposal.classes);
    this.proposal.ring.remove();
    this.proposal = null;
  }

  /** Number the pieces: numbers is a Map "row,col" -> n (null: none); redrawn only where
   *  the number or the piece changed. */
  setNumbers(numbers) {
    for (let row = 0; row < this.size; row++) {
      for (let col = 0; col < this.size; col++) {
        const g = this.point(row, col);
        const n = g.dataset.cell === "-" ? undefined : numbers?.get(`${row},${col}`);
        const text = g.querySelector(".grid-number");
        if (text && text.dataset.number === String(n) && text.dataset.cell === g.dataset.cell) continue;
        text?.remove();
        g.classList.toggle("grid-numbered", n !== undefined);
        if (n === undefined) continue;
        const label = el("text", { class: "grid-number", "data-number": n, "data-cell": g.dataset.cell }, g);
        label.textContent = String(n);
        if (n >= 100) label.classList.add("grid-number-long");
      }
    }
  }

  /** Show the ghost of `kind` ("b", "w", ...) awaiting the server's answer at [row, col];
   *  the next render clears it. */
  setPending(row, col, kind) {
    this.clearPending();
    const point = this.point(row, col);
    if (!point || point.dataset.cell !== "-") return;
    const classes = ["grid-pending", `grid-pending-${kind}`];
    point.classList.add(...classes);
    this.pending = { point, classes };
  }

  clearPending() {
    if (!this.pending) return;
    this.pending.point.classList.remove(...this.pending.classes);
    this.pending = null;
  }

  point(row, col) {
    return this.points[row * this.size + col];
  }

  build(size) {
    this.size = size;
    this.pending = null;
    this.proposal = null;
    this.lastPoint = null;
    this.ownerKey = null;
    this.marks = new Map(); // key -> {point, node}: the shapes drawn for marks
    this.markClasses = new Map(); // point <g> -> Set of the classes marks gave it
    const pad = this.options.coordinates ? 1.1 : 0.6;
    const span = (size - 1 + 2 * pad) * UNIT;
    const svg = el("svg", {
      class: "grid-board",
      viewBox: `${-pad * UNIT} ${-pad * UNIT} ${span} ${span}`,
      role: "application",
      "aria-roledescription": t("board.role"),
      tabindex: "0",
      "data-size": size,
      "aria-label": this.options.label,
    });
    this.defs(svg);
    el("rect", { class: "grid-wood", x: -pad * UNIT, y: -pad * UNIT, width: span, height: span }, svg);
    this.ownerLayer = el("g", { class: "grid-owner-layer" }, svg);
    this.lines(svg, size);
    const stars = el("g", { class: "grid-stars" }, svg);
    const hoshi = this.options.starPoints === true ? starPoints(size) : this.options.starPoints || [];
    for (const [r, c] of hoshi) el("circle", { cx: c * UNIT, cy: r * UNIT, r: 0.1 * UNIT }, stars);
    if (this.options.coordinates) this.coordinates(svg, size, pad);
    const layer = el("g", { class: "grid-points" }, svg);
    this.points = [];
    for (let row = 0; row < size; row++) {
      for (let col = 0; col < size; col++) {
        const g = el("g", {
          class: "grid-point",
          transform: `translate(${col * UNIT} ${row * UNIT})`,
          "data-row": row,
          "data-col": col,
          "data-cell": "-",
        }, layer);
        el("rect", { class: "grid-hit", x: -UNIT / 2, y: -UNIT / 2, width: UNIT, height: UNIT }, g);
        el("circle", { class: "grid-ghost", r: STONE_RADIUS }, g);
        this.points.push(g);
      }
    }
    layer.addEventListener("click", (event) => {
      const g = event.target.closest(".grid-point");
      if (g) this.emit("click", [Number(g.dataset.row), Number(g.dataset.col)]);
    });
    svg.addEventListener("keydown", (event) => this.key(event));
    svg.addEventListener("pointerdown", () => {
      this.byPointer = true;
    });
    svg.addEventListener("blur", () => {
      this.byPointer = false;
      this.moveCursor(null);
    });
    this.svg = svg;
    this.announce = document.createElement("p");
    this.announce.className = "grid-announce tb-visually-hidden";
    this.announce.setAttribute("aria-live", "polite");
    this.container.replaceChildren(svg, this.announce);
  }

  defs(svg) {
    const defs = el("defs", {}, svg);
    for (const colour of Object.values(STONES)) {
      const grad = el("radialGradient", {
        id: `${this.id}-${colour}`, cx: "0.38", cy: "0.34", r: "0.7",
      }, defs);
      el("stop", { offset: "0", class: `grid-stop-${colour}-light` }, grad);
      el("stop", { offset: "1", class: `grid-stop-${colour}-dark` }, grad);
    }
  }

  lines(svg, size) {
    const end = (size - 1) * UNIT;
    let d = "";
    for (let i = 1; i < size - 1; i++) d += `M0 ${i * UNIT}H${end}M${i * UNIT} 0V${end}`;
    const g = el("g", { class: "grid-lines" }, svg);
    el("path", { d }, g);
    el("rect", { class: "grid-edge", x: 0, y: 0, width: end, height: end }, g);
  }

  coordinates(svg, size, pad) {
    const g = el("g", { class: "grid-coords", "aria-hidden": "true" }, svg);
    const near = -(pad - 0.42) * UNIT;
    const far = (size - 1) * UNIT - near;
    const labels = this.options.coordLabels ?? {};
    const colLabel = labels.col ?? ((c) => columnLetter(c));
    const rowLabel = labels.row ?? ((r, n) => String(n - r));
    for (let i = 0; i < size; i++) {
      const at = i * UNIT;
      const letter = String(colLabel(i, size));
      const number = String(rowLabel(i, size));
      el("text", { x: at, y: near }, g).textContent = letter;
      el("text", { x: at, y: far }, g).textContent = letter;
      el("text", { x: near, y: at }, g).textContent = number;
      el("text", { x: far, y: at }, g).textContent = number;
    }
  }

  setCell(row, col, cell) {
    const g = this.point(row, col);
    if (g.dataset.cell === cell) return;
    g.querySelector(".grid-piece")?.remove();
    const piece = this.piece(cell);
    g.dataset.cell = piece ? cell : "-";
    if (piece) g.insertBefore(piece, g.querySelector(".grid-ghost").nextSibling);
  }

  /** The node of a cell's piece: a stone, the page's drawPiece, or null (empty). */
  piece(cell) {
    if (cell in STONES) {
      return el("circle", {
        class: `stone ${STONES[cell]} grid-piece`,
        r: STONE_RADIUS,
        fill: `url(#${this.id}-${STONES[cell]})`,
        "data-stone": cell,
      });
    }
    if (cell === "-" || !this.options.drawPiece) return null;
    const node = this.options.drawPiece(cell, { radius: STONE_RADIUS, unit: UNIT });
    node?.classList.add("grid-piece");
    return node ?? null;
  }

  /** Draw `marks` (see the header): keep the shapes that stay, remove and add the rest. */
  setMarks(marks) {
    const wanted = new Map();
    const classes = new Map();
    for (const mark of marks) {
      const point = this.point(...mark.pos);
      if (!point) continue;
      if (!classes.has(point)) classes.set(point, new Set());
      for (const name of classList(mark.point)) classes.get(point).add(name);
      if (mark.shape in SHAPES) {
        const key = JSON.stringify([mark.pos, mark.shape, mark.class ?? "", mark.data ?? {}]);
        wanted.set(key, { point, mark });
      }
    }
    for (const [point, had] of this.markClasses) {
      for (const name of had) if (!classes.get(point)?.has(name)) point.classList.remove(name);
    }
    for (const [point, names] of classes) point.classList.add(...names);
    this.markClasses = classes;
    for (const [key, drawn] of this.marks) {
      if (!wanted.has(key)) {
        drawn.node.remove();
        this.marks.delete(key);
      }
    }
    for (const [key, { point, mark }] of wanted) {
      if (this.marks.has(key)) continue;
      const attrs = { class: ["grid-mark", `grid-mark-${mark.shape}`, ...classList(mark.class)].join(" "),
                      r: SHAPES[mark.shape] };
      for (const [name, value] of Object.entries(mark.data ?? {})) attrs[`data-${name}`] = value;
      const node = el("circle", attrs);
      if (mark.shape === "spot") point.insertBefore(node, point.querySelector(".grid-hit").nextSibling);
      else point.appendChild(node);
      this.marks.set(key, { point, node });
    }
  }

  setLast(last) {
    if (this.lastPoint) {
      this.lastPoint.classList.remove("grid-is-last");
      this.lastPoint.querySelector(".grid-last")?.remove();
      this.lastPoint = null;
    }
    if (!last) return;
    const g = this.point(last[0], last[1]);
    if (!g) return;
    g.classList.add("grid-is-last");
    el("circle", { class: "grid-last", r: 0.2 * UNIT }, g);
    this.lastPoint = g;
  }

  setOwner(owner) {
    const key = owner ? owner.join("") : null;
    if (key === this.ownerKey) return;
    this.ownerKey = key;
    this.ownerLayer.replaceChildren();
    if (!owner) return;
    for (let row = 0; row < this.size; row++) {
      for (let col = 0; col < this.size; col++) {
        const who = owner[row]?.[col];
        if (!(who in STONES)) continue;
        el("rect", {
          class: `grid-owner grid-owner-${who}`,
          x: (col - 0.5) * UNIT, y: (row - 0.5) * UNIT, width: UNIT, height: UNIT,
          "data-owner": who,
        }, this.ownerLayer);
      }
    }
  }

  // Keyboard play: arrows move a cursor over the points, Enter or Space clicks it.  A board
  // focused by a click or a tap leaves the arrows to the page (the review's steps); one
  // reached with the keyboard (Tab) takes them.
  key(event) {
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (event.key in moves && this.byPointer) return;
    if (event.key in moves) {
      const mid = Math.floor(this.size / 2);
      const [r, c] = this.cursor ?? [mid - moves[event.key][0], mid - moves[event.key][1]];
      const [dr, dc] = moves[event.key];
      const clamp = (v) => Math.max(0, Math.min(this.size - 1, v));
      this.moveCursor([clamp(r + dr), clamp(c + dc)]);
    } else if ((event.key === "Enter" || event.key === " ") && this.cursor) {
      this.emit("click", this.cursor);
    } else {
      return;
    }
    event.preventDefault();
  }

  moveCursor(pos) {
    if (this.cursor) this.point(...this.cursor)?.classList.remove("grid-cursor");
    this.cursor = pos;
    if (pos) this.point(...pos).classList.add("grid-cursor");
    if (pos && this.announce) this.announce.textContent = this.pointText(pos);
  }

  /** A point in words, for the live region: its name and what is on it. */
  pointText([row, col]) {
    const labels = this.options.coordLabels;
    const name = labels
      ? `${labels.col?.(col, this.size) ?? col}${labels.row?.(row, this.size) ?? row}`
      : vertexName(this.size, [row, col]);
    const cell = this.point(row, col).dataset.cell;
    const key = `board.cell.${EMPTY.has(cell) ? "empty" : cell}`;
    return t("board.point", { point: name, content: hasText(key) ? t(key) : cell });
  }
}
