# Borough: the two everyday commands are `make serve` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Prettier for the JavaScript check, pinned by package-lock.json.
NODE_STAMP := node_modules/.installed

.PHONY: install test test-fast lint serve demo bench rules clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,rl,ray]'
	touch $(STAMP)

$(NODE_STAMP): package.json package-lock.json
	scripts/ensure_node.sh
	npm ci --no-audit --no-fund --loglevel=error
	touch $(NODE_STAMP)

install: $(STAMP) $(NODE_STAMP)

lint: $(STAMP) $(NODE_STAMP)
	$(BIN)/ruff check borough tests benchmarks examples
	$(BIN)/mypy
	scripts/check_js.sh

test: $(STAMP) lint
	scripts/ensure_postgres.sh
	scripts/ensure_chromium.sh
	$(BIN)/pytest -n 2 tests

# Everything but the tests that need a browser or PostgreSQL, or take long.
test-fast: $(STAMP) lint
	$(BIN)/pytest -n 2 -m "not browser and not postgres and not slow" tests

serve: $(STAMP)
	$(BIN)/borough serve

demo: $(STAMP)
	$(BIN)/borough play ekopolis --players 4 --agents random --seed 1

bench: $(STAMP)
	$(BIN)/python benchmarks/engine_speed.py
	$(BIN)/python benchmarks/agent_speed.py

rules: $(STAMP)
	$(BIN)/borough coverage

clean:
	rm -rf $(VENV) node_modules .pytest_cache .ruff_cache .mypy_cache
