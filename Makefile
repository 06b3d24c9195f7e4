# Borough: the two everyday commands are `make serve` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install test lint serve demo bench rules clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,rl,ray]'
	touch $(STAMP)

install: $(STAMP)

lint: $(STAMP)
	$(BIN)/ruff check borough tests benchmarks examples

test: $(STAMP) lint
	scripts/ensure_postgres.sh
	scripts/ensure_chromium.sh
	$(BIN)/pytest -n 2 tests

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
	rm -rf $(VENV) .pytest_cache .ruff_cache
