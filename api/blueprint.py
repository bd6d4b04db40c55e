"""flask-smorest's Blueprint with one change: a body that fails its schema is a 400.

The contract keeps 422 for requests that are well formed but break a game
rule or name invalid options; a malformed request is a 400.
"""

from __future__ import annotations

from flask_smorest import Blueprint as _Blueprint
from webargs.flaskparser import FlaskParser


class _Parser(FlaskParser):
    DEFAULT_VALIDATION_STATUS = 400


class Blueprint(_Blueprint):
    ARGUMENTS_PARSER = _Parser()
