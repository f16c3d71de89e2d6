# Two entry points on a fresh machine: `make demo` and `make test` (see README.md).
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
DEMO ?= fixtures/demo/yagura.kifu

.PHONY: demo test lint typecheck pytest bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml examples/western-notation/pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	# The worked plugin example: its tests check that entry-point formats join the registry.
	$(BIN)/python -m pip install --quiet --no-deps -e examples/western-notation
	touch $(VENV)/.installed $@

demo: $(VENV)/.installed
	$(BIN)/kifu-lark demo $(DEMO)

lint: $(VENV)/.installed-test
	$(BIN)/ruff check kifu_lark tests benchmarks examples

typecheck: $(VENV)/.installed-test
	$(BIN)/mypy

pytest: $(VENV)/.installed-test
	KIFU_LARK_REQUIRE_PLUGIN=1 HYPOTHESIS_PROFILE=$${HYPOTHESIS_PROFILE:-ci} \
		$(BIN)/python -m pytest

test: lint typecheck pytest

bench: $(VENV)/.installed
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis
