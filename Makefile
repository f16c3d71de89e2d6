# Two entry points on a fresh machine: `make demo` and `make test` (see README.md).
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
DEMO ?= fixtures/demo/yagura.kifu

# The compiled build (mypyc, when a C compiler is there; see README "Compiled build"):
# `pip install -e .` builds the extension modules in place, beside the .py files they are
# compiled from, so an edit to one of these sources means building again.
BUILD_INPUTS := setup.py build_backend/kifu_lark_build.py kifu_lark/_build.py $(shell $(PYTHON) kifu_lark/_build.py)
# What the suite's build test expects of this machine: "compiled" or "pure".
EXPECTED_BUILD = $(shell $(BIN)/python build_backend/kifu_lark_build.py)
# The quick second pass on the pure-Python build (KIFU_LARK_PURE=1 loads the .py files).
PURE_TESTS ?= tests/test_build.py tests/test_roundtrip.py tests/test_golden.py \
	tests/test_corpus_conversions.py tests/formats/test_csa_corpus.py \
	tests/formats/test_kif_corpus.py tests/formats/test_ki2_corpus.py \
	tests/formats/equivalence tests/formats/test_csa.py tests/formats/test_kif.py \
	tests/formats/test_evaluation_fast_path.py tests/dataset/test_replay.py \
	tests/model/test_node.py tests/model/test_game.py tests/formats/test_csa_usual_rows.py \
	tests/formats/test_bod.py tests/formats/test_header_lines.py \
	tests/formats/test_reader_totals.py tests/board/test_copy.py \
	tests/board/test_habits.py tests/board/test_outcome.py tests/test_verdicts.py \
	tests/record/test_line.py tests/dataset/test_engine_pack.py \
	tests/dataset/test_training_packing.py tests/dataset/test_training_records.py \
	tests/dataset/test_training_hcpe3.py tests/board/test_positions.py

KIT_SRC ?= ../shared/conformance
KIT := .conformance

.PHONY: build demo test lint typecheck pytest bench clean conformance-kit tactics-docs

# `make` alone installs (once) and builds again whatever an edit made stale: the package runs
# pure Python, with a warning, while a compiled module's source is newer than its build.
.DEFAULT_GOAL := build

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@ $(VENV)/.built

$(VENV)/.installed-test: pyproject.toml examples/western-notation/pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	# The worked plugin example: its tests check that entry-point formats join the registry.
	$(BIN)/python -m pip install --quiet --no-deps -e examples/western-notation
	touch $(VENV)/.installed $(VENV)/.built $@

# A compiled module's source changed since the last build: build again (pure: quick).
$(VENV)/.built: $(BUILD_INPUTS) | $(VENV)/.installed
	$(BIN)/python -m pip install --quiet --no-deps -e .
	touch $@

build: $(VENV)/.installed $(VENV)/.built

demo: $(VENV)/.installed $(VENV)/.built
	$(BIN)/kifu-lark demo $(DEMO)

lint: $(VENV)/.installed-test
	$(BIN)/ruff check kifu_lark tests benchmarks examples setup.py build_backend
	$(BIN)/lint-imports

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

# The whole suite on the build installed (compiled where a C compiler is), then the
# round-trip, golden and corpus tests again on the pure-Python build.
pytest: $(VENV)/.installed-test $(VENV)/.built conformance-kit
	KIFU_LARK_REQUIRE_PLUGIN=1 HYPOTHESIS_PROFILE=$${HYPOTHESIS_PROFILE:-ci} \
		KIFU_LARK_EXPECT_BUILD=$(EXPECTED_BUILD) $(BIN)/python -m pytest
	KIFU_LARK_PURE=1 KIFU_LARK_EXPECT_BUILD=pure HYPOTHESIS_PROFILE=$${HYPOTHESIS_PROFILE:-ci} \
		$(BIN)/python -m pytest $(PURE_TESTS)

test: lint typecheck pytest

# The other libraries the benchmarks print beside ours (cshogi, python-shogi): the bench extra.
$(VENV)/.installed-bench: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	touch $(VENV)/.installed $(VENV)/.built $@

bench: $(VENV)/.installed-bench $(VENV)/.built
	$(BIN)/python -m benchmarks

# The list of shipped tactics in docs/tactics.md and their pictures (docs/tactics/*.svg).
tactics-docs: $(VENV)/.installed
	$(BIN)/python docs/tactics_list.py

clean:
	rm -rf $(VENV) build *.egg-info kifu_lark__mypyc.*.so
	find kifu_lark -name '*.so' -delete
	rm -rf .pytest_cache .mypy_cache .ruff_cache .hypothesis .grimp_cache .import_linter_cache $(KIT)
