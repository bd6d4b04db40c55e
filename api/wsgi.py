"""The WSGI entry point for gunicorn: ``gunicorn api.wsgi:app``."""

import os

from api.app import create_app
from api.observability import configure_logging

configure_logging(os.environ.get("LOG_LEVEL", "INFO"))
app = create_app()
