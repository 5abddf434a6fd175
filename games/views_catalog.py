"""A game's card catalog: edit the group's card data as YAML, or download it.

Everyone may read and download it; saving it is a librarian's (``storybook.librarian``): the
forms are shown to librarians only, and the POST refuses anyone else.
"""

from __future__ import annotations

from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
)
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from games import catalogs, codes
from games.engine import RuleError
from games.registry import get_game
from games.views_table import table_or_404
from storybook.librarian import is_librarian, librarian_required


def _game_or_404(slug: str):
    try:
        return get_game(slug)
    except LookupError:
        raise Http404(_("No such game.")) from None


@require_http_methods(["GET", "POST"])
@librarian_required()
def catalog_page(request: HttpRequest, game_slug: str) -> HttpResponse:
    """Edit the group's card data as YAML, upload a file, or save a table's entries."""
    game = _game_or_404(game_slug)
    if game.Catalog is None:
        raise Http404(_("This game has no card catalog."))
    error, notice = "", ""
    text = None
    if request.method == "POST":
        upload = request.FILES.get("file")
        try:
            if request.POST.get("from_table"):
                table = table_or_404(codes.normalize(request.POST["from_table"]))
                if table.game != game.slug:
                    raise RuleError(_("That table plays another game."))
                data = catalogs.from_table(game, table.state)
            else:
                if upload is not None:
                    if upload.size > catalogs.MAX_BYTES:
                        raise RuleError(_("A catalog file can be at most 1 MB."))
                    text = upload.read().decode("utf-8", errors="replace")
                else:
                    text = request.POST.get("yaml", "")
                data = catalogs.parse_yaml(game, text)
        except RuleError as exc:
            error = str(exc)
        else:
            catalogs.save(game, data)
            notice = _("Saved. New tables of %(game)s start with this card data.") % {
                "game": game.title
            }
            text = None
    if text is None:
        text = catalogs.to_yaml(catalogs.saved(game))
    return render(
        request,
        "games/catalog.html",
        {
            "game": game,
            "yaml": text,
            "error": error,
            "notice": notice,
            "librarian": is_librarian(request.user),
        },
        status=400 if error else 200,
    )


@require_GET
def catalog_download(request: HttpRequest, game_slug: str) -> HttpResponse:
    game = _game_or_404(game_slug)
    response = HttpResponse(
        catalogs.to_yaml(catalogs.saved(game)), content_type="application/yaml; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{game.slug}-catalog.yaml"'
    return response
