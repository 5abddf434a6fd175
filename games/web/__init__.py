"""The HTMX pages: function views over the services, one module per page area, their forms,
urls and middleware. The REST API (games/api) is their twin over the same services."""
