"""schemathesis against the committed openapi.yaml and the live app: no 5xx, no response
that violates the spec, for a bounded number of generated requests per operation."""

from __future__ import annotations

from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

ROOT = Path(__file__).resolve().parents[2]

schema = schemathesis.openapi.from_path(ROOT / "openapi.yaml")


@schema.parametrize()
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_operation_conforms(case, app):
    case.operation.schema.app = app
    # a well-formed request may still break a game rule (seats, options, moves): the
    # contract answers those with a documented 422, so "valid shape => 2xx" does not hold
    case.call_and_validate(app=app, excluded_checks=[positive_data_acceptance])


@pytest.mark.slow
@schema.parametrize()
@settings(max_examples=500, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_operation_conforms_at_length(case, app):
    """The same contract, with many more generated requests per operation."""
    case.operation.schema.app = app
    case.call_and_validate(app=app, excluded_checks=[positive_data_acceptance])
