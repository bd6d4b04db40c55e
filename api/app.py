"""The Flask app factory."""

from __future__ import annotations

from types import FunctionType

from flask import Flask

from api import catalog, health, solver
from api.backend import Backend
from api.body import install_body_limit
from api.config import Settings
from api.docs_assets import docs_config, install_docs_assets
from api.errors import GreenroomApi, register_error_handlers
from api.fastpath import install_fast_path
from api.games.history import blp as history_blp
from api.games.lobby import blp as lobby_blp
from api.games.rematch import blp as rematch_blp
from api.games.resources import blp as games_blp
from api.games.seats import blp as seats_blp
from api.games.stream import blp as stream_blp
from api.jobs.hint_schema import BeatEstimateSchema, HintResultSchema
from api.jobs.resources import blp as jobs_blp
from api.json import OrjsonProvider
from api.metrics import install_metrics
from api.observability import install_request_ids
from api.puzzles.resources import blp as puzzles_blp
from api.puzzles.resources import game_blp as game_puzzles_blp
from api.ratelimit import install_proxy_fix, install_rate_limits
from api.request_reads import install_request_reads
from services.store.redis_calls import share_connections
from web import blp as web_blp

API_VERSION = "1.0.0"


class GreenroomFlask(Flask):
    """Flask that asks once per function whether it is a coroutine.

    Flask checks every hook and view on every request (``inspect.iscoroutinefunction``,
    about a dozen calls a request, a visible share of a view's CPU); none of ours is async, and a
    function's nature does not change, so the answer is kept per function (up to
    :data:`SYNC_KEPT` of them: a closure made per request, as ``after_this_request``
    makes, is simply asked about each time).
    """

    SYNC_KEPT = 4096

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._sync: dict = {}

    def ensure_sync(self, func):
        target = getattr(func, "__func__", func)  # a bound method: its function
        if not isinstance(target, FunctionType):
            return super().ensure_sync(func)
        known = self._sync.get(target)
        if known is None:
            known = super().ensure_sync(target) is target
            if len(self._sync) < self.SYNC_KEPT:
                self._sync[target] = known
        return func if known else super().ensure_sync(func)


def create_app(settings: Settings | None = None) -> Flask:
    settings = settings or Settings.from_env()
    app = GreenroomFlask("greenroom")
    app.json = OrjsonProvider(app)
    app.config.update(
        API_TITLE="Greenroom",
        API_VERSION=API_VERSION,
        OPENAPI_VERSION="3.0.3",
        OPENAPI_URL_PREFIX="/",
        OPENAPI_JSON_PATH="openapi.json",
        **docs_config(),
        MAX_CONTENT_LENGTH=settings.max_body_bytes,
    )
    app.extensions["greenroom"] = Backend.from_settings(settings)
    api = GreenroomApi(app, spec_kwargs={"info": {"description": "Music-themed tabletop games"}})
    app.extensions["greenroom_api"] = api
    blueprints = (health.blp, catalog.blp, games_blp, lobby_blp, seats_blp, rematch_blp)
    puzzles = (puzzles_blp, game_puzzles_blp)
    for blp in (*blueprints, history_blp, stream_blp, jobs_blp, solver.blp, *puzzles):
        api.register_blueprint(blp)
    api.spec.components.security_scheme(
        "bearer", {"type": "http", "scheme": "bearer", "description": "seat or host token"}
    )
    # a hint job's result: documented, though the job resource answers it as it is
    api.spec.components.schema("BeatEstimate", schema=BeatEstimateSchema)
    api.spec.components.schema("HintResult", schema=HintResultSchema)
    # the web page is plain Flask, outside the OpenAPI document
    app.register_blueprint(web_blp)
    install_docs_assets(app)
    register_error_handlers(app)
    install_request_ids(app)
    install_metrics(app, app.extensions["greenroom"].queue)
    install_body_limit(app)
    be = app.extensions["greenroom"]
    limiter = install_rate_limits(app, be.limits_redis or be.redis, settings, be.redis)
    install_request_reads(app, be, limiter)
    install_fast_path(app, settings.fast_path)
    share_connections(settings.redis_mux)
    # outermost, so the fast path sees the client address ProxyFix works out
    install_proxy_fix(app, settings)
    return app
