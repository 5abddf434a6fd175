"""Push: every open table page holds one server-sent-events stream for its table.

A move, undo or restore announces the table's new version (``announce``, called once from
``games.services.tables.save_move``); each open stream of that table sends it, and the page fetches its
own seat's fragment exactly as a poll that finds a change does. The stream carries the code
and the version only: nothing a seat keeps secret.

- ``hub``: the streams open in this process, by table code (thread-safe publishing).
- ``postgres``: PostgreSQL's LISTEN/NOTIFY, one listening connection per process (``listening``),
  so several workers and machines hear each other's moves. On SQLite (one process) the hub
  hears the announcements of its own process directly.

The stream itself is a page's: games/web/stream.py, the async view (served through ASGI:
uvicorn workers under gunicorn) over the hub and the services. So this package sits below the
services, which announce through it, and imports none of them.
"""

from games.live.announce import announce

__all__ = ["announce"]
