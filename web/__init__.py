"""The web page: static files served by the API at ``/`` (no CDN, no build step).

The page speaks only the public HTTP API; this blueprint just hands out the
files shipped in ``web/static``.
"""

from __future__ import annotations

import mimetypes
from pathlib import Path

from flask import Blueprint, Response, send_from_directory

STATIC = Path(__file__).resolve().parent / "static"

# ES modules must come with a JavaScript MIME type; some systems map .js oddly
mimetypes.add_type("text/javascript", ".js")
mimetypes.add_type("text/css", ".css")
mimetypes.add_type("image/vnd.microsoft.icon", ".ico")

blp = Blueprint("web", __name__)

#: assets change with the package, not per request: let the browser revalidate
MAX_AGE_S = 60


@blp.get("/")
def index() -> Response:
    """The single page: lobby, tables, puzzles and replays (hash routes)."""
    return send_from_directory(STATIC, "index.html", max_age=0)


@blp.get("/web/<path:name>")
def asset(name: str) -> Response:
    """A script, style sheet or image of the page."""
    return send_from_directory(STATIC, name, max_age=MAX_AGE_S)


@blp.get("/favicon.ico")
def favicon() -> Response:
    """The tab icon: browsers ask for it at this fixed path whatever the page links."""
    return send_from_directory(STATIC, "favicon.ico", max_age=MAX_AGE_S)
