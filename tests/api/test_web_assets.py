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


def test_the_favicon_is_an_icon_shipped_with_the_page(client):
    answer = client.get("/favicon.ico")
    assert answer.status_code == 200
    assert answer.mimetype == "image/vnd.microsoft.icon"
    assert answer.data[:4] == b"\x00\x00\x01\x00"  # an ICO header: reserved 0, type 1 (icon)
    assert answer.data == (STATIC / "favicon.ico").read_bytes()


#: an SVG file names its XML namespace by this URI; nothing is fetched from it
SVG_NAMESPACE = b'xmlns="http://www.w3.org/2000/svg"'


def test_no_asset_comes_from_another_host():
    for path in STATIC.rglob("*"):
        if path.is_file():
            data = path.read_bytes().replace(SVG_NAMESPACE, b"")
            assert b"http://" not in data and b"https://" not in data, path


def test_the_package_data_globs_ship_every_static_file():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    globs = config["tool"]["setuptools"]["package-data"]["web"]
    shipped = {p for g in globs for p in (ROOT / "web").glob(g)}
    on_disk = {p for p in STATIC.rglob("*") if p.is_file()}
    assert on_disk and on_disk == shipped
