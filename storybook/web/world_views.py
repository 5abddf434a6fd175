"""The worlds page: the loaded worlds, and a form to upload a world bundle (zip).

Everyone sees the list; the upload form is a librarian's (``librarians``), and the
POST refuses anyone else.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from librarians import is_librarian, librarian_required
from storybook import services


@require_http_methods(["GET", "POST"])
@librarian_required()
def worlds_page(request: HttpRequest) -> HttpResponse:
    error, diagnostics, loaded = "", [], None
    if request.method == "POST":
        upload = request.FILES.get("bundle")
        if upload is None:
            error = _("Choose a world bundle (a .zip of the world's folder) first.")
        else:
            try:
                loaded = services.import_world_zip(upload, upload.name)
            except services.WorldRefused as exc:
                error, diagnostics = str(exc), exc.diagnostics
    context = {
        "worlds": services.loaded_worlds(),
        "error": error,
        "diagnostics": diagnostics,
        "loaded": loaded,
        "librarian": is_librarian(request.user),
    }
    return render(request, "storybook/worlds.html", context, status=400 if error else 200)
