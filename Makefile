# The two quick-start commands: `make play` and `make test`. Each builds .venv on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint fuzz bench loadtest clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,rl,train]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/crisis serve --host 127.0.0.1 --port 8000 --database sqlite:///crisis.db

lint: $(STAMP)
	$(BIN)/ruff check src tests examples
	$(BIN)/ruff format --check src tests examples
	$(BIN)/mypy

test: lint
	bash scripts/ensure-chromium.sh
	$(BIN)/pytest -n 2

fuzz: $(STAMP)
	$(BIN)/crisis fuzz --games 1000 --players 2,3,4

bench: $(STAMP)
	$(BIN)/crisis bench

loadtest: $(STAMP)
	$(BIN)/crisis loadtest --tables 50
	$(BIN)/crisis loadtest --tables 200

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache
