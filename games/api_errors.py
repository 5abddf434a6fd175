"""Every API refusal is JSON with an "error" sentence, whatever DRF raised."""

from __future__ import annotations

from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_handler


def exception_handler(exc, context):
    response = drf_handler(exc, context)
    if response is None:
        return None
    data = response.data
    if isinstance(data, dict) and "detail" in data and len(data) == 1:
        message = str(data["detail"])
    elif isinstance(data, dict):
        message = "; ".join(
            f"{field}: {' '.join(str(m) for m in (msgs if isinstance(msgs, list) else [msgs]))}"
            for field, msgs in data.items()
        )
    else:
        message = str(data)
    return Response({"error": message}, status=response.status_code, headers=response.headers)
