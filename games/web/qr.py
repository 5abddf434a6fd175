"""A link as the keeper's screen shows it: the address to copy, and its QR code to scan."""

from __future__ import annotations

import segno
from django.http import HttpRequest


def qr_svg(url: str) -> str:
    """The link as an inline SVG QR code (segno draws it; nothing leaves the server)."""
    return segno.make(url, error="m").svg_inline(scale=4, border=2, omitsize=True)


def link_and_qr(request: HttpRequest, path: str) -> dict[str, str]:
    """This server's absolute address for ``path`` and its QR code (``url``, ``qr``)."""
    url = request.build_absolute_uri(path)
    return {"url": url, "qr": qr_svg(url)}
