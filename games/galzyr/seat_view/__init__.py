"""What each seat sees (``Game(view_fn=...)``): plain JSON, filtered on the server. Not HTTP
views: those are games/galzyr/web.py."""
