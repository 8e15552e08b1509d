// view-delta.js: a view after a move, from the view before it and the move's `view_delta`
// (POST /api/games/<id>/actions with "delta": true; README, docs/architecture.md).  The
// server's Prolog writes what changed (prolog/tablero/cache.pl's view_delta/3) instead of
// the whole view; app/games.py's apply_delta does the same in Python.

/** The view after the delta: `changed` keys set to their new values, the `items` of a
 *  list replaced ([index, value] pairs) and the `removed` keys gone.  `view` itself is
 *  left as it was (the page may still hold it). */
export function applyDelta(view, delta) {
  const next = { ...view, ...delta.changed };
  for (const [key, items] of Object.entries(delta.items)) {
    const values = [...next[key]];
    for (const [index, value] of items) values[index] = value;
    next[key] = values;
  }
  for (const key of delta.removed) delete next[key];
  return next;
}
