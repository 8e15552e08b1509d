"""The pages: plain HTML files in static/, one per game, and the index.

Served by app/assets.py: their static references under the versioned prefix, their
modules preloaded, compressed, revalidated by ETag."""

from __future__ import annotations

from flask import Blueprint, abort

from . import assets
from .games import available_games

bp = Blueprint("pages", __name__)


@bp.get("/")
def index():
    """The list of Tablero's games and the saved ones."""
    return assets.page("index.html")


@bp.get("/<game>")
@bp.get("/<game>/<game_id>")
def game_page(game, game_id=None):
    """A game's board; with an id, that saved game (the page reads the id from its URL)."""
    if game not in available_games():
        abort(404)
    #  A game that plugged in without a page of its own gets the generic one (plugin.js:
    #  its declarations, its view's board as a grid of buttons).
    own = f"{game}.html"
    return assets.page(own if assets.current().page(own) is not None else "plugin.html")
