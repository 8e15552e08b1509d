"""Make a database the way an earlier release made it: finished and unfinished games of
every kind, played through that release's own API.

    git worktree add /tmp/tablero-old <commit>
    .venv/bin/python scripts/release_db.py /tmp/tablero-old tests/data/<name>.db

The release's code is imported from its worktree (its app/ and prolog/), with this
clone's virtual environment.  What it made is read back by tests/test_upgrades.py, which
checks that today's code opens every game, and that every game the release had finished
is still finished, with the same result.  Only the API is used, so any release with the
JSON API can make one.  Games made (as far as the release supports them):

- Go 9x9: two passes after a few moves (in the first release two passes ended and counted
  the game; later a scoring phase follows, accepted by both);
- Go 9x9: a resignation; Go 9x9 unfinished;
- Molinolog, GoRoGo and Azul: machine against machine to the end, and one unfinished.
"""

from __future__ import annotations

import sys
from pathlib import Path

H = {"Origin": "http://localhost"}


def main(worktree: str, database: str) -> None:
    sys.path.insert(0, str(Path(worktree).resolve()))
    from app import create_app   # the release's

    Path(database).unlink(missing_ok=True)
    app = create_app({"TESTING": True, "DATABASE": str(Path(database).resolve())})
    c = app.test_client()

    def post(url, body, secret=None):
        headers = dict(H)
        if secret:
            headers["Authorization"] = f"Bearer {secret}"
        resp = c.post(url, json=body, headers=headers)
        return resp.status_code, resp.get_json()

    def create(game, options):
        status, body = post("/api/games", {"game": game, "options": options})
        assert status == 201, body
        secrets = body.get("secrets") or {}
        return body["id"], next(iter(secrets.values()), None)

    def act(gid, secret, action):
        return post(f"/api/games/{gid}/actions", {"action": action}, secret)

    made = []
    # Go: two passes
    gid, s = create("go", {"size": 9})
    for action in ({"kind": "move", "pos": [2, 2]}, {"kind": "move", "pos": [6, 6]},
                   {"kind": "move", "pos": [2, 6]}, {"kind": "move", "pos": [6, 2]},
                   {"kind": "pass"}, {"kind": "pass"}):
        status, body = act(gid, s, action)
        assert status == 200, body
    view = body["view"]
    if not view.get("over") and view.get("phase") == "scoring":
        for player in (view.get("to_move"), ):
            pass
        for _ in range(2):
            view = c.get(f"/api/games/{gid}").get_json()["view"]
            waiting = view.get("to_move") or view.get("waiting") or "b"
            status, body = act(gid, s, {"kind": "accept", "player": waiting})
            if status != 200:
                status, body = act(gid, s, {"kind": "accept"})
    made.append(("go two passes", gid))
    # Go: resignation
    gid, s = create("go", {"size": 9})
    act(gid, s, {"kind": "move", "pos": [4, 4]})
    status, body = act(gid, s, {"kind": "resign", "player": "w"})
    if status != 200:
        status, body = act(gid, s, {"kind": "resign"})
    made.append(("go resigned", gid))
    gid, s = create("go", {"size": 9})
    act(gid, s, {"kind": "move", "pos": [4, 4]})
    made.append(("go unfinished", gid))
    # The other games, machine against machine
    for game, options in (("molinolog", {"size": 1, "black": "machine", "white": "machine",
                                         "depth": 1}),
                          ("gorogo", {"black": "machine", "white": "machine", "depth": 1}),
                          ("azul", {"players": ["greedy", "random"], "seed": 7})):
        try:
            gid, s = create(game, options)
        except AssertionError as exc:
            print(f"{game}: not made ({exc})")
            continue
        for _ in range(400):
            status, body = post(f"/api/games/{gid}/machine", {}, s)
            if status != 200 or body["view"].get("over"):
                break
        made.append((f"{game} machines", gid))
    for name, gid in made:
        view = c.get(f"/api/games/{gid}").get_json()["view"]
        print(f"{name:20} {gid} over={view.get('over')} result={view.get('result')}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
