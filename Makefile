# Two commands: `make run` and `make test`.  Both create .venv and install what they need.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
RUN_STAMP := $(VENV)/.installed-run
TEST_STAMP := $(VENV)/.installed-test
DEPS_STAMP := $(VENV)/.installed-deps
# Modules compiled with mypyc (listed in setup.py): a change to one needs a rebuild.
NATIVE := $(shell sed -n 's/^ *"\(src\/[^"]*\.py\)",/\1/p' setup.py)

.PHONY: run test lint typecheck docs bench screenshots clean

run: $(RUN_STAMP)
	$(BIN)/tricktable serve

# The checks side by side while the hot modules compile (they read the sources: the build's one
# C file keeps one core busy for a minute), then pytest-xdist with three workers for two cores: the tests wait on browsers, servers and timers
# as well as compute, and one worker a core left a quarter of the CPU idle (tests marked with
# an xdist_group share a worker).  PYTEST_WORKERS=N to choose.
PYTEST_WORKERS ?= $(shell $(PYTHON) -c 'import os; print(max(2, (os.cpu_count() or 2) * 3 // 2))')

test: $(DEPS_STAMP)
	$(MAKE) --no-print-directory --jobs=4 --output-sync=target $(TEST_STAMP) lint typecheck docs
	$(BIN)/pytest -n $(PYTEST_WORKERS) --dist loadgroup --durations=30

lint: $(DEPS_STAMP)
	$(BIN)/ruff check src tests bench examples

typecheck: $(DEPS_STAMP)
	$(BIN)/mypy

# The documentation site (mkdocs.yml, docs/): --strict fails on a broken link or docstring.
docs: $(DEPS_STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet --site-dir site

bench: $(RUN_STAMP)
	$(BIN)/tricktable bench engine --game sheepshead
	$(BIN)/tricktable bench engine --game spades

# Every kind of screen at a phone's and a desktop's size, light and dark, into screenshots/
# (open screenshots/index.html).  Needs the system Chromium; not part of `make test`.
screenshots: $(TEST_STAMP)
	$(BIN)/python bench/screenshots.py --out screenshots

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The build's requirements (pyproject.toml's [build-system]) go into the venv, and the project
# is built there (--no-build-isolation): pip does not fill a new temporary environment with
# them (111 MB, mypy and Babel among them) at every install.
BUILD_REQUIRES = $(BIN)/python -c 'import tomllib; print(*tomllib.load(open("pyproject.toml", \
	"rb"))["build-system"]["requires"], sep="\n")' > $(VENV)/build-requires.txt && \
	$(BIN)/python -m pip install --quiet -r $(VENV)/build-requires.txt

$(RUN_STAMP): pyproject.toml setup.py $(NATIVE) | $(BIN)/python
	$(BUILD_REQUIRES)
	$(BIN)/python -m pip install --quiet --no-build-isolation -e .
	touch $@

# What the tests and the checks need, with the package installed uncompiled (TRICKTABLE_PURE=1);
# then the build of the compiled modules alone.
$(DEPS_STAMP): pyproject.toml setup.py | $(BIN)/python
	$(BUILD_REQUIRES)
	TRICKTABLE_PURE=1 $(BIN)/python -m pip install --quiet --no-build-isolation -e '.[test]'
	touch $@

$(TEST_STAMP): $(DEPS_STAMP) $(NATIVE)
	$(BIN)/python -m pip install --quiet --no-build-isolation --no-deps -e .
	touch $@ $(RUN_STAMP)

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache
	find src -name '*.so' -delete
