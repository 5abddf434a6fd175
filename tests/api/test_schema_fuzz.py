"""schemathesis against our own OpenAPI schema, every check but one: no server error, every
answer documented and shaped as documented, invalid data refused, credentials as declared.

Left out: "a schema-valid request is accepted". A body can fit the schema and still break a
game's rules (options a game refuses, a move out of turn, a name with a control character):
that is a 400 with a sentence by design, which the schema can't express.
"""

import os

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

from config.wsgi import application


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


schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application)


# make test: a few examples per operation, the same ones every run (derandomized: a red run
# is reproducible). A release runs many more, at random (README: SCHEMA_FUZZ_EXAMPLES).
EXAMPLES = int(os.environ.get("SCHEMA_FUZZ_EXAMPLES", "12"))
FIXED = "SCHEMA_FUZZ_EXAMPLES" not in os.environ


@pytest.mark.django_db
@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    derandomize=FIXED,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
def test_api_answers_as_its_schema_says(case):
    case.call_and_validate(excluded_checks=[positive_data_acceptance])
