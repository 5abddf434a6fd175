from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from games.web import home as game_views

urlpatterns = [
    path("", include("games.web.urls")),
    path("api/", include("games.api.urls")),
    path("", include("storybook.web.urls")),
    path("api/", include("storybook.web.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("admin/", admin.site.urls),
    path("healthz", game_views.healthz, name="healthz"),
]

handler400 = "games.api.errors.bad_request"
handler404 = "games.api.errors.not_found"
handler500 = "games.api.errors.server_error"
