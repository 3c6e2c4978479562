# authcore: make demo, make test (the README's two commands); setup, test-full, lint, bench.
PY      := .venv/bin/python
PYTEST  := $(PY) -m pytest
JOBS    ?= 2

.PHONY: setup demo test test-full lint bench clean

setup:
	@bash scripts/setup.sh

demo: setup
	@$(PY) -m authcore.cli demo

test: setup
	@$(PY) -m ruff check src tests
	@$(PYTEST) -q -n $(JOBS) -p no:cacheprovider

test-full: setup
	@$(PYTEST) -q -n $(JOBS) -p no:cacheprovider -m "full or not full"

lint: setup
	@$(PY) -m ruff check src tests
	@for f in $$(find rtl -name '*.v' 2>/dev/null); do verilator --lint-only -Wall -Irtl/gf128 -Irtl/ghash -Irtl/common -Irtl/sha -Irtl/hmac -Irtl/aes -Irtl/gcm $$f || exit 1; done

bench: setup
	@for b in ghash hash aes gcm; do $(PY) -m authcore.cli sweep benchmarks/$$b.toml --jobs $(JOBS) --out build/bench/$$b || exit 1; done

clean:
	rm -rf build .pytest_cache
