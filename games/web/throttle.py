"""Limits on guessing: table codes, join links and seat claims, per client address.

A code finds a table, so a guesser's only tool is asking many codes; a join link's key opens a
seat, so the same for keys. Each failure (a 404 under a table's address, an unknown code typed
on the home page, a join key refused) is counted with DRF's throttle over Django's cache; past
``settings.GUESS_RATE`` failures a client is answered 429 with ``Retry-After`` on every table
address — successes included, so a blocked guesser learns nothing — until the window passes.
Only failures count: a group playing all evening never meets the limit.

With several worker processes, a shared cache (``REDIS_URL``, docs/deploy.md) makes the limit
one per address; the default in-process cache gives each worker its own count. The address is
the connection's, or behind ``TALEKEEPER_PROXIES`` trusted proxies the one the nearest proxy
saw (DRF's NUM_PROXIES): a client's own X-Forwarded-For is never believed.
"""

from __future__ import annotations

import math
import re

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import ngettext
from rest_framework.throttling import SimpleRateThrottle

from games.web import credentials

# The addresses where a code or a key is looked up; importing a file or creating a table is not
# a guess, and every other page is free.
GUARDED = re.compile(r"^/(t/|join/|api/tables/(?!$|import/$))")
# Where a refused join key (or spare keeper key, over the API) answers 403: a guess at a key.
CLAIMS = re.compile(r"/(seat|claim|keeper)/$|/join/")
PAGE_CODE = re.compile(r"^/t/([^/]+)/")


def holds_cookie(request: HttpRequest) -> bool:
    """Whether the request carries a seat cookie this server signed for the table in its path:
    a device the server seated, not a guesser (its table may be gone since, which is no guess;
    and a household sharing an address with a guesser keeps its own tables)."""
    found = PAGE_CODE.match(request.path)
    return bool(found) and credentials.page_secret(request, found.group(1)) is not None


class GuessThrottle(SimpleRateThrottle):
    scope = "guesses"

    def get_rate(self) -> str:
        return settings.GUESS_RATE

    def get_cache_key(self, request, view) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}

    def blocked_for(self, request: HttpRequest) -> float | None:
        """Seconds this client must wait, or None; records nothing."""
        self.key = self.get_cache_key(request, None)
        self.history = self.cache.get(self.key, [])
        self.now = self.timer()
        while self.history and self.history[-1] <= self.now - self.duration:
            self.history.pop()
        return self.wait() if len(self.history) >= self.num_requests else None

    def record_failure(self, request: HttpRequest) -> None:
        if self.blocked_for(request) is None:
            self.throttle_success()  # DRF's name: it appends now to the history and stores it


def failed_guess(request: HttpRequest) -> None:
    """Mark this request as a wrong guess (a view that answers without a 404 says so)."""
    request.failed_guess = True


def too_many(request: HttpRequest, wait: float) -> HttpResponse:
    seconds = max(1, math.ceil(wait or 1))
    message = ngettext(
        "Too many wrong table codes or join links from this address. Try again in %(n)s second.",
        "Too many wrong table codes or join links from this address. Try again in %(n)s seconds.",
        seconds,
    ) % {"n": seconds}
    if request.path.startswith("/api/"):
        response = JsonResponse({"error": message}, status=429)
    else:
        response = render(request, "games/too_many.html", {"message": message}, status=429)
    response["Retry-After"] = str(seconds)
    return response


class GuessLimitMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not GUARDED.match(request.path) or holds_cookie(request):
            return self.get_response(request)
        throttle = GuessThrottle()
        wait = throttle.blocked_for(request)
        if wait is not None:
            return too_many(request, wait)
        response = self.get_response(request)
        if (
            response.status_code == 404
            or (response.status_code == 403 and CLAIMS.search(request.path))
            or getattr(request, "failed_guess", False)
        ):
            throttle.record_failure(request)
        return response
