# The README's two commands are `make run` and `make test`; both install first if needed.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
PYTEST_ARGS ?=

.PHONY: install run test test-slow lint format openapi bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

run: install
	$(PY) -m api.run

# worksteal: xdist's default "load" hands out the tests in big batches up front, which
# can leave one worker idle for minutes while the other works through its batch.
# Three workers on two cores: a third of the suite's time is spent waiting on servers,
# workers and the browser, and a third process fills it (docs/performance.md, "Test suite").
TEST_WORKERS ?= 3
test: install
	$(PY) -m pytest -q -n $(TEST_WORKERS) --dist worksteal $(PYTEST_ARGS)

test-slow: install
	$(PY) -m pytest -q -n $(TEST_WORKERS) --dist worksteal -m slow $(PYTEST_ARGS)

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports

format: install
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

openapi: install
	$(PY) -m api.openapi > openapi.yaml

bench: install
	for b in benchmarks/*.py; do $(PY) $$b || exit 1; done

clean:
	rm -rf $(VENV) var .pytest_cache .ruff_cache .hypothesis
