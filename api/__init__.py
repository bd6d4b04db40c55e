"""The HTTP layer: Flask app factory, flask-smorest blueprints, schemas, errors, auth.

``create_app`` is imported lazily so that gunicorn's master, which reads
``api.gunicorn_conf``, does not load the app (and redis, ssl, ...) before the
gevent worker has monkey-patched the standard library.
"""

from typing import Any

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from api.app import create_app

        return create_app
    raise AttributeError(name)
