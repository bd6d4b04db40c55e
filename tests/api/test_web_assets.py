"""The web page's files: served by the app with the right types, all shipped in the wheel."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "web" / "static"


def test_the_page_and_its_modules_are_served_with_their_types(client):
    page = client.get("/")
    assert page.status_code == 200 and page.mimetype == "text/html"
    assert b'type="module" src="/web/js/main.js"' in page.data
    script = client.get("/web/js/main.js")
    assert script.status_code == 200 and script.mimetype == "text/javascript"
    assert client.get("/web/css/app.css").mimetype == "text/css"
    assert client.get("/web/js/nothing.js").status_code == 404
    assert client.get("/web/../api/app.py").status_code == 404


def test_no_asset_comes_from_another_host():
    for path in STATIC.rglob("*"):
        if path.is_file():
            text = path.read_text()
            assert "http://" not in text and "https://" not in text, path


def test_the_package_data_globs_ship_every_static_file():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    globs = config["tool"]["setuptools"]["package-data"]["web"]
    shipped = {p for g in globs for p in (ROOT / "web").glob(g)}
    on_disk = {p for p in STATIC.rglob("*") if p.is_file()}
    assert on_disk and on_disk == shipped
