"""A page that a device's credential does not open answers 403 with the sentence that says
why: any page view may let ``AccessDenied`` (games/services/access.py) rise, and it is answered here,
once, without the traceback Django would log for a PermissionDenied."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games.services.access import AccessDenied


class AccessDeniedPages:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception):
        if isinstance(exception, AccessDenied) and not request.path.startswith("/api/"):
            return render(request, "403.html", {"exception": str(exception)}, status=403)
        return None
