"""The request path's shortcuts inside Flask keep Flask's and webargs's answers."""

from __future__ import annotations

import marshmallow as ma
from flask import Flask

from api.blueprint import Blueprint


def test_ensure_sync_keeps_sync_functions_and_still_wraps_coroutines(app):
    def plain():
        return "x"

    async def coroutine():
        return "x"

    class View:
        def get(self):
            return "x"

    view = View()
    for _ in range(2):  # the second time from what was kept
        assert app.ensure_sync(plain) is plain
        bound = view.get
        assert app.ensure_sync(bound) is bound
        try:
            wrapped = app.ensure_sync(coroutine)
        except RuntimeError as error:  # Flask without its async extra refuses it outright
            assert "async" in str(error)
        else:
            assert wrapped is not coroutine


class _Query(ma.Schema):
    seat = ma.fields.Integer()
    page = ma.fields.Integer(load_default=1)


def test_an_empty_query_string_parses_to_the_schemas_defaults_each_time_afresh():
    parser = Blueprint.ARGUMENTS_PARSER
    schema = _Query()
    app = Flask("t")
    with app.test_request_context("/x"):
        first = parser.parse(schema, location="query")
        assert first == {"page": 1}
        first["page"] = 99  # a resource changing its arguments changes only its own
        assert parser.parse(schema, location="query") == {"page": 1}
    with app.test_request_context("/x?seat=1&page=3"):
        assert parser.parse(schema, location="query") == {"seat": 1, "page": 3}
    with app.test_request_context("/x?page=zz"):
        try:
            parser.parse(schema, location="query")
        except Exception as error:  # webargs aborts with a 400
            assert getattr(error, "code", None) == 400
        else:
            raise AssertionError("a bad query string was accepted")
