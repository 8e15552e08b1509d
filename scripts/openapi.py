"""Writes app/openapi.json, the API's description (run after changing a route):

    .venv/bin/python scripts/openapi.py
"""

from __future__ import annotations

import json
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "app" / "openapi.json"

ERRORS = {
    "400": "A malformed request (bad JSON, an unknown option, a point off the board, ...)",
    "401": "An action for a seat, sent without its secret",
    "403": "A secret that does not hold that seat, another site's page, a wrong invitation",
    "404": "No game with that id",
    "405": "The route does not take that method",
    "409": "Refused by the rules or the game's state (occupied, not your turn, stale, ...)",
    "413": "The body is too large",
    "415": "A state-changing request whose body is not application/json",
    "414": "The request line is too long (answered by gunicorn, still JSON)",
    "422": "A console goal that ran past its limits or raised an error",
    "431": "The headers are too large (answered by gunicorn, still JSON)",
    "500": "An unexpected failure; nothing internal is shown",
    "503": "Saved games cannot be reached just now; nothing was changed",
    "504": "The rules took too long",
}


def ref(name):
    return {"$ref": f"#/components/schemas/{name}"}


def errors(*codes):
    return {**{code: {"$ref": "#/components/responses/Error"} for code in codes},
            "default": {"$ref": "#/components/responses/Error"}}


def ok(description, schema, status="200"):
    return {status: {"description": description,
                     "content": {"application/json": {"schema": schema}}}}


def body(schema, required=True):
    return {"required": required, "content": {"application/json": {"schema": schema}}}


ID = {"name": "id", "in": "path", "required": True, "schema": {"type": "string", "maxLength": 64}}
SEAT = {"name": "seat", "in": "path", "required": True, "schema": {"type": "string", "maxLength": 8}}
WRITE_ERRORS = ("400", "401", "403", "404", "409", "413", "415", "503", "504")
REVISION = {"type": "integer", "description": "The revision the request was made against: "
            "a request against an older one is refused (409 stale) and changes nothing"}

paths = {
    "/api/games": {
        "get": {
            "summary": "The games on offer, and the caller's own games (by its Bearer secret)",
            "security": [{}, {"seat": []}],
            "responses": {**ok("Games", ref("Listing")), **errors("400", "503")},
        },
        "post": {
            "summary": "Start a game; the creator holds the seats in `hold` (default: every human seat)",
            "requestBody": body(ref("NewGame")),
            "responses": {**ok("The new game, with the creator's secrets and the invitations",
                               ref("GameReply"), "201"),
                          **errors("400", "403", "413", "415", "503", "504")},
        },
    },
    "/api/games/mine": {
        "post": {
            "summary": "The games in which one of these secrets holds a seat",
            "requestBody": body({"type": "object", "properties": {
                "secrets": {"type": "array", "maxItems": 500, "items": {"type": "string"}}}}),
            "responses": {**ok("Games", {"type": "object", "properties": {
                "games": {"type": "array", "items": ref("GameSummary")}}}),
                **errors("400", "403", "413", "415", "503")},
        },
    },
    "/api/games/{id}": {
        "get": {
            "summary": "A saved game as it stands, with its actions (anyone with the id may watch)",
            "parameters": [ID],
            "responses": {**ok("The game", ref("GameReply")), **errors("400", "404", "503", "504")},
        },
    },
    "/api/games/{id}/events": {
        "get": {
            "summary": "The game's changes as Server-Sent Events: id = revision, data = the game "
                       "as GET /api/games/{id} shows it (without actions). Send Last-Event-ID "
                       "to resume. With delta=1 (as the pages ask it), a change that follows "
                       "the revision the stream sent last carries view_delta in place of view "
                       "(GameDeltaReply's shape).",
            "parameters": [ID, {"name": "delta", "in": "query", "required": False,
                                "schema": {"type": "string", "enum": ["0", "1", "true", "false"]},
                                "description": "1: changes as view_delta where they follow"}],
            "responses": {"200": {"description": "An event stream",
                                  "content": {"text/event-stream": {"schema": {"type": "string"}}}},
                          **errors("400", "404", "503")},
        },
    },
    "/api/games/{id}/actions": {
        "post": {
            "summary": "Play an action for a seat the caller holds",
            "parameters": [ID],
            "security": [{"seat": []}],
            "requestBody": body({"type": "object", "required": ["action"], "properties": {
                "action": ref("Action"), "revision": REVISION,
                "delta": {"type": "boolean", "description": "true: the reply carries "
                          "view_delta, what changed in the view, in place of the whole view "
                          "(as the pages ask a move; GET the game for the whole view)"}}}),
            "responses": {**ok("The game after the action (with delta: true, view_delta in "
                               "place of view)",
                               {"anyOf": [ref("GameReply"), ref("GameDeltaReply")]}),
                          **errors(*WRITE_ERRORS)},
        },
    },
    "/api/games/{id}/machine": {
        "post": {
            "summary": "The machine plays its seat's turn (409 not_machine_turn otherwise; "
                       "409 machine_busy while another machine request for the game runs). "
                       "A Go seat \"gnugo\" is played by GNU Go: 504 engine_timeout past the "
                       "budget, 503 engine_failed, 409 engine_illegal (a move the rules "
                       "refuse); nothing is played then",
            "parameters": [ID],
            "requestBody": body({"type": "object", "properties": {
                "revision": REVISION,
                "delta": {"type": "boolean", "description": "true: the reply carries "
                          "view_delta in place of the whole view, as a move's (as the "
                          "pages ask the machine's turn)"}}}, False),
            "responses": {**ok("The game after the machine's action (under action; with "
                               "delta: true, view_delta in place of view)",
                               {"anyOf": [ref("GameReply"), ref("GameDeltaReply")]}),
                          **errors(*WRITE_ERRORS)},
        },
    },
    "/api/games/{id}/undo": {
        "post": {
            "summary": "Take back the last action of a casual game. At once against the machine "
                       "or when the caller holds every human seat; between two people a request "
                       "(202) the other answers with accept true or false. A finished game is "
                       "a record: 409 game_over",
            "parameters": [ID],
            "security": [{"seat": []}],
            "requestBody": body({"type": "object", "properties": {
                "revision": REVISION, "accept": {"type": "boolean"}}}, False),
            "responses": {**ok("The game after the undo (or after declining)", ref("GameReply")),
                          **ok("An undo request, waiting for the opponent", ref("GameReply"), "202"),
                          **errors(*WRITE_ERRORS)},
        },
    },
    "/api/games/{id}/rematch": {
        "post": {
            "summary": "After a finished game (409 game_not_over before), a player offers a "
                       "rematch, the sides swapped (202, rematch.offer); the other accepts "
                       "with the same request (201) or declines with decline true. When the "
                       "caller holds every person's seat it is made at once. Made, the game's "
                       "rematch says the new game and each seat's seat in it (the same secrets "
                       "hold them)",
            "parameters": [ID],
            "security": [{"seat": []}],
            "requestBody": body({"type": "object", "properties": {
                "revision": REVISION, "decline": {"type": "boolean"}}}, False),
            "responses": {**ok("The game after declining, or made already", ref("GameReply")),
                          **ok("The rematch made: the game's rematch names it",
                               ref("GameReply"), "201"),
                          **ok("A rematch offer, waiting for the opponent", ref("GameReply"), "202"),
                          **errors(*WRITE_ERRORS)},
        },
    },
    "/api/games/{id}/seats/{seat}": {
        "post": {
            "summary": "Take a seat with an invitation: answers the seat's secret under secrets",
            "parameters": [ID, SEAT],
            "requestBody": body({"type": "object", "required": ["invitation"], "properties": {
                "invitation": {"type": "string"}}}),
            "responses": {**ok("The game, with the new holder's secret", ref("GameReply")),
                          **errors(*WRITE_ERRORS)},
        },
    },
    "/api/games/{id}/seats/{seat}/invite": {
        "post": {
            "summary": "The seat's holder invites someone else to it: answers the link under "
                       "invitations",
            "parameters": [ID, SEAT],
            "security": [{"seat": []}],
            "requestBody": body({"type": "object"}, False),
            "responses": {**ok("The game, with the invitation", ref("GameReply")),
                          **errors(*WRITE_ERRORS)},
        },
    },
    "/api/games/{id}/history": {
        "get": {
            "summary": "The game move by move: its actions, and the view before the first action "
                       "and after each (for review)",
            "parameters": [ID],
            "responses": {**ok("The history", {"type": "object", "required": ["views"], "properties": {
                "id": {"type": "string"}, "revision": {"type": "integer"},
                "actions": {"type": "array", "items": {"type": "object"}},
                "views": {"type": "array", "items": ref("View")}}}),
                **errors("400", "404", "503", "504")},
        },
    },
    "/api/games/{id}/verdicts": {
        "get": {
            "summary": "What a student's rules (`tablero serve --rules go=FILE.pl`) said of each "
                       "move asked, kept with the game, oldest first: each a move reply's "
                       "`student` with its `ply` (an agreement without its boards; "
                       "docs/grading.md)",
            "parameters": [ID],
            "responses": {**ok("The verdicts kept", {"type": "object", "required": ["verdicts"],
                                                       "properties": {
                "id": {"type": "string"}, "revision": {"type": "integer"},
                "plies": {"type": "integer"},
                "verdicts": {"type": "array", "items": {"type": "object"}},
                "tried": {"type": "array", "items": {"type": "object"}, "description":
                          "The moves our rules refused: ply is the position tried on"}}}),
                **errors("400", "404", "503")},
        },
    },
    "/api/games/{id}/query": {
        "post": {
            "summary": "Ask the position a question: a Prolog goal run in a sandboxed Prolog "
                       "process of its own, with the position bound (docs/console.md)",
            "parameters": [ID],
            "requestBody": body({"type": "object", "required": ["goal"], "properties": {
                "goal": {"type": "string"}}}),
            "responses": {**ok("The answers, as the toplevel gives them", {"type": "object"}),
                          **errors("400", "403", "404", "413", "415", "422", "503")},
        },
    },
    "/api/console": {
        "post": {
            "summary": "A page's console is about to be asked: one of this worker's console "
                       "processes is started ahead of the first query (nothing when one is "
                       "idle or the pool is full); answers at once",
            "responses": {**ok("Accepted", {"type": "object"}, "202"),
                          **errors("403", "413", "415", "503")},
        },
    },
    "/api/games/{id}/sgf": {
        "get": {
            "summary": "A Go game as an SGF record (FF[4], UTF-8), sent as an attachment; 400 "
                       "not_go for another game",
            "parameters": [ID],
            "responses": {"200": {"description": "The SGF record",
                                  "content": {"application/x-go-sgf": {"schema": {"type": "string"}}}},
                          **errors("400", "404", "503", "504")},
        },
    },
    "/api/games/{id}/score": {
        "get": {
            "summary": "The score as it stands, as the game's rules count it (Go: area, with the "
                       "owner of every point)",
            "parameters": [ID],
            "responses": {**ok("The score", {"type": "object", "required": ["id", "score"],
                                              "properties": {"id": {"type": "string"},
                                                             "score": {"type": "object"}}}),
                          **errors("400", "404", "503", "504")},
        },
    },
    "/api/goals/{game}": {
        "post": {
            "summary": "The Prolog panel's goals: an action's explain written by the game's rules "
                       "as goals a student can paste into swipl (prolog/go/goals.pl), from the "
                       "views before and after it; reads and stores nothing",
            "parameters": [{"name": "game", "in": "path", "required": True,
                            "schema": {"type": "string"}}],
            "requestBody": body({"type": "object", "required": ["explain"], "properties": {
                "before": ref("View"), "after": {"oneOf": [ref("View"), {"type": "null"}]},
                "action": {"type": "object"},
                "explain": {"type": "array", "items": {"type": "object", "properties": {
                    "query": {"type": "string"}, "answer": {"type": "string"}}}}}}),
            "responses": {**ok("Each query as a goal ({goal, answer, words}), or as it was "
                               "({query, answer, words}) when it is not a complete goal",
                               {"type": "object", "required": ["goals"], "properties": {
                                   "goals": {"type": "array", "items": {"type": "object"}}}}),
                          **errors("400", "403", "404", "413", "415", "504")},
        },
    },
    "/api/lab/sessions": {
        "post": {
            "summary": "Start the server's Molinolog lab (`tablero lab molinolog FILE.pl`: a "
                       "student's molinolog.pl with our graficos.pl) for this page only, in a "
                       "confined process; 404 no_lab on a server that runs none, 503 lab_busy "
                       "past 16 at once (docs/molinolog.md)",
            "requestBody": body({"type": "object"}, False),
            "responses": {**ok("The lab's window, with its id", ref("LabView"), "201"),
                          **errors("400", "403", "404", "413", "415", "503")},
        },
    },
    "/api/lab/{id}": {
        "get": {
            "summary": "The lab's window as the program drew it; with after=N, answered when "
                       "its revision passes N or after a few seconds (a long poll)",
            "parameters": [ID, {"name": "after", "in": "query", "required": False,
                                "schema": {"type": "integer"}}],
            "responses": {**ok("The window", ref("LabView")), **errors("400", "404")},
        },
    },
    "/api/lab/{id}/event": {
        "post": {
            "summary": "An event for the program's gr_evento/2: a click on a point, a button "
                       "(its index), or the window closed (salir); queued while it is busy",
            "parameters": [ID],
            "requestBody": body({"type": "object", "properties": {
                "click": {"type": "array", "minItems": 2, "maxItems": 2},
                "boton": {"type": "integer"}, "salir": {"type": "boolean"}}}),
            "responses": {**ok("The window", ref("LabView")),
                          **errors("400", "403", "404", "409", "413", "415")},
        },
    },
    "/api/lab/{id}/answer": {
        "post": {
            "summary": "The answer of the open dialog (gr_mensaje/2: ok, gr_pregunta/3: "
                       "respuesta, gr_opciones/4: indice; cerrado: closed without an answer)",
            "parameters": [ID],
            "requestBody": body({"type": "object", "required": ["seq"], "properties": {
                "seq": {"type": "integer"}, "ok": {"type": "boolean"},
                "respuesta": {"type": "string"}, "indice": {"type": "integer"},
                "cerrado": {"type": "boolean"}}}),
            "responses": {**ok("The window", ref("LabView")),
                          **errors("400", "403", "404", "409", "413", "415")},
        },
    },
    "/api/lab/{id}/close": {
        "post": {
            "summary": "The page goes away: the lab's program is ended at once",
            "parameters": [ID],
            "requestBody": body({"type": "object"}, False),
            "responses": {**ok("How it ended", {"type": "object", "properties": {
                "ended": {"type": "string"}}}), **errors("400", "403", "404", "413", "415")},
        },
    },
    "/api/echo": {
        "post": {
            "summary": "Answers with the request body, touching neither Prolog nor storage (a "
                       "baseline for bench/)",
            "requestBody": body({"type": "object"}, False),
            "responses": {**ok("The body", {"type": "object", "properties": {
                "echo": {"type": "object"}}}), **errors("400", "403", "413", "415")},
        },
    },
    "/api/openapi.json": {
        "get": {"summary": "This description",
                "responses": {**ok("OpenAPI 3", {"type": "object"}), **errors()}},
    },
}

schemas = {
    "LabView": {"type": "object", "required": ["id", "revision"], "properties": {
        "id": {"type": "string"}, "revision": {"type": "integer"},
        "file": {"type": "string"}, "goal": {"type": "string"},
        "open": {"type": "boolean"}, "buttons": {"type": "array", "items": {"type": "string"}},
        "board": {"description": "size, points and edges of the board drawn, or null"},
        "pieces": {"type": "array", "description": "[dir, ring, \"b\" | \"w\"]"},
        "marks": {"type": "array", "description": "the points marked seleccion"},
        "status": {"type": "string"},
        "dialog": {"description": "{seq, kind: mensaje | pregunta | opciones, text, options} "
                   "or null"},
        "waiting": {"type": "boolean"}, "queued": {"type": "integer"},
        "ended": {"type": ["string", "null"]}, "error": {"type": ["string", "null"]},
        "output": {"type": "string", "description": "The end of what the program printed, "
                   "once it ended"},
        "poll": {"type": "number"}}},
    "NewGame": {"type": "object", "required": ["game"], "properties": {
        "game": {"type": "string", "enum": ["go", "molinolog", "gorogo", "azul"]},
        "options": {"type": "object", "description": "Declared per game in Prolog "
                    "(tablero:game_option/4; GET /api/games lists them). Go: size (9, 13, 19 on "
                    "the web), preset, komi, ko, black, white. Molinolog: size, black, white, "
                    "depth, protect_mills. GoRoGo: black, white, depth. Azul: players, seed."},
        "casual": {"type": "boolean", "default": True, "description": "Casual games allow undo"},
        "hold": {"type": "array", "items": {"type": "string"}, "description":
                 "The human seats the creator holds (default all); each other human seat "
                 "gets an invitation"},
        "clock": {"type": ["object", "null"], "description": "A clock kept by the server "
                  "(Go, Molinolog, GoRoGo; none by default), by kind: fischer {main: seconds "
                  "1-10800, increment: seconds a move 0-600} (kind may be left out), absolute "
                  "{main} (sudden death), byoyomi (Go) {main: 0-10800, periods: 1-30, period: "
                  "seconds 1-3600}, correspondence {days: days a move 1-30, each move has them "
                  "all again}. It starts with the first action; a side whose time is up loses "
                  "on time (Go: B+T / W+T). A bad setting is 400 bad_clock with the reason",
                  "properties": {"kind": {"type": "string", "enum": ["fischer", "absolute",
                                                                     "byoyomi", "correspondence"]},
                                 "main": {"type": "integer"}, "increment": {"type": "integer"},
                                 "periods": {"type": "integer"}, "period": {"type": "integer"},
                                 "days": {"type": "integer"}}},
        "sgf": {"type": "string", "description": "Go only: the text of an SGF record. The game "
                "is its main line, every move judged by the rules, stored whole or refused "
                "(400 sgf_*: the message names the move and the reason). With sgf, options may "
                "only name the seats (black, white, level)"},
    }},
    "Action": {"type": "object", "required": ["kind"], "description":
               "Declared per game (tablero:game_action/3); a field not declared is refused. "
               "Go: {kind: move, pos: [row, col]} or {kind: move, vertex: \"D4\"}, {kind: pass}, "
               "{kind: resign, player}; after two passes, the scoring phase: {kind: toggle, pos "
               "or vertex, player} (a chain dead or alive), {kind: accept, player}, {kind: resume}. Molinolog: place {point}, move {from, to}, capture "
               "{point}; a point is [direction, ring]. GoRoGo: place {pos, piece}. Azul: take "
               "{source, colour, line}.",
               "properties": {"kind": {"type": "string"}}},
    "Explain": {"type": "array", "description": "The Prolog queries that decided the action "
                "and their answers", "items": {"type": "object", "properties": {
                    "query": {"type": "string"}, "answer": {"type": "string"}}}},
    "View": {"type": "object", "required": ["to_move", "over", "last", "result", "seats",
                                             "machine_to_move"],
             "description": "Everything a board needs; the same vocabulary in every game "
                            "(docs/architecture.md) plus each game's own fields",
             "properties": {
                 "to_move": {"type": ["string", "null"]},
                 "over": {"type": "boolean"},
                 "last": {"type": ["object", "null"]},
                 "result": {"type": ["object", "null"], "properties": {
                     "code": {"type": "string"}, "winner": {"type": ["string", "null"]},
                     "message": {"type": "string"}}},
                 "seats": {"type": "object", "additionalProperties": {"type": "string"}},
                 "machine_to_move": {"type": "boolean"}}},
    "GameReply": {"type": "object", "required": ["id", "game", "revision", "plies", "view"],
                  "properties": {
                      "id": {"type": "string"}, "game": {"type": "string"},
                      "options": {"type": "object"}, "casual": {"type": "boolean"},
                      "revision": {"type": "integer", "description":
                                   "Grows with every change of the game, never goes back"},
                      "plies": {"type": "integer", "description": "Number of actions played"},
                      "view": ref("View"),
                      "holders": {"type": "object", "description": "Per human seat: taken, invited"},
                      "you": {"type": "array", "items": {"type": "string"},
                              "description": "The seats the caller's secret holds"},
                      "undo_request": {"type": ["string", "null"]},
                      "rematch": {"type": ["object", "null"], "description":
                                  "After the game: {offer: seat}, then also {game: the new "
                                  "game's id, seats: old seat -> new seat}"},
                      "clock": {"type": ["object", "null"], "description":
                                "A timed game's clock: its setting (kind and its fields, as "
                                "made), left (seat -> ms left when the running clock started; "
                                "byo-yomi: of the main time, and periods_left: seat -> periods "
                                "left, each of period seconds), running (the "
                                "seat whose time runs, or null), since and deadline (ms since "
                                "the epoch), flag (the seat that lost on time, or null), now "
                                "(the server's instant, ms): the time left of the running "
                                "seat is left - (now - since)"},
                      "student_verdicts": {"type": "object", "description":
                                           "A Go game whose moves a student's rules were "
                                           "asked of (`tablero serve --rules`): asked (moves), "
                                           "differ (how many they disagree on) and plies (where); "
                                           "tried and tried_differ: the moves our rules "
                                           "refused, kept, and on how many theirs disagree"},
                      "explain": ref("Explain"),
                      "actions": {"type": "array", "items": {"type": "object"}},
                      "action": {"type": "object", "description": "The machine's action"},
                      "secrets": {"type": "object", "additionalProperties": {"type": "string"},
                                  "description": "Seat -> secret, for the caller to keep"},
                      "invitations": {"type": "object", "additionalProperties": {"type": "string"},
                                      "description": "Seat -> invitation link"},
                      "record_result": {"type": ["string", "null"], "description":
                                        "A game read from SGF: the file's RE when the game "
                                        "does not end with it (else null)"}}},
    "GameSummary": {"type": "object", "properties": {
        "id": {"type": "string"}, "game": {"type": "string"}, "revision": {"type": "integer"},
        "plies": {"type": "integer"}, "created": {"type": "number"}, "updated": {"type": "number"},
        "seats": {"type": "array", "description": "The seats the secrets given hold (the same as you)",
                  "items": {"type": "string"}},
        "you": {"type": "array", "items": {"type": "string"}},
        "options": {"type": "object"},
        "holders": {"type": "object",
                    "description": "For each human seat: {taken, invited}, as in a game"},
        "view": {"type": "object", "description": "Of the game's view: seats (who sits where), "
                 "to_move, over, result"}}},
    "Listing": {"type": "object", "properties": {
        "available": {"type": "array", "items": {"type": "string"}},
        "gnugo": {"type": "boolean",
                  "description": "Whether GNU Go can take a Go seat on this server"},
        "recent": {"type": "array", "items": ref("GameSummary")},
        "games": {"type": "array", "items": ref("DeclaredGame"),
                  "description": "What each game declares (tablero:api_games/1), in order"}}},
    "DeclaredGame": {"type": "object", "required": ["game", "title", "options", "actions"],
                     "properties": {
        "game": {"type": "string"},
        "title": {"type": "object", "description": "In each language: {en, es}"},
        "options": {"type": "array", "items": {"type": "object"},
                    "description": "Each option: {name, type, default}"},
        "actions": {"type": "array", "items": {"type": "object"},
                    "description": "Each kind of action: {kind, fields}"},
        "format": {"type": "integer"},
        "clocks": {"type": "array", "items": {"type": "string"},
                   "description": "The kinds of clock it can be played on (none: untimed)"},
        "computer": {"type": "object", "description": "Playing the computer, when the game "
                     "declares its difficulties (tablero:game_difficulty/4): seats [{seat, "
                     "option, index?}] in the order they move, order (chosen | drawn), "
                     "options, choices [{option, values, words, label, default}] (what a "
                     "person chooses beside the difficulty: a board), difficulties "
                     "[{difficulty, kind, settings, games: {first, second?}}], games "
                     "holding each order's new-game options"},
        "tournament": {"type": "object", "description": "How `tablero tournament` plays it, "
                       "when the game declares it (tablero:game_tournament/2, "
                       "prolog/tablero/contract.pl): levels (our machine's, after machine:), "
                       "seats [{seat, option, index?}] of a pairing's first and second player, "
                       "and optionally numbered, players, deal, phases, cap, engines, record"},
        "description": {"type": "object", "description": "Its line for the index, by "
                        "language: {en, es} (tablero:game_info/2)"},
        "console": {"type": "object", "description": "What a console goal about one of its "
                    "positions finds bound, in words, and a goal to try (tablero:game_info/2): "
                    "{hint: {en, es}, example}"}}},
    "Error": {"type": "object", "required": ["error"], "properties": {"error": {
        "type": "object", "required": ["code", "message"], "properties": {
            "code": {"type": "string"}, "message": {"type": "string"},
            "explain": ref("Explain"),
            "params": {"type": "object", "description": "The refusal as data, for a page to "
                       "word it in its own language (an SGF file's: reason, move, player, "
                       "vertex, kind, value, min, max, ...; app/sgf.py)"}}}}},
}

#  A move sent with "delta": true: the game as GameReply gives it, view_delta in place of view.
schemas["ViewDelta"] = {
    "type": "object", "required": ["changed", "items", "removed"], "description":
    "What an action changed in the view (the view before it is the one of revision - 1): "
    "the view after it is the view before with each key of changed set to its value, for "
    "each key of items the entries [index, value] of that list replaced (a board's rows), "
    "and the keys of removed taken away",
    "properties": {
        "changed": {"type": "object", "description": "Key -> its new value"},
        "items": {"type": "object", "additionalProperties": {"type": "array", "items": {
            "type": "array", "prefixItems": [{"type": "integer"}, {}]}},
                  "description": "Key (a list as long as before) -> [index, new value] pairs"},
        "removed": {"type": "array", "items": {"type": "string"}}}}
schemas["GameDeltaReply"] = {
    "type": "object", "required": ["id", "game", "revision", "plies", "view_delta"],
    "properties": {**{key: value for key, value in schemas["GameReply"]["properties"].items()
                      if key != "view"},
                   "view_delta": ref("ViewDelta")}}

spec = {
    "openapi": "3.1.0",
    "info": {
        "title": "Tablero API", "version": "0.2.0",
        "description": "Board games whose rules are SWI-Prolog predicates. Every game uses the "
                       "same routes; the rules (in prolog/) decide every action. Errors are JSON "
                       "{error: {code, message, explain}}: "
                       + "; ".join(f"{k} {v}" for k, v in ERRORS.items()) + ".",
    },
    "paths": paths,
    "components": {
        "schemas": schemas,
        "responses": {"Error": {"description": "A refused or malformed request",
                                "content": {"application/json": {"schema": ref("Error")}}}},
        "securitySchemes": {"seat": {"type": "http", "scheme": "bearer", "description":
                                     "The secret of a seat, from secrets in the reply that "
                                     "created the game or took the seat"}},
    },
}

if __name__ == "__main__":
    OUT.write_text(json.dumps(spec, indent=2) + "\n")
    print(f"wrote {OUT}")
