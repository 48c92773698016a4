# Two commands do everything on a fresh Debian machine with Python 3.11 and Node 20:
#   make run    set up, build, create the demo database if empty, serve on http://127.0.0.1:5000
#   make test   the same set-up, Debian's chromium and postgresql if missing, then the whole suite
#               (browser tests included) on SQLite, then the non-browser suite on a PostgreSQL server
#               it starts itself (a throwaway cluster: tests/support/pgcluster.py)
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
FLASK := $(VENV)/bin/flask --app app
HOST ?= 127.0.0.1
PORT ?= 5000

.PHONY: run test lint bench setup build db chromium postgresql clean screenshots

setup: $(VENV)/.installed node_modules/.installed

$(VENV)/.installed: requirements.lock pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.lock
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# Copies Workbox and idb from node_modules into static/vendor/ and builds static/sw.js (injectManifest);
# the app-shell pages to precache come from inspector.web.pwa.PRECACHE_PAGES.
build: setup
	$(PY) -m inspector.web.pwa precache-json > static/.precache-pages.json
	npm run --silent build

# Creates the database, or upgrades one an earlier version made (migrations/, keeps every record).
db: setup
	$(FLASK) db upgrade
	$(FLASK) seed-demo --if-empty

# The clock tick runs once as it starts, so the demo's dashboard shows today's proposals and the
# sealed-records check; a real server runs it from cron (README, "Deploying for real").
run: build db
	@$(FLASK) demo-accounts
	@$(FLASK) tick
	@echo "Serving on http://$(HOST):$(PORT)  (Ctrl-C to stop)"
	$(VENV)/bin/gunicorn --workers 2 --threads 4 --bind $(HOST):$(PORT) --access-logfile - app:app

chromium:
	@command -v chromium >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq chromium fonts-liberation; }

# Debian's server binaries (initdb, pg_ctl, pg_dump); the tests start their own cluster, never this one.
postgresql:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq postgresql; }

# The second run, on PostgreSQL, leaves out what never uses the configured database: the browser tests
# (their live server is SQLite), the pure rules and the JavaScript twin, and the upgrades of SQLite
# files earlier releases made (tests/test_postgresql.py runs the migrations on PostgreSQL), and SQLite's
# line of writers.
PG_TESTS := tests --ignore=tests/browser --ignore=tests/rules --ignore=tests/js --ignore=tests/db \
	--ignore=tests/test_db.py --ignore=tests/test_sqlite_writers.py

# ruff (pinned in requirements.lock, configured in pyproject.toml): lint, then the format check.
# `$(VENV)/bin/ruff format .` fixes what the second one reports.
lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

# The browser tests run alone: on a 2-core machine, anything beside them starves those that wait on the
# page's timers of CPU. Then the rest on SQLite and the same on PostgreSQL run side by side (neither
# waits on a page), the PostgreSQL run's report printed after. Every run reports; any failure fails.
test: build chromium postgresql lint
	@set +e; \
	$(PY) -m pytest tests/browser; browser=$$?; \
	log=$$(mktemp); \
	$(PY) -m tests.support.pgcluster -- $(PY) -m pytest $(PG_TESTS) > $$log 2>&1 & postgres_run=$$!; \
	$(PY) -m pytest --ignore=tests/browser; rest=$$?; \
	wait $$postgres_run; postgres=$$?; \
	echo "== the same tests on PostgreSQL"; cat $$log; rm -f $$log; \
	echo "exit codes: browser tests $$browser, the rest $$rest, on PostgreSQL $$postgres"; \
	[ $$browser -eq 0 ] && [ $$rest -eq 0 ] && [ $$postgres -eq 0 ]

bench: build postgresql
	@set -e; for b in bench/bench_*.py; do echo "== $$b"; $(PY) $$b; done
	@echo "== bench/bench_concurrency.py --database postgresql"
	@$(PY) bench/bench_concurrency.py --database postgresql

screenshots: build chromium
	$(PY) scripts/screenshots.py

clean:
	rm -rf $(VENV) node_modules static/vendor static/sw.js .pytest_cache
