# Two commands do all the set-up on a fresh machine (Python 3.11 and make):
#   make serve   create .venv, install, serve the site on http://127.0.0.1:8000
#   make test    create .venv, install, run every test
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml requirements.lock | cksum | cut -d' ' -f1)
export NO_MKDOCS_2_WARNING := 1
# Reproducible builds: dates in the output come from the last commit, never the clock.
export SOURCE_DATE_EPOCH ?= $(shell git log -1 --format=%ct 2>/dev/null || echo 0)

.PHONY: install browser serve preview test build check audit bench clean lock

install: $(STAMP)

$(STAMP): pyproject.toml requirements.lock
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.lock
	$(BIN)/python -m pip install --quiet --no-deps -e .
	rm -f $(VENV)/.installed-* && touch $@

serve: install
	$(BIN)/mkdocs serve --strict -a 127.0.0.1:8000

# Quick editor preview: one language, only the named pages, e.g.
#   make preview PAGES="docs/issues/007.md docs/topics/fp4-kernels.md" PREVIEW_LANG=en
PREVIEW_LANG ?= zh
preview: install
	$(BIN)/python -m mkdocs_kb.preview --lang $(PREVIEW_LANG) $(PAGES)

# Browser tests drive Debian's chromium; as root, install it if it is missing.
browser:
	@command -v chromium >/dev/null || { [ "$$(id -u)" = 0 ] && apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; } \
	  || { echo "chromium is missing: run 'sudo apt-get install chromium'"; exit 1; }

test: install browser
	$(BIN)/python -m pytest

build: install
	$(BIN)/mkdocs build --strict

check: install
	$(BIN)/kb check

# The project against the naive baseline at 52 and 520 issues (about 10 minutes).
bench: install browser
	$(BIN)/python -m bench.run

audit: build
	$(BIN)/kb audit --site site

# Re-pin every dependency after changing pyproject.toml.
lock:
	rm -rf .lock-venv && $(PYTHON) -m venv .lock-venv
	.lock-venv/bin/pip install --quiet -e '.[test]'
	.lock-venv/bin/pip freeze --exclude-editable > requirements.lock
	rm -rf .lock-venv

clean:
	rm -rf site $(VENV)
