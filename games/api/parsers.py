"""The API's JSON bodies, read by the project's one bounded JSON reader (games/services/bounded_json.py)."""

from __future__ import annotations

from django.conf import settings
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from games.services import bounded_json


class BoundedJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        text = stream.read() if stream is not None else b""
        try:
            return bounded_json.loads(text, max_bytes=settings.DATA_UPLOAD_MAX_MEMORY_SIZE)
        except bounded_json.JsonRefused as exc:
            raise ParseError(str(exc)) from None
