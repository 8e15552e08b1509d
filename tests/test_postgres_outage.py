"""PostgreSQL outages under a running app end when PostgreSQL is back (issue 20)."""

from __future__ import annotations

H = {"Origin": "http://localhost"}


def test_an_outage_is_answered_at_once_and_ends_when_postgres_is_back():
    """PostgreSQL stops under a running app: reads and moves answer 503 JSON (Retry-After),
    nothing changes; the first move after it is back is played (no pool back-off)."""
    from tests.pg import Cluster, app_on

    with Cluster() as cluster:
        url = cluster.new_database()
        with app_on(url) as app:
            client = app.test_client()
            made = client.post("/api/games", json={"game": "go", "options": {"size": 9}},
                               headers=H)
            gid, secret = made.json["id"], next(iter(made.json["secrets"].values()))
            auth = {**H, "Authorization": f"Bearer {secret}"}
            move = {"action": {"kind": "move", "pos": [2, 2]}}
            assert client.post(f"/api/games/{gid}/actions", json=move,
                               headers=auth).status_code == 200
            cluster.pause()
            for _ in range(3):
                down = client.post(f"/api/games/{gid}/actions",
                                   json={"action": {"kind": "move", "pos": [3, 3]}},
                                   headers=auth)
                assert down.status_code == 503, down.json
                assert down.json["error"]["code"] == "storage_unavailable"
                assert down.headers["Retry-After"]
                assert client.get(f"/api/games/{gid}").status_code == 503
                health = client.get("/healthz")
                assert health.status_code == 503
                assert health.json["checks"]["database"].startswith("failed")
            cluster.resume()
            back = client.post(f"/api/games/{gid}/actions",
                               json={"action": {"kind": "move", "pos": [3, 3]}}, headers=auth)
            assert back.status_code == 200, back.json
            assert back.json["plies"] == 2
            assert client.get("/healthz").status_code == 200
