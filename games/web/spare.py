"""The keeper's spare link on the pages (games/services/spare.py): opening it asks "Keep the
table on this device?", and one tap makes the device a keeper, so a group whose keeping tablet
forgot its cookies (or died) frees its seats and plays on. A wrong or renewed link is refused
with a sentence, counted as a guess (games/web/throttle.py), and changes nothing."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from games.services import access, spare
from games.web import credentials, throttle
from games.web.table import access_or_404, to_seat_page


@require_http_methods(["GET", "POST"])
def spare_keeper(request: HttpRequest, code: str, key: str) -> HttpResponse:
    """GET: what the link does, and the button; POST: this device keeps the table."""
    table, held = access_or_404(request, code)
    context = {"table": table, "key": key, "held": held}
    if not spare.valid_spare(table, key):
        throttle.failed_guess(request)
        context["refusal"] = str(spare.refused())
        return render(request, "games/spare_keeper.html", context, status=403)
    if request.method == "GET":
        return render(request, "games/spare_keeper.html", context)
    try:
        secret, _now = spare.use_spare(code, key, secret=credentials.page_secret(request, code))
    except access.AccessDenied as exc:  # renewed between the page and the tap
        context["refusal"] = str(exc)
        return render(request, "games/spare_keeper.html", context, status=403)
    messages.success(
        request,
        _(
            "This device keeps the table now: free the seats the lost device held, and "
            "renew the spare link below if anyone else may have a copy of it."
        ),
    )
    response = to_seat_page(request, code)
    credentials.remember(response, code, secret)
    return response
