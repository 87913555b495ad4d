# The two commands that do everything on a fresh machine:
#   make play   - install into .venv if needed, start the game server, print the URL
#   make test   - install test dependencies (incl. Debian chromium), run the whole suite
SHELL := /bin/bash
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: play test lint typecheck imports unit slow bench bench-against maps-check chromium postgresql clean

$(VENV)/.installed: pyproject.toml setup.py westfront/core/_kernels.pyx
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --disable-pip-version-check -e .
	@touch $@

$(VENV)/.installed-test: $(VENV)/.installed
	$(PY) -m pip install -q --disable-pip-version-check -e ".[test,sim,rl]"
	@touch $@

play: $(VENV)/.installed
	$(VENV)/bin/westfront serve --host $(HOST) --port $(PORT)

# Debian packages the tests drive for real: chromium (browser tests) and postgresql (server on PostgreSQL)
chromium:
	@command -v chromium >/dev/null 2>&1 || { echo "installing Debian chromium for the browser tests"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

postgresql:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { echo "installing Debian postgresql for the server tests"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; }

lint: $(VENV)/.installed-test
	$(VENV)/bin/ruff check westfront tests bench

typecheck: $(VENV)/.installed-test
	$(VENV)/bin/mypy

imports: $(VENV)/.installed-test
	$(VENV)/bin/lint-imports

unit: $(VENV)/.installed-test
	$(VENV)/bin/pytest -m "not slow" $(PYTEST_ARGS)

test: $(VENV)/.installed-test chromium postgresql lint typecheck imports
	$(VENV)/bin/pytest -m "not slow" $(PYTEST_ARGS)

slow: $(VENV)/.installed-test
	$(VENV)/bin/pytest -m slow $(PYTEST_ARGS)

bench: $(VENV)/.installed-test
	$(PY) bench/run.py

# A/B against a git revision in one run (CPU time, alternating processes): make bench-against REV=main
REV ?= main
bench-against: $(VENV)/.installed-test
	$(VENV)/bin/westfront bench --against $(REV)

maps-check: $(VENV)/.installed-test
	$(PY) -m pip install -q -e ".[geo]"
	$(VENV)/bin/pytest -m slow tests/geo

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
