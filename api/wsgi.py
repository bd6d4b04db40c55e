"""The WSGI entry point for gunicorn: ``gunicorn api.wsgi:app``."""

import os

from api.app import create_app
from api.observability import configure_logging
from services.registry import all_games

configure_logging(os.environ.get("LOG_LEVEL", "INFO"))
app = create_app()
for game in all_games():
    game.warm_up()
