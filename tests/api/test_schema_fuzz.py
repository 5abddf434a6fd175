"""schemathesis against our own OpenAPI schema, every check: no server error, every answer
documented and shaped as documented, invalid data refused, credentials as declared, and a
schema-valid request accepted — except where the rules have the last word (RULED below).
"""

import os
from io import StringIO

import pytest
import schemathesis
from django.core.management import call_command
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

from config.wsgi import application
from games.galzyr.shelf import forget_books


@pytest.fixture(autouse=True)
def keep_test_connection_open():
    # Like Django's test client: a WSGI request must not close the test transaction's connection.
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def sample_world(db):
    """A world with a book, as `make run` has: a new Lands of Galzyr table reads it."""
    forget_books()
    call_command("load_world", "fixtures/worlds/sallowmere-marches", stdout=StringIO())
    yield
    forget_books()  # the test's rows are rolled back: so must the shelf be


schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application)


# make test: a few examples per operation, the same ones every run (derandomized: a red run
# is reproducible). A release runs many more, at random (README: SCHEMA_FUZZ_EXAMPLES).
EXAMPLES = int(os.environ.get("SCHEMA_FUZZ_EXAMPLES", "12"))
FIXED = "SCHEMA_FUZZ_EXAMPLES" not in os.environ


# Where the rules, not the schema, have the last word, "valid data is accepted" can't hold:
# a new table's setup refuses choices that don't go together (Discord outside campaign mode),
# a move is refused when it does not fit the table's state, and an import is accepted only
# when its log replays by the rules (games/services/replay.py). Each answers 400 with a sentence.
RULED = {
    ("/api/tables/", "post"),
    ("/api/tables/{code}/moves/", "post"),
    ("/api/tables/import/", "post"),
}


@pytest.mark.django_db
@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    derandomize=FIXED,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
def test_api_answers_as_its_schema_says(case, sample_world):
    ruled = (case.path, case.method.lower()) in RULED
    case.call_and_validate(excluded_checks=[positive_data_acceptance] if ruled else [])
