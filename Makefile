# Talekeeper: `make run` to play, `make test` to check. Both set themselves up from scratch.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP_RUN := $(VENV)/.installed-run
STAMP_TEST := $(VENV)/.installed-test
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test test-postgres browser lint bench loadtest clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP_RUN): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e .
	touch $@

$(STAMP_TEST): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[test,load]'
	touch $@ $(STAMP_RUN)

run: $(STAMP_RUN)
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_fixtures
	DJANGO_DEBUG=true $(PY) manage.py runserver $(HOST):$(PORT)

# Installs Debian's chromium when missing (root only); browser tests skip with a reason
# when it can't be had, except under CI=true where that is a failure.
browser:
	@sh scripts/ensure-chromium.sh

test: $(STAMP_TEST) browser
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(PY) manage.py makemigrations --check --dry-run
	$(PY) -m pytest

test-postgres: $(STAMP_TEST) browser
	sh scripts/with-postgres.sh $(PY) -m pytest

bench: $(STAMP_TEST)
	$(PY) -m bench

loadtest: $(STAMP_TEST)
	$(PY) -m bench.loadtest

clean:
	rm -rf $(VENV) db.sqlite3*
