# Borough: the two everyday commands are `make serve` and `make test`.
# `make serve` installs what a server needs and nothing more; `make test` and the
# other developer targets add the extras (tests, RL, Ray, the documentation site).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
SERVE_STAMP := $(VENV)/.installed-serve
DEV_STAMP := $(VENV)/.installed-dev
# Prettier for the JavaScript check, pinned by package-lock.json.
NODE_STAMP := node_modules/.installed

.PHONY: install test test-fast lint serve docs demo bench rules clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(SERVE_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $(SERVE_STAMP)

$(DEV_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev,rl,ray,docs]'
	touch $(DEV_STAMP) $(SERVE_STAMP)

$(NODE_STAMP): package.json package-lock.json
	scripts/ensure_node.sh
	npm ci --no-audit --no-fund --loglevel=error
	touch $(NODE_STAMP)

install: $(DEV_STAMP) $(NODE_STAMP)

lint: $(DEV_STAMP) $(NODE_STAMP)
	$(BIN)/ruff check borough tests benchmarks examples
	$(BIN)/mypy
	scripts/check_js.sh

# worksteal: each worker starts with half of the tests in their order (a module's
# tests, and its fixtures, stay together) and one that runs out takes half of the
# other's waiting tests, so neither sits idle while the other has a queue.
test: $(DEV_STAMP) lint
	scripts/ensure_postgres.sh
	scripts/ensure_nginx.sh
	scripts/ensure_chromium.sh
	$(BIN)/pytest -n 2 --dist worksteal --durations=25 tests

# Everything but the tests that need a browser, PostgreSQL or nginx, or take long.
test-fast: $(DEV_STAMP) lint
	$(BIN)/pytest -n 2 --dist worksteal -m "not browser and not postgres and not nginx and not slow" tests

serve: $(SERVE_STAMP)
	$(BIN)/borough serve

docs: $(DEV_STAMP)
	$(BIN)/mkdocs build --strict

demo: $(SERVE_STAMP)
	$(BIN)/borough play ekopolis --players 4 --agents random --seed 1

bench: $(DEV_STAMP)
	$(BIN)/python benchmarks/engine_speed.py
	$(BIN)/python benchmarks/agent_speed.py

rules: $(SERVE_STAMP)
	$(BIN)/borough coverage

clean:
	rm -rf $(VENV) node_modules site .pytest_cache .ruff_cache .mypy_cache
