"""Playwright on Debian's chromium, against pytest-django's live server.

Without /usr/bin/chromium the browser tests skip with the reason, except under
CI=true, where a missing browser fails the run.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest
import uvicorn

from config.asgi import application

CHROMIUM = Path(os.environ.get("TALEKEEPER_CHROMIUM", "/usr/bin/chromium"))
# Screenshots for a reviewer who runs no browser (git-ignored; CI keeps the folder).
SHOTS = Path(__file__).resolve().parent / "shots"
# The two devices the issues measure: a phone and a landscape tablet.
PHONE = {"width": 390, "height": 844}
TABLET = {"width": 1180, "height": 820}
VIEWPORTS = {
    "tablet-landscape": {"width": 1024, "height": 768},
    "tablet-portrait": {"width": 768, "height": 1024},
    "phone": {"width": 390, "height": 844},
}
# Chromium's own network chatter is refused on this closed network; keep it quiet.
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# Playwright's sync API runs an event loop in this thread; Django's ORM calls made by the
# tests themselves (setting up tables) are still synchronous and safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "tests/browser/" in str(item.fspath):
            item.add_marker(pytest.mark.browser)
        # Under uvicorn a page's push goes through the database's own channel (LISTEN/NOTIFY
        # on PostgreSQL, the process's hub on SQLite): the one thing a browser sees that
        # differs by database, so `make test-postgres` runs these browser tests and no others.
        if "asgi_url" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.database_push)


@pytest.fixture(scope="session")
def chromium():
    if not CHROMIUM.exists() and not shutil.which("chromium"):
        reason = (
            f"browser tests need Debian's chromium at {CHROMIUM} (make test installs it as root)"
        )
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
        yield browser
        browser.close()


def save_shot(page, name: str, *, full_page: bool = True) -> Path:
    """Keep a screenshot of ``page`` as tests/browser/shots/<name>.png (the whole page by
    default) and return its path. Name it by game (or page) and device size, e.g.
    ``tavern-tales-table-phone``: a later shot of the same name replaces it."""
    SHOTS.mkdir(exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


@pytest.fixture
def shot():
    """``shot(page, name)``: save_shot for tests that prefer a fixture to an import."""
    return save_shot


@pytest.fixture(params=list(VIEWPORTS))
def viewport(request):
    return VIEWPORTS[request.param]


@pytest.fixture
def new_page(chromium, viewport):
    """Open a fresh device (its own cookies) at the test's viewport size."""
    contexts = []

    def open_device(size=None):
        context = chromium.new_context(viewport=size or viewport, has_touch=True)
        context.set_default_timeout(5000)
        contexts.append(context)
        return context.new_page()

    yield open_device
    for context in contexts:
        context.close()


@pytest.fixture
def asgi_url(transactional_db):
    """The app under uvicorn in a thread of this process (the test database is a file)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    config = uvicorn.Config(application, host="127.0.0.1", port=port, log_level="warning")
    config.lifespan = "off"
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.started, "uvicorn did not start"
    yield f"http://127.0.0.1:{port}"
    # Without waiting for the streams a page still holds open: uvicorn would wait for them, the
    # join would time out after 10 s, and the server's thread, its stream and, on PostgreSQL,
    # its listening connection would outlive the test (the CI log's "database is being
    # accessed by other users" when the test database was dropped).
    server.should_exit = server.force_exit = True
    thread.join(timeout=10)
