"""Print the OpenAPI document generated from the app, as YAML (``make openapi``)."""

from __future__ import annotations

import sys

import yaml

from api.app import create_app
from api.config import Settings


def spec_yaml() -> str:
    # the spec does not depend on Redis; no connection is made while building it
    app = create_app(Settings())
    with app.app_context():
        spec = app.extensions["greenroom_api"].spec.to_dict()
    return yaml.safe_dump(spec, sort_keys=True, allow_unicode=True)


def main() -> None:
    sys.stdout.write(spec_yaml())


if __name__ == "__main__":
    main()
