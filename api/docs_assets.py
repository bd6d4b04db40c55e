"""The scripts and styles of ``/docs`` (Swagger UI) and ``/redoc``, served by the app itself.

Swagger UI comes from the ``swagger-ui-bundle`` wheel; ReDoc's standalone
bundle (MIT, from its npm package, version in the file's header) is vendored
under ``api/static/redoc``, since no maintained PyPI package ships it.  Nothing
is fetched from a CDN, so the docs work on a machine without internet access.
"""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Flask, Response, request, send_from_directory
from swagger_ui_bundle import swagger_ui_path

ASSETS_PREFIX = "/docs/assets"
REDOC_DIR = Path(__file__).resolve().parent / "static" / "redoc"

blp = Blueprint("docs_assets", __name__)


@blp.get(f"{ASSETS_PREFIX}/swagger-ui/<path:filename>")
def swagger_ui_asset(filename: str):
    return send_from_directory(str(swagger_ui_path), filename, max_age=24 * 3600)


@blp.get(f"{ASSETS_PREFIX}/redoc/<path:filename>")
def redoc_asset(filename: str):
    return send_from_directory(REDOC_DIR, filename, max_age=24 * 3600)


def docs_config() -> dict[str, object]:
    """flask-smorest settings pointing the docs pages at the local assets."""
    return {
        "OPENAPI_SWAGGER_UI_PATH": "/docs",
        "OPENAPI_SWAGGER_UI_URL": f"{ASSETS_PREFIX}/swagger-ui/",
        # no badge: Swagger UI would otherwise send the spec to an outside validator
        "OPENAPI_SWAGGER_UI_CONFIG": {"validatorUrl": None},
        "OPENAPI_REDOC_PATH": "/redoc",
        "OPENAPI_REDOC_URL": f"{ASSETS_PREFIX}/redoc/redoc.standalone.js",
    }


#: the docs pages may load nothing from elsewhere: ReDoc's side menu, for one, shows a logo
#: from its vendor's CDN, which this keeps the browser from fetching
DOCS_CSP = (
    "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; font-src 'self' data:; worker-src 'self' blob:; connect-src 'self'"
)
DOCS_PAGES = ("/docs", "/redoc")


def install_docs_assets(app: Flask) -> None:
    app.register_blueprint(blp)

    @app.after_request
    def docs_csp(response: Response) -> Response:
        if request.path in DOCS_PAGES:
            response.headers["Content-Security-Policy"] = DOCS_CSP
        return response
