"""/docs and /redoc render in a real browser from assets the app serves itself (no CDN)."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest


def _record_requests(page) -> list[str]:
    """Every URL the page asked for, less those its Content-Security-Policy blocked."""
    urls: list[str] = []
    blocked: list[str] = []
    page.on("request", lambda request: urls.append(request.url))
    page.on(
        "requestfailed",
        lambda request: "csp" in (request.failure or "").lower() and blocked.append(request.url),
    )
    page.blocked = blocked
    return urls


def _foreign(page, urls: list[str], base: str) -> list[str]:
    origin = urlsplit(base).netloc
    return [
        u
        for u in urls
        if urlsplit(u).scheme in ("http", "https")
        and urlsplit(u).netloc != origin
        and u not in page.blocked
    ]


def test_swagger_ui_lists_the_operations(page, live_server):
    urls = _record_requests(page)
    page.goto(f"{live_server}/docs")
    # Swagger UI builds one block per operation once it has fetched and parsed the spec
    page.locator(".opblock").first.wait_for()
    paths = page.locator(".opblock-summary-path").all_inner_texts()
    assert any(p.strip().startswith("/v1/games") for p in paths)
    assert any(p.strip() == "/v1/health" for p in paths)
    assert page.locator(".info .title").inner_text().startswith("Greenroom")
    assert _foreign(page, urls, live_server) == []


def test_redoc_renders_the_spec(page, live_server):
    urls = _record_requests(page)
    page.goto(f"{live_server}/redoc")
    page.get_by_role("heading", name="Greenroom").first.wait_for()
    # the side menu names the operations of the spec
    assert page.locator("[role=menuitem]").count() > 5
    assert _foreign(page, urls, live_server) == []


@pytest.mark.parametrize(
    "asset",
    [
        "/docs/assets/swagger-ui/swagger-ui-bundle.js",
        "/docs/assets/swagger-ui/swagger-ui.css",
        "/docs/assets/redoc/redoc.standalone.js",
    ],
)
def test_doc_assets_are_served_locally(client, asset):
    response = client.get(asset)
    assert response.status_code == 200
    assert len(response.data) > 10_000
    response.close()


def test_doc_pages_name_no_outside_host(client):
    for path in ("/docs", "/redoc"):
        html = client.get(path).get_data(as_text=True)
        assert "http://" not in html and "https://" not in html, path
