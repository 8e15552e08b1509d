"""Tablero in a Jupyter notebook: every game draws itself, any predicate can be asked.

    >>> from app.go import GoGame
    >>> g = GoGame(size=9); g.play("E5")
    >>> g                        # the last line of a cell: Jupyter shows the SVG below
    >>> from app.notebook import query
    >>> query("molinolog:mill(1, M)", maxresult=3)

Each drawing is made from the game's view alone (the JSON the web board draws):
nothing here decides a rule.  `Game._repr_svg_()` calls `svg(game, view)`.
The drawings are small on purpose: a picture per cell, not a web board.
"""

from __future__ import annotations

from html import escape

from .prolog import bridge

__all__ = ["query", "svg", "go_svg", "molinolog_svg", "gorogo_svg", "azul_svg"]

FONT = 'font-family="sans-serif"'
INK = "#222"
WOOD = "#dcb35c"
STONE = {"b": "#111", "w": "#f8f8f8"}


def query(goal: str, module: str = "user", maxresult: int | None = 10,
          timeout: float | None = None) -> list[dict]:
    """Every answer (up to `maxresult`; None: all) of a trusted goal, read by Prolog.

    `module` is where the goal runs ("user", or a game's module: "go",
    "molinolog", "gorogo", "azul"; a goal may also name one, "molinolog:mill(1, M)").
    See Bridge.answers() for how answers look and what is refused (halt).
    """
    return bridge().answers(goal, maxresult=maxresult, timeout=timeout, module=module)


def svg(game: str, view: dict) -> str:
    """The SVG picture of a game of `game` ("go", "molinolog", ...) from its view
    (ValueError for a game with no picture here)."""
    if game not in _DRAW:
        raise ValueError(f"No picture of the game {game!r}: one of {', '.join(sorted(_DRAW))}")
    return _DRAW[game](view)


def _svg(width: float, height: float, body: list[str]) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {width:g} {height:g}" {FONT} font-size="12">'
        + "".join(body) + "</svg>"
    )


def _framed(width: float, height: float, body: list[str], captions: list[str]) -> str:
    """A drawing `width` × `height` centred above lines of caption, all in one SVG."""
    full = max(width, max((6.4 * len(c) + 12 for c in captions), default=0))
    dx = (full - width) / 2
    lines = [_text(full / 2, height + 15 + 16 * i, c, size=11) for i, c in enumerate(captions)]
    return _svg(full, height + 6 + 16 * len(captions),
                [f'<g transform="translate({dx:g},0)">', *body, "</g>", *lines])


def _text(x: float, y: float, text, anchor: str = "middle", size: int = 12,
          fill: str = INK, weight: str = "normal") -> str:
    return (
        f'<text x="{x:g}" y="{y:g}" text-anchor="{anchor}" font-size="{size}" '
        f'font-weight="{weight}" fill="{fill}">{escape(str(text))}</text>'
    )


def _circle(x: float, y: float, r: float, fill: str, stroke: str = INK, width: float = 1) -> str:
    return (
        f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="{fill}" stroke="{stroke}" '
        f'stroke-width="{width:g}"/>'
    )


def _line(x1: float, y1: float, x2: float, y2: float, stroke: str = INK, width: float = 1) -> str:
    return (
        f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" stroke="{stroke}" '
        f'stroke-width="{width:g}"/>'
    )


def _rect(x: float, y: float, w: float, h: float, fill: str, stroke: str = "none",
          extra: str = "") -> str:
    return (
        f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" fill="{fill}" '
        f'stroke="{stroke}" {extra}/>'
    )


def _status(view: dict) -> str:
    """The view's status line in English, else a line made of its fields."""
    status = view.get("status")
    if isinstance(status, dict) and status.get("en"):
        return status["en"]
    result = view.get("result")
    if result:
        return f"Over: {result.get('code') or result.get('message') or result}"
    return f"{'Black' if view.get('to_move') == 'b' else 'White'} to move"


# ---------------------------------------------------------------- Go

_COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"  # GTP: no I


def _star_points(size: int) -> list[tuple[int, int]]:
    """The usual hoshi (a drawing convention, as static/board-grid.js draws them)."""
    if size < 7:
        return []
    near = 3 if size >= 13 else 2
    far = size - 1 - near
    points = [(near, near), (near, far), (far, near), (far, far)]
    if size % 2:
        mid = (size - 1) // 2
        points.append((mid, mid))
        if size >= 15:
            points += [(near, mid), (mid, near), (mid, far), (far, mid)]
    return points


def go_svg(view: dict) -> str:
    """A Go board: grid, GTP coordinates, stones, the last move marked, a caption."""
    board = view["board"]
    size = len(board)
    cell = 28 if size <= 9 else 22 if size <= 13 else 18
    margin = cell / 2 + 18
    span = (size - 1) * cell
    width = span + 2 * margin
    body = [_rect(0, 0, width, width, WOOD)]
    for i in range(size):
        at = margin + i * cell
        body.append(_line(margin, at, margin + span, at))
        body.append(_line(at, margin, at, margin + span))
        body.append(_text(at, 12, _COLUMNS[i], size=10))
        body.append(_text(at, width - 4, _COLUMNS[i], size=10))
        body.append(_text(9, at + 4, size - i, size=10))
        body.append(_text(width - 9, at + 4, size - i, size=10))
    for r, c in _star_points(size):
        body.append(_circle(margin + c * cell, margin + r * cell, 2.5, INK, width=0))
    dead = {tuple(p) for p in view.get("dead") or []}
    for r, row in enumerate(board):
        for c, point in enumerate(row):
            if point in STONE:
                x, y = margin + c * cell, margin + r * cell
                stone = _circle(x, y, cell * 0.46, STONE[point])
                if (r, c) in dead:                  # marked dead in the scoring phase
                    stone = f'<g opacity="0.4">{stone}</g>'
                body.append(stone)
    score = view.get("score") if view.get("phase") == "scoring" else None
    for r, row in enumerate((score or {}).get("owner") or []):
        for c, owner in enumerate(row):
            if owner in STONE and (board[r][c] not in STONE or (r, c) in dead):
                x, y = margin + c * cell, margin + r * cell
                body.append(_rect(x - cell * 0.15, y - cell * 0.15, cell * 0.3, cell * 0.3,
                                  STONE[owner], INK))
    last = view.get("last") or {}
    if last.get("pos"):
        r, c = last["pos"]
        colour = "#fff" if board[r][c] == "b" else "#c00"
        body.append(_circle(margin + c * cell, margin + r * cell, cell * 0.16, colour, width=0))
    captures = view.get("captures") or {}
    result = view.get("result")
    state = f"result {result['code']}" if result else _status(view)
    caption = f"{state} · captures B {captures.get('b', 0)}, W {captures.get('w', 0)}"
    if score:
        caption = (f"scoring: B {score.get('b')}, W {score.get('w')} "
                   f"(komi {score.get('komi', 0)}) · accept or resume")
    return _framed(width, width, body, [caption])


# ---------------------------------------------------------------- Molinolog

_DIRECTIONS = {"n": (0, -1), "ne": (1, -1), "e": (1, 0), "se": (1, 1),
               "s": (0, 1), "sw": (-1, 1), "w": (-1, 0), "nw": (-1, -1)}


def molinolog_svg(view: dict) -> str:
    """Molinolog's rings: the view's edges and points, pieces, the mill awaiting capture."""
    rings = view["size"] + 1
    unit = 26 if rings <= 3 else 22
    margin = 30
    centre = margin + rings * unit
    width = 2 * centre

    def xy(point):
        direction, ring = point
        dx, dy = _DIRECTIONS[direction]
        return centre + dx * ring * unit, centre + dy * ring * unit

    body = [_rect(0, 0, width, width, "#efe6d2")]
    for a, b in view.get("edges", []):
        body.append(_line(*xy(a), *xy(b), width=2))
    mill = {tuple(p) for p in _points_of(view.get("mill") or [])}
    for entry in view.get("points", []):
        x, y = xy(entry["point"])
        piece = entry.get("piece")
        if piece in STONE:
            ring = "#c00" if tuple(entry["point"]) in mill else INK
            body.append(_circle(x, y, unit * 0.36, STONE[piece], stroke=ring,
                                width=3 if ring != INK else 1))
        else:
            body.append(_circle(x, y, 3, INK, width=0))
    for direction, (dx, dy) in _DIRECTIONS.items():
        if dx == 0 or dy == 0:
            body.append(_text(centre + dx * (rings * unit + 20),
                              centre + dy * (rings * unit + 19) + 4, direction, size=10,
                              fill="#666"))
    hand = view.get("in_hand") or {}
    board = view.get("on_board") or {}
    return _framed(width, width, body, [
        _status(view),
        f"in hand B {hand.get('b', 0)}, W {hand.get('w', 0)} · "
        f"on the board B {board.get('b', 0)}, W {board.get('w', 0)}",
    ])


def _points_of(mill) -> list:
    """The points in the view's `mill` (a list of points, or of lists of points)."""
    points = []
    for item in mill:
        if isinstance(item, list) and len(item) == 2 and isinstance(item[0], str):
            points.append(item)
        elif isinstance(item, list):
            points += _points_of(item)
    return points


# ---------------------------------------------------------------- GoRoGo

def _henge(x: float, y: float, r: float) -> str:
    """A Henge: the neutral piece, half black and half white."""
    return (
        f'<g><circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="{STONE["w"]}" stroke="{INK}"/>'
        f'<path d="M{x:g},{y - r:g} A{r:g},{r:g} 0 0,1 {x:g},{y + r:g} Z" fill="{STONE["b"]}"/>'
        f"</g>"
    )


def gorogo_svg(view: dict) -> str:
    """GoRoGo's 5×5 cells with Black, White and Henge pieces; captures and hands below."""
    board = view["board"]
    cell = 36
    margin = 20
    side = len(board) * cell
    width = side + 2 * margin
    body = [_rect(0, 0, width, width, "#e9dcc0")]
    for i in range(len(board) + 1):
        at = margin + i * cell
        body.append(_line(margin, at, margin + side, at))
        body.append(_line(at, margin, at, margin + side))
    for i in range(len(board)):
        body.append(_text(margin + i * cell + cell / 2, margin - 6, i, size=10, fill="#666"))
        body.append(_text(margin / 2, margin + i * cell + cell / 2 + 4, i, size=10, fill="#666"))
    last = (view.get("last") or {}).get("pos")
    for r, row in enumerate(board):
        for c, piece in enumerate(row):
            x, y = margin + c * cell + cell / 2, margin + r * cell + cell / 2
            if piece == "B":
                body.append(_circle(x, y, cell * 0.38, STONE["b"]))
            elif piece == "W":
                body.append(_circle(x, y, cell * 0.38, STONE["w"]))
            elif piece == "H":
                body.append(_henge(x, y, cell * 0.38))
            if last == [r, c]:
                body.append(_circle(x, y, 4, "#c00", width=0))
    captures = view.get("captures") or {}
    hand = view.get("in_hand") or {}

    def held(side_: str) -> str:
        h = hand.get(side_) or {}
        return f"{h.get('regular', 0)}+{h.get('henge', 0)}H"

    return _framed(width, width, body, [
        _status(view),
        f"captures B {captures.get('b', 0)}, W {captures.get('w', 0)} · "
        f"in hand B {held('b')}, W {held('w')}",
    ])


# ---------------------------------------------------------------- Azul

TILE = {"blue": "#2a6fd6", "yellow": "#f2c21b", "red": "#d23a2f", "black": "#2b2b2b",
        "white": "#f4f4f4"}


def _tile(x: float, y: float, colour: str | None, size: float = 12, faint: bool = False) -> str:
    if colour == "first":
        token = _text(x + size / 2, y + size - 2, "1", size=10)
        return _rect(x, y, size, size, "#fff", INK) + token
    if colour is None:
        return _rect(x, y, size, size, "none", "#bbb")
    return _rect(x, y, size, size, TILE.get(colour, "#999"), "#555",
                 'opacity="0.25"' if faint else "")


def azul_svg(view: dict) -> str:
    """Azul as a compact table: factories and centre, then each player's lines, wall, floor."""
    t, gap = 12, 2
    step = t + gap
    body = []
    y = 16
    body.append(_text(6, y, f"Round {view.get('round', '?')}", anchor="start", weight="bold"))
    y += 8
    x = 6
    for i, factory in enumerate(view.get("factories", [])):
        body.append(_text(x + step, y + 10, i, size=9, fill="#666"))
        for k, colour in enumerate(factory):
            body.append(_tile(x + (k % 2) * step, y + 14 + (k // 2) * step, colour, t))
        x += 2 * step + 10
    centre = list(view.get("centre", []))
    if view.get("first_token_in_centre"):
        centre = ["first", *centre]
    body.append(_text(x, y + 10, "centre", anchor="start", size=9, fill="#666"))
    for k, colour in enumerate(centre):
        body.append(_tile(x + (k % 8) * step, y + 14 + (k // 8) * step, colour, t))
    width = max(x + 8 * step + 6, 6 + 11 * step + 150)
    y += 14 + max(2, (len(centre) + 7) // 8) * step + 10
    pattern = view.get("wall_pattern") or [[None] * 5] * 5
    to_move = view.get("to_move")
    seats = view.get("seats") or {}
    for p, player in enumerate(view.get("players", [])):
        mark = "▶ " if str(p) == str(to_move) else ""
        seat = seats.get(str(p), "")
        body.append(_text(6, y + 10, f"{mark}Player {p + 1} {seat} · score {player.get('score', 0)}",
                          anchor="start", weight="bold"))
        y += 16
        for row in range(5):
            line = (player.get("lines") or [[]] * 5)[row]
            for k in range(row + 1):
                colour = line[k] if k < len(line) else None
                body.append(_tile(6 + (4 - k) * step, y + row * step, colour, t))
            for col in range(5):
                placed = (player.get("wall") or [[None] * 5] * 5)[row][col]
                body.append(_tile(6 + 5 * step + 8 + col * step, y + row * step,
                                  placed or pattern[row][col], t, faint=placed is None))
        floor = player.get("floor") or []
        fx = 6 + 11 * step + 14
        body.append(_text(fx, y + 10, "floor", anchor="start", size=9, fill="#666"))
        for k, colour in enumerate(floor):
            body.append(_tile(fx + k * step, y + 14, colour, t))
        y += 5 * step + 10
    body.append(_text(6, y + 6, _status(view), anchor="start", size=11))
    return _svg(width, y + 14, body)


_DRAW = {"go": go_svg, "molinolog": molinolog_svg, "gorogo": gorogo_svg, "azul": azul_svg}
