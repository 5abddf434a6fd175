"""A table's record: the history page, the JSON export, and a new table from an export."""

from __future__ import annotations

from django.http import (
    HttpRequest,
    HttpResponse,
)
from django.shortcuts import redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from games.core.engine import RuleError
from games.models import Table
from games.services import access, exchange, keeping, record, seating, tables
from games.web import credentials
from games.web.table import access_or_404, device_tables


@require_GET
def history_page(request: HttpRequest, code: str) -> HttpResponse:
    """The table's log, for a device holding a seat there (or the keeper's claim); anyone else
    is sent to take a seat, as at the table's page (games/services/access.py ``reads_table``)."""
    table, held = access_or_404(request, code)
    if not access.reads_table(held):
        return redirect("games:seat", code=code)
    return render(
        request,
        "games/history.html",
        {"table": table, "moves": record.history(table), "game": tables.game_of(table)},
    )


@require_GET
def export_table(request: HttpRequest, code: str) -> HttpResponse:
    """The whole table, every secret included: for a keeper only."""
    table, held = access_or_404(request, code)
    document = keeping.export_document(table, by=held)  # AccessDenied: a 403 page
    return json_download(document, table, table.version)


def json_download(document: dict, table: Table, version: int, kind: str = "") -> HttpResponse:
    response = HttpResponse(exchange.document_text(document), content_type="application/json")
    filename = f"talekeeper-{slugify(table.name) or table.game}-v{version}{kind}.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_http_methods(["GET", "POST"])
def import_table(request: HttpRequest) -> HttpResponse:
    error = detail = ""
    if request.method == "POST":
        upload = request.FILES.get("document")
        if upload is None:
            error = _("Choose an exported table file first.")
        else:
            try:
                exchange.check_size(upload.size)  # before the file is read
                mine = [t for t, _held in device_tables(request)]
                table = exchange.import_table(upload.read(), known_tables=mine)
            except RuleError as exc:
                error, detail = str(exc), getattr(exc, "detail", "")
            else:
                # The device that brings a table back keeps it, as the one that starts one.
                response = redirect("games:seat", code=table.code)
                credentials.remember(response, table.code, seating.open_keeper(table))
                return response
    status = 400 if error else 200
    return render(request, "games/import.html", {"error": error, "detail": detail}, status=status)
