"""schemathesis against our own OpenAPI schema: no generated request may cause a 5xx."""

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

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


@pytest.mark.django_db
@schema.parametrize()
@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
def test_api_never_answers_5xx(case):
    case.call_and_validate(checks=[not_a_server_error])
