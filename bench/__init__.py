"""`make bench` and `make loadtest`: how fast the table platform answers, and how much it sends.

``python -m bench`` measures every interaction in-process (Django's test client, a throwaway
SQLite database) next to the bare ``/healthz`` view and prints a table against the targets of
issue 2. ``python -m bench.loadtest`` runs gunicorn with the production settings and hits one
table with 200 polling devices and 5 moves a second.

Nothing here is imported by the product, and importing this package needs no Django: the
in-process bench lives in ``bench.core`` (import it once Django is set up).
"""
