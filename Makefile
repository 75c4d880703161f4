# Two commands do all the set-up on a fresh machine (Python 3.11 and make):
#   make serve   create .venv, install, serve the site on http://127.0.0.1:8000
#   make test    create .venv, install, run the fast tier of the tests (make test-full: every test)
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml requirements.lock | cksum | cut -d' ' -f1)
# Material's end-of-life notice is shown to whoever builds or serves, once a command, with the kb plugin's line
# after it naming DECISIONS.md (what builds the site, and when that is decided again); the tests silence it.
# Reproducible builds: dates in the output come from the last commit, never the clock.
export SOURCE_DATE_EPOCH ?= $(shell git log -1 --format=%ct 2>/dev/null || echo 0)

<<<<<<< HEAD
.PHONY: install browser node serve preview test test-full test-next-issue build build-properdocs check audit a11y bench clean lock
=======
.PHONY: install browser node npm serve preview test test-full test-next-issue build check audit a11y bench clean lock
>>>>>>> searchjs

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
PREVIEW_ADDR ?= 127.0.0.1:8000
preview: install
	$(BIN)/python -m mkdocs_kb.preview --lang $(PREVIEW_LANG) --addr $(PREVIEW_ADDR) $(PAGES)

# Browser tests drive the system's Chromium or Chrome (tests/browser.py says which it looks for);
# as root on Debian, install Debian's chromium if there is none.
browser:
	@$(PYTHON) tests/browser.py >/dev/null || { [ "$$(id -u)" = 0 ] && apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; } \
	  || { echo "no browser: run 'sudo apt-get install chromium', or set CHROME_PATH"; exit 1; }

# Node.js runs the search box's unit tests (tests/js/, from tests/test_search_script.py); as root on Debian,
# install it if missing.
node:
	@command -v node >/dev/null || { [ "$$(id -u)" = 0 ] && apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs >/dev/null; } \
	  || { echo "node is missing: run 'sudo apt-get install nodejs'"; exit 1; }

# Lighthouse is npm's (a11y/package-lock.json); as root on Debian, install npm if missing.
npm: node
	@command -v npm >/dev/null || { [ "$$(id -u)" = 0 ] && apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm >/dev/null; } \
	  || { echo "npm is missing: run 'sudo apt-get install npm'"; exit 1; }

A11Y_NODE := a11y/node_modules/.package-lock.json
$(A11Y_NODE): a11y/package.json a11y/package-lock.json | npm
	npm ci --prefix a11y --ignore-scripts --no-audit --no-fund --loglevel=error

# Accessibility of the whole site: axe-core on every page at 375 and 1280 px in both languages, then
# Lighthouse on each kind of page, mobile and desktop. Reports and scores in build/a11y/.
# (`make test` runs the same axe check on one page of each kind.)
a11y: install browser $(A11Y_NODE)
	KB_A11Y_FULL=1 $(BIN)/python -m pytest -n 0 -p no:cacheprovider tests/test_accessibility.py

# The fast tier: every test not marked `full` — each archive built once, HTML, checker, model, the search box's
# script under Node and the key browser flows (search in both languages, the language switch).
test: install browser node
	$(BIN)/python -m pytest -m "not full"

# Every test (crawls of every page, accessibility, the builds of hostile content, the benchmark's smoke run),
# then next week's issue. .ci/run runs this.
test-full: install browser node
	$(BIN)/python -m pytest
	$(MAKE) test-next-issue

# Next week's issue, added to a copy of the project as CONTRIBUTING describes (tests/next_issue.py), and the
# fast tier run there: proof that the tests survive new content.
NEXT_ISSUE := build/next-issue
test-next-issue: install browser node
	$(BIN)/python tests/next_issue.py $(NEXT_ISSUE)
	cd $(NEXT_ISSUE) && $(CURDIR)/$(BIN)/python -m pytest -m "not full" -p no:cacheprovider

# The site, then the proof that the kb plugin built it and its firewall passed every file now in it (kb.publish.build_stamp).
build: install
	$(BIN)/mkdocs build --strict
	$(BIN)/kb verify-site site

# The same site built by ProperDocs, the fork of MkDocs 1.x that DECISIONS.md keeps ready, and compared with
# `make build`'s: tools/compare_builds.py fails on any difference it cannot explain.
PROPERDOCS_SITE := build/site-properdocs
build-properdocs: build
	$(BIN)/properdocs build --strict -f mkdocs.yml -d $(PROPERDOCS_SITE)
	$(BIN)/kb verify-site $(PROPERDOCS_SITE)
	$(BIN)/python -m tools.compare_builds site $(PROPERDOCS_SITE)

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
	rm -rf site $(VENV) a11y/node_modules
