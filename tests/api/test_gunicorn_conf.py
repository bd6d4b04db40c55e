"""gunicorn's hooks, called as gunicorn calls them in a worker."""

from __future__ import annotations

import gc

from api import gunicorn_conf
from api.serve import gunicorn_argv


def test_the_product_and_its_baseline_are_served_with_these_hooks():
    for app in ("api.wsgi:app", "bare_app:app"):
        argv = gunicorn_argv(8000, 2, 8, app=app)
        assert argv[argv.index("--config") + 1] == "python:api.gunicorn_conf"


def test_a_worker_keeps_its_loaded_app_out_of_the_collector():
    """After the hook, a full collection does not walk what the worker held: it is
    frozen, and only objects made afterwards are tracked in the generations."""
    held = [[i] for i in range(1_000)]  # stands for the loaded app
    gc.unfreeze()
    try:
        gunicorn_conf.post_worker_init(None)
        assert gc.get_freeze_count() >= len(held)
        tracked = {id(o) for o in gc.get_objects()}
        assert not any(id(o) in tracked for o in held)
        made_after = [[]]  # what a request makes: tracked as ever
        assert id(made_after) in {id(o) for o in gc.get_objects()}
    finally:
        gc.unfreeze()
