# Two entry points on a fresh machine: `make demo` and `make test` (see README.md).
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
DEMO ?= fixtures/demo/yagura.kifu

KIT_SRC ?= ../shared/conformance
KIT := .conformance

.PHONY: demo test lint typecheck pytest bench clean conformance-kit tactics-docs

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

# Other programs' writers and readers (tsshogi, json-kifu-format) for tests/conformance: the
# kit is copied from ../shared/conformance and installed from the npm registry. Where node,
# npm or the kit is missing, the tests that need it skip and say why.
$(KIT)/.installed:
	@if [ -f $(KIT_SRC)/package-lock.json ] && command -v node >/dev/null && command -v npm >/dev/null; then \
		mkdir -p $(KIT) && cp $(KIT_SRC)/package.json $(KIT_SRC)/package-lock.json $(KIT_SRC)/*.mjs $(KIT)/ && \
		(cd $(KIT) && npm ci --silent --no-audit --no-fund) && touch $@ || \
		echo "conformance kit: npm ci failed; tests/conformance will skip"; \
	else \
		echo "conformance kit skipped: needs $(KIT_SRC), node and npm; tests/conformance will skip"; \
	fi

conformance-kit: $(KIT)/.installed

pytest: $(VENV)/.installed-test conformance-kit
	KIFU_LARK_REQUIRE_PLUGIN=1 HYPOTHESIS_PROFILE=$${HYPOTHESIS_PROFILE:-ci} \
		$(BIN)/python -m pytest

test: lint typecheck pytest

# The other libraries the benchmarks print beside ours (cshogi, python-shogi): the bench extra.
$(VENV)/.installed-bench: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	touch $(VENV)/.installed $@

bench: $(VENV)/.installed-bench
	$(BIN)/python -m benchmarks

# The list of shipped tactics in docs/tactics.md and their pictures (docs/tactics/*.svg).
tactics-docs: $(VENV)/.installed
	$(BIN)/python docs/tactics_list.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis $(KIT)
