# Talekeeper: `make run` to play, `make test` to check. Both set themselves up from scratch.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP_RUN := $(VENV)/.installed-run
STAMP_TEST := $(VENV)/.installed-test
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run serve test test-postgres browser lint bench loadtest clean

# INSTALL=no uses VENV as it is and installs nothing into it: a virtualenv that already holds
# Talekeeper's packages, on a machine without network (make run VENV=~/talekeeper/.venv
# INSTALL=no). Another checkout's stays its own: pip would point its editable install here.
INSTALL ?= yes
ifeq ($(INSTALL),no)
$(PY) $(STAMP_RUN) $(STAMP_TEST):
	@test -x $(PY) || { echo "INSTALL=no: no $(PY); give VENV=<a virtualenv with Talekeeper's packages>" >&2; exit 1; }
else
$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP_RUN): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e .
	touch $@

$(STAMP_TEST): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[test,load]'
	touch $@ $(STAMP_RUN)
endif

# uvicorn, not runserver: a table page's stream (games/web/stream.py) needs ASGI. Reloads on edits.
run: $(STAMP_RUN)
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_fixtures
	DJANGO_DEBUG=true $(PY) -m uvicorn config.asgi:application --host $(HOST) --port $(PORT) \
		--reload --reload-include '*.html' --reload-include '*.js' --reload-include '*.css'

# For the tablets on your network: gunicorn with uvicorn workers (ASGI) and the production
# settings (DEBUG off), a secret key generated once and kept outside the repository, and the hosts allowed
# in ALLOWED (e.g. make serve HOST=0.0.0.0 ALLOWED=192.168.1.20). docs/deploy.md for a server.
SECRET_KEY_FILE ?= $(HOME)/.config/talekeeper/secret_key
ALLOWED ?= $(HOST)
# One process: on SQLite a move is announced to the streams of its own process only
# (games/live); several workers need PostgreSQL (docs/deploy.md).
WORKERS ?= 1
serve: export DJANGO_STATIC_ROOT = $(CURDIR)/$(VENV)/collected-static
serve: export TALEKEEPER_CACHE_DIR = $(CURDIR)/$(VENV)/cache
serve: $(STAMP_RUN)
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_fixtures
	$(PY) manage.py collectstatic --noinput -v 0
	DJANGO_DEBUG=false DJANGO_SECRET_KEY_FILE=$(SECRET_KEY_FILE) \
	DJANGO_ALLOWED_HOSTS=$(ALLOWED),127.0.0.1,localhost \
	$(VENV)/bin/gunicorn config.asgi -k uvicorn_worker.UvicornWorker --bind $(HOST):$(PORT) \
		--workers $(WORKERS) --keep-alive 5 --timeout 30 --graceful-timeout 5 \
		--access-logfile -

# Installs Debian's chromium when missing (root only); browser tests skip with a reason
# when it can't be had, except under CI=true where that is a failure.
browser:
	@sh scripts/ensure-chromium.sh

test: $(STAMP_TEST) browser
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(PY) manage.py makemigrations --check --dry-run
	$(PY) -m pytest

# Everything but the browser tests again on PostgreSQL, and of those the ones whose push goes
# through the database (LISTEN/NOTIFY): the rest drive the same pages over the same services,
# which the suite has just run on both databases, and doubled they were half of CI's time.
test-postgres: $(STAMP_TEST) browser
	sh scripts/with-postgres.sh $(PY) -m pytest -m "not browser or database_push"

bench: $(STAMP_TEST)
	$(PY) -m bench

loadtest: $(STAMP_TEST)
	$(PY) -m bench.loadtest

clean:
	rm -rf $(VENV) db.sqlite3*
