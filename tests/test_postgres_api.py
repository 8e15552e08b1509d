"""What every game's API does alike (tests/test_api_common.py), again with PostgreSQL
behind the app: create with seats, act, refusals and stale writes that change nothing,
undo and undo requests, machine turns, invitations, listings.

The tests are test_api_common's own, collected a second time here with this module's
`app` fixture: an app on a PostgreSQL database (one per module of the session's throw-away
cluster; every test makes its own games and seats, so they do not see one another's).
"""

from __future__ import annotations

import pytest

from .pg import app_on
from .test_api_common import *  # noqa: F401,F403  (the tests, GAMES, pytestmark)

#  These never reach storage: running them twice proves nothing.
for _name in ("test_unknown_option_is_refused_by_the_one_parser",
              "test_every_declared_option_is_type_checked", "test_text_board_from_prolog"):
    globals().pop(_name, None)


@pytest.fixture(scope="module")
def module_database(pg_cluster):
    url = pg_cluster.new_database()
    yield url
    pg_cluster.drop_database(url)


@pytest.fixture
def app(module_database):
    with app_on(module_database) as app:
        yield app
