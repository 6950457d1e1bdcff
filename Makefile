# Fett: `make run` starts the whole site, `make test` runs the whole suite.
SHELL := /bin/bash
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
DEV_STAMP := $(VENV)/.installed-dev

# Python keeps compiled modules in __pycache__ (ignored by git) even where the environment says not
# to (some container images set PYTHONDONTWRITEBYTECODE): without them every test run, worker and
# server it starts compiles the project again, and pytest rewrites every test module's asserts.
unexport PYTHONDONTWRITEBYTECODE

.DEFAULT_GOAL := help
.PHONY: help venv venv-dev run migrate demo test test-fast test-future lint format rules-coverage bench mutation clean

help: ## List the commands
	@grep -hE '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-10s %s\n", $$1, $$2}'

$(STAMP): requirements.txt
	@test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	@touch $(STAMP)

venv: $(STAMP) ## Create .venv and install requirements.txt (only when it changed)

$(DEV_STAMP): $(STAMP) requirements-dev.txt
	$(PY) -m pip install --quiet -r requirements-dev.txt
	@touch $(DEV_STAMP)

venv-dev: $(DEV_STAMP) ## Also install the test, lint and benchmark tools (requirements-dev.txt)

migrate: venv ## Apply database migrations
	$(PY) manage.py migrate --no-input

demo: migrate ## Load the card catalog and the demo organiser, players and event
	$(PY) manage.py load_catalog
	$(PY) manage.py load_demo

run: demo ## Start web + worker + beat (+ embedded Redis) on http://127.0.0.1:8000
	$(PY) -m config.launcher

test: venv-dev ## Run the whole test suite (embedded SQLite + Redis unless DATABASE_URL/REDIS_URL are set)
	$(PY) -m pytest $(PYTEST_ARGS)

test-fast: venv-dev ## The suite without browser and slow tests, on every core (pytest-xdist)
	$(PY) -m pytest -m "not browser and not slow" -n auto $(PYTEST_ARGS)

FUTURE ?= +365d

# libfaketime moves the clock of pytest and of everything it starts (Redis, Celery, the servers,
# Chromium). The monotonic clock stays real for Python (tests/faketime/sitecustomize.py says why);
# file times stay real (NO_FAKE_STAT), and pytest's temporary folders are the run's own, so it
# never takes another run's folders for stale ones.
test-future: venv-dev ## The whole suite with the clock FUTURE ahead (default +365d; needs `apt-get install faketime`)
	@command -v faketime >/dev/null || { echo "make test-future needs libfaketime: apt-get install faketime" >&2; exit 1; }
	@tmp=$$(mktemp -d -t fett-future-XXXXXX); trap 'rm -rf "$$tmp"' EXIT; \
	echo "the clock: $$(faketime -f '$(FUTURE)' date -u)"; \
	FAKETIME_DONT_FAKE_MONOTONIC=1 NO_FAKE_STAT=1 PYTHONPATH="$(CURDIR)/tests/faketime$${PYTHONPATH:+:$$PYTHONPATH}" \
		faketime -f '$(FUTURE)' $(PY) -m pytest --basetemp="$$tmp/pytest" $(PYTEST_ARGS)

lint: venv-dev ## Ruff (lint + format check) and mypy
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy

format: venv-dev ## Apply ruff's formatting and safe fixes
	$(PY) -m ruff format .
	$(PY) -m ruff check --fix .

rules-coverage: venv ## Write docs/rules-coverage.md: each rulebook paragraph and the tests citing it (RULEBOOKS=dir)
	$(PY) -m tools.rules_coverage $(if $(RULEBOOKS),--rulebooks $(RULEBOOKS))

DRAFT_PODS ?= 10
DRAFT_ARGS ?=
MATCHES ?= 50
MATCH_ARGS ?=
TIMER_ARGS ?=
HARD_GAMES ?= 40
RUNEMASTERS_GAMES ?= 100

bench: venv-dev ## Print every benchmark's figures (issue sizes: make bench DRAFT_PODS=50 MATCHES=200 HARD_GAMES=200)
	@for script in benchmarks/bench_pairing.py benchmarks/bench_pods.py benchmarks/bench_pod_seating.py benchmarks/bench_limited.py benchmarks/bench_engine.py benchmarks/bench_bots.py benchmarks/bench_ratings.py; do \
		echo "== $$script"; $(PY) $$script || exit 1; done
	@echo "== benchmarks/bench_hard_bot.py ($(HARD_GAMES) games, Hard vs Normal)"; $(PY) benchmarks/bench_hard_bot.py --games $(HARD_GAMES)
	@echo "== benchmarks/bench_runemasters.py ($(RUNEMASTERS_GAMES) games a figure)"; $(PY) benchmarks/bench_runemasters.py $(RUNEMASTERS_GAMES)
	@echo "== benchmarks/bench_drafts.py ($(DRAFT_PODS) pods)"; $(PY) benchmarks/bench_drafts.py --pods $(DRAFT_PODS) $(DRAFT_ARGS)
	@echo "== benchmarks/bench_matches.py ($(MATCHES) matches)"; $(PY) benchmarks/bench_matches.py --matches $(MATCHES) $(MATCH_ARGS)
	@echo "== benchmarks/bench_move_cpu.py (a move's CPU in one process, no HTTP)"; $(PY) benchmarks/bench_move_cpu.py
	@echo "== benchmarks/bench_pick_cpu.py (a draft pick's CPU in one process, no HTTP)"; $(PY) benchmarks/bench_pick_cpu.py
	@echo "== benchmarks/bench_timers.py (clocks on time, and after a killed worker)"; $(PY) benchmarks/bench_timers.py $(TIMER_ARGS)
	@echo "== benchmarks/bench_pod_events.py (a 1,024-player pod event through the services)"; $(PY) benchmarks/bench_pod_events.py
	@echo "== benchmarks/bench_swaps.py (a 1,024-player round's deck swaps opened by a worker)"; $(PY) benchmarks/bench_swaps.py
	@echo "== benchmarks/bench_home.py (the home page of a player in a running 1,024-player event)"; $(PY) benchmarks/bench_home.py
	@echo "== benchmarks/bench_notices.py (a 1,024-player round's notices and e-mails, a real worker)"; $(PY) benchmarks/bench_notices.py

# Mutation testing (docs/mutation.md): a fresh run each time, one child process, niced.
# MUTANTS picks mutmut's mutant names (globs); MUTANTS=rules is the engines' rule modules.
MUTANTS ?=
MUTATION_RULES := $(foreach m,core flow ops_combat ops_cards effects legal apply,gameplay.runeslingers.engine.$(m).*) \
	$(foreach m,rules actions,gameplay.runemasters.$(m).*)
MUTATION_NAMES = $(if $(filter rules,$(MUTANTS)),$(MUTATION_RULES),$(MUTANTS))

mutation: venv-dev ## Mutation testing of gameplay/runeslingers/engine and gameplay/runemasters, not in `make test` (hours; MUTANTS=rules for the rule modules)
	rm -rf mutants
	nice -n 10 $(VENV)/bin/mutmut run --max-children 1 $(foreach n,$(MUTATION_NAMES),'$(n)')
	$(PY) benchmarks/mutation_scores.py

clean: ## Remove the venv, local data and caches
	rm -rf $(VENV) var staticfiles .pytest_cache .mypy_cache .ruff_cache .hypothesis mutants
