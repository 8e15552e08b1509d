// molinolog-board.js: the Molinolog board in SVG, drawn from data: the rings' lines, the
// direction and ring labels, and one point (its dot, its ring for marks, its piece).  Used
// by the game page (molinolog.js) and the lab page (molinolog-lab.js), so both show the
// same board.  A point is [direction, ring], ring 1 the innermost; a piece "b" or "w".

export const SVG = "http://www.w3.org/2000/svg";
export const UNIT = 100; // between neighbouring rings, in SVG units
const MARGIN = 96; // room for the labels around the outer ring
export const PIECE = 31; // a piece's radius
const OFFSETS = {
  n: [0, -1], ne: [1, -1], e: [1, 0], se: [1, 1], s: [0, 1], sw: [-1, 1], w: [-1, 0], nw: [-1, -1],
};

export const keyOf = ([dir, ring]) => `${dir},${ring}`;
export const pointName = ([dir, ring]) => `(${dir},${ring})`;

export function node(name, attrs = {}, text) {
  const el = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, value);
  if (text !== undefined) el.textContent = text;
  return el;
}

/** Where each point of a board of size `size` (size + 1 rings) is drawn. */
export function geometry(size) {
  const rings = size + 1;
  const centre = MARGIN + rings * UNIT;
  const xy = ([dir, ring]) => [
    centre + OFFSETS[dir][0] * ring * UNIT,
    centre + OFFSETS[dir][1] * ring * UNIT,
  ];
  return { rings, centre, extent: 2 * centre, xy };
}

/** The board without its points: definitions (the pieces' gradients, the arrow head), the
 *  wood, the lines `edges` ([[p, q], ...]) and the labels. */
export function boardBase(geo, edges) {
  const defs = node("defs");
  const arrow = node("marker", {
    id: "molinolog-arrow", viewBox: "0 0 10 10", refX: 8, refY: 5,
    markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse",
  });
  arrow.append(node("path", { d: "M0,0 L10,5 L0,10 z", class: "molinolog-arrow-head" }));
  defs.append(arrow);
  for (const player of ["b", "w"]) {
    const gradient = node("radialGradient", { id: `molinolog-grad-${player}`, cx: "35%", cy: "32%", r: "70%" });
    gradient.append(
      node("stop", { offset: "0%", class: `molinolog-stop-${player}-light` }),
      node("stop", { offset: "100%", class: `molinolog-stop-${player}-dark` }),
    );
    defs.append(gradient);
  }
  const wood = node("rect", { class: "molinolog-wood", width: geo.extent, height: geo.extent, rx: 24 });
  const lines = node("g", { class: "molinolog-edges" });
  for (const [p, q] of edges) {
    const [x1, y1] = geo.xy(p);
    const [x2, y2] = geo.xy(q);
    lines.append(node("line", { x1, y1, x2, y2 }));
  }
  return [defs, wood, lines, labels(geo)];
}

/** Direction names round the outer ring and ring numbers on the left, as the terminal game. */
function labels(geo) {
  const group = node("g", { class: "molinolog-labels", "aria-hidden": "true" });
  const outer = geo.rings * UNIT;
  const gap = MARGIN * 0.6;
  for (const [dir, [dx, dy]] of Object.entries(OFFSETS)) {
    const x = geo.centre + dx * (dy ? outer : outer + gap);
    const y = geo.centre + dy * (outer + gap);
    group.append(node("text", { x, y, class: "molinolog-dir" }, dir));
  }
  for (let ring = 1; ring <= geo.rings; ring += 1) {
    const y = geo.centre - ring * UNIT;
    group.append(node("text", { x: MARGIN * 0.4, y, class: "molinolog-ring-number" }, ring));
  }
  return group;
}

/** One point as a focusable button (data-point "dir,ring", data-piece): its piece, or the
 *  ghost of `ghost`'s piece shown on hover; `classes` such as molinolog-is-selected. */
export function pointNode(geo, point, piece, classes, label, ghost) {
  const [x, y] = geo.xy(point);
  const g = node("g", {
    class: ["molinolog-point", ...classes].join(" "),
    transform: `translate(${x} ${y})`,
    "data-point": keyOf(point),
    "data-piece": piece ?? "",
    role: "button",
    tabindex: "0",
    "aria-label": label,
  });
  g.append(
    node("circle", { class: "molinolog-hit", r: UNIT * 0.46 }),
    node("circle", { class: "molinolog-dot", r: 9 }),
    node("circle", { class: "molinolog-ring", r: PIECE + 9 }),
  );
  if (piece) {
    g.append(node("circle", { class: `molinolog-piece molinolog-piece-${piece}`, r: PIECE }));
  } else {
    g.append(node("circle", { class: `molinolog-ghost molinolog-piece-${ghost ?? ""}`, r: PIECE }));
  }
  return g;
}
