# Two commands do everything: `make run` (the main job) and `make test` (the whole suite).
# Each sets up the virtual environment first, so both work on a fresh clone with Python 3.11+.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

.PHONY: setup system-deps run companion test test-fast lint validate art build bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)

system-deps:
	bash scripts/system-deps.sh

# The main job: check every game's data, build every game's print kit into output/<game>/,
# write each game's database as one workbook (output/<game>/data-xlsx/) for designers, then
# start the companion (open the printed URL on the tablet; Ctrl+C stops it).
PORT ?= 8501
run: setup validate build
	@for game in $$($(BIN)/python -c "from cardgen.data.project import data_root, game_ids; print(' '.join(game_ids(data_root())))"); do \
		$(BIN)/cardgen export $$game --format xlsx || exit 1; \
	done
	$(MAKE) --no-print-directory companion

# HTTPS=1: over HTTPS with this host's own certificate authority (companion/https.py), so that a
# tablet opening the host's LAN address may use its camera; README.md, "HTTPS at the table".
HTTPS ?=
companion: setup
ifneq ($(HTTPS),)
	$(BIN)/companion-https --port $(PORT)
else
	$(BIN)/streamlit run companion/app.py --server.headless true --server.port $(PORT) \
		--browser.gatherUsageStats false
endif

validate: setup
	$(BIN)/cardgen validate

# Card pictures the data names (`game-icons:NAME`) but no game's art/ folder holds yet are fetched
# by scripts/fetch_art.py with npm (Debian's npm is installed first when missing). The pictures
# are committed with the data, so with all of them present this step needs no network.
art: setup
	@$(BIN)/python scripts/fetch_art.py --check 2>/dev/null || \
		{ bash scripts/system-deps.sh npm && $(BIN)/python scripts/fetch_art.py; }

build: setup art
	$(BIN)/cardgen build

# The suite runs on pytest-xdist workers, two more than the cores (the browser tests mostly wait
# on the page; the extra workers use the cores meanwhile); `make test WORKERS=0` runs it in one
# process. loadfile keeps each test file on one worker (a module's kit or rulebook is built once);
# files are handed out in the order tests/conftest.py sorts them, the longest tests first; the
# 25 longest are listed at the end, to keep LONGEST there up to date.
WORKERS ?= $(shell echo $$(( $$(nproc) + 2 )))
XDIST   := -n $(WORKERS) --dist loadfile --no-loadscope-reorder --durations=25

# ruff and mypy run inside the suite (tests/test_lint.py), on a worker beside the other tests.
test: setup system-deps
	$(BIN)/python -m pytest $(XDIST)

test-fast: setup
	$(BIN)/python -m pytest $(XDIST) -m "not slow" -x -q

lint: setup
	$(BIN)/ruff check cardgen companion tests benchmarks
	$(BIN)/ruff format --check cardgen companion tests benchmarks
	$(BIN)/mypy cardgen companion/engine companion/games

bench: setup
	$(BIN)/python benchmarks/bench_load.py

clean:
	rm -rf $(VENV) output/*/ .pytest_cache .ruff_cache .hypothesis
