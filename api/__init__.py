"""The HTTP layer: Flask app factory, flask-smorest blueprints, schemas, errors, auth."""

from api.app import create_app

__all__ = ["create_app"]
