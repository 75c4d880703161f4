# Two commands do all the set-up on a fresh machine (Python 3.11 and make):
#   make serve   create .venv, install what the site needs, serve it on http://127.0.0.1:8000
#   make test    the same and the test tools, then the fast tier of the tests (make test-full: every test)
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# The locks (requirements/, remade by `make lock`) pin every package with its hashes, so an install gets exactly
# the files locked or fails: tools.txt (pip; setuptools, which builds the editable install of the project and
# any sdist; uv, which makes the locks), runtime.txt (what the site needs to build), test.txt (that and the test
# tools, at the same versions). Building and serving need only the runtime lock (the deploy workflow installs no
# more); `make install` adds the test lock on top of it in the same venv, for the tests.
LOCKS := requirements/tools.txt requirements/runtime.txt requirements/test.txt
RUNTIME_STAMP := $(VENV)/.installed-runtime-$(shell cat pyproject.toml requirements/tools.txt requirements/runtime.txt | cksum | cut -d' ' -f1)
STAMP := $(VENV)/.installed-test-$(shell cat pyproject.toml $(LOCKS) | cksum | cut -d' ' -f1)
# Material's end-of-life notice is shown to whoever builds or serves, once a command, with the kb plugin's line
# after it naming DECISIONS.md (what builds the site, and when that is decided again); the tests silence it.
# Reproducible builds: dates in the output come from the last commit, never the clock.
export SOURCE_DATE_EPOCH ?= $(shell git log -1 --format=%ct 2>/dev/null || echo 0)

.PHONY: install install-runtime browser node npm serve preview test test-full test-next-issue build build-properdocs check audit a11y screenshots bench clean lock

install: $(STAMP)
install-runtime: $(RUNTIME_STAMP)

# The venv's own pip installs the tools lock first, a locked pip among them, which then installs the rest. No
# build isolation: an sdist or the project is built with the locked setuptools, where an isolated build would
# download an unpinned one. The project itself is local source, installed editable without a hash. A new runtime
# install voids the test stamp too.
$(RUNTIME_STAMP): pyproject.toml requirements/tools.txt requirements/runtime.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --require-hashes -r requirements/tools.txt
	$(BIN)/python -m pip install --quiet --require-hashes --no-build-isolation -r requirements/runtime.txt
	$(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e .
	rm -f $(VENV)/.installed-* && touch $@

$(STAMP): $(RUNTIME_STAMP) requirements/test.txt
	$(BIN)/python -m pip install --quiet --require-hashes --no-build-isolation -r requirements/test.txt
	rm -f $(VENV)/.installed-test-* && touch $@

serve: install-runtime
	$(BIN)/mkdocs serve --strict -a 127.0.0.1:8000

# Quick editor preview: one language, only the named pages, e.g.
#   make preview PAGES="docs/issues/007.md docs/topics/fp4-kernels.md" PREVIEW_LANG=en
PREVIEW_LANG ?= zh
PREVIEW_ADDR ?= 127.0.0.1:8000
preview: install-runtime
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
build: install-runtime
	$(BIN)/mkdocs build --strict
	$(BIN)/kb verify-site site

# The same site built by ProperDocs, the fork of MkDocs 1.x that DECISIONS.md keeps ready, and compared with
# `make build`'s: tools/compare_builds.py fails on any difference it cannot explain.
PROPERDOCS_SITE := build/site-properdocs
build-properdocs: install build  # ProperDocs is a test tool (the test lock)
	$(BIN)/properdocs build --strict -f mkdocs.yml -d $(PROPERDOCS_SITE)
	$(BIN)/kb verify-site $(PROPERDOCS_SITE)
	$(BIN)/python -m tools.compare_builds site $(PROPERDOCS_SITE)

# What a reader sees on a phone, for a change's review (tools/screenshots.py): the latest issue, the hub with the
# most charts and a search that finds nothing, at 375 px in both languages, and the latest issue's email at 375
# and 600 px, into a11y/screenshots/.
screenshots: build browser
	$(BIN)/python -m tools.screenshots site a11y/screenshots

check: install-runtime
	$(BIN)/kb check

# The project against the naive baseline at 52 and 520 issues (about 10 minutes).
bench: install browser
	$(BIN)/python -m bench.run

audit: build
	$(BIN)/kb audit --site site

# Remake the locks after changing pyproject.toml or requirements/tools.in: versions already locked are kept
# (`make lock UPGRADE=1` takes the newest allowed). uv, not pip-compile: it locks for a target rather than for
# the Python running it (CPython 3.11 on Linux x86_64, CI's machine; 3.11.5, as pymdown-extensions 13.1.2 needs
# it), reads no pip configuration of the machine (its extra indexes) and resolves in seconds.
LOCK_FOR := --python-version 3.11.5 --python-platform x86_64-manylinux_2_28
UV_COMPILE = $(BIN)/uv pip compile --quiet --generate-hashes $(LOCK_FOR) --custom-compile-command "make lock" $(if $(UPGRADE),--upgrade)
lock:
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --require-hashes -r requirements/tools.txt
	$(UV_COMPILE) requirements/tools.in -o requirements/tools.txt
	$(UV_COMPILE) pyproject.toml -o requirements/runtime.txt
	$(UV_COMPILE) pyproject.toml --extra test -c requirements/runtime.txt -o requirements/test.txt

clean:
	rm -rf site $(VENV) a11y/node_modules
