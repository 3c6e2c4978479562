# authcore: make demo, make test (the README's two commands); setup, test-full, lint, bench.
PY      := .venv/bin/python
PYTEST  := $(PY) -m pytest
JOBS    ?= 2

.PHONY: setup demo demo-full test test-full lint formal bench clean

setup:
	@bash scripts/setup.sh

demo: setup
	@$(PY) -m authcore.cli demo

# every step live, the long syntheses too (about 30 minutes on 2 cores the first time)
demo-full: setup
	@$(PY) -m authcore.cli demo --full

# make test's Verilator runs are short, so their C++ is built without optimization (see flow/sim.py).
# worksteal: a worker that runs out of tests takes some of the other's, so no long test ends alone.
test: setup
	@$(PY) -m ruff check src tests
	@AUTHCORE_VERILATOR_OPT=-O0 $(PYTEST) -q -n $(JOBS) --dist worksteal -p no:cacheprovider

test-full: setup
	@$(PYTEST) -q -n $(JOBS) --dist worksteal -p no:cacheprovider -m "full or not full"

lint: setup
	@$(PY) -m ruff check src tests
	@for f in $$(find rtl -name '*.v' ! -name ghash_chain.v 2>/dev/null); do verilator --lint-only -Wall -Irtl/gf128 -Irtl/ghash -Irtl/common -Irtl/sha -Irtl/hmac -Irtl/aes -Irtl/gcm -Irtl/axil -Irtl/board $$f || exit 1; done
	@# ghash_chain instantiates a generated multiplier: lint it in a generated folder (a public test H)
	@AUTHCORE_QUIET=1 $(PY) -m authcore.cli generate ghash --arch crenne-pipe --stages 2 --feedback --hash-key 000102030405060708090a0b0c0d0e0f --out build/lint/crenne >/dev/null
	@cd build/lint/crenne && verilator --lint-only -Wall --top-module ghash_crenne_pipe $$(cat files.f)
	@# the emitter's GHASH tops, feedback and pipelined
	@for a in feedback pipelined; do AUTHCORE_QUIET=1 $(PY) -m authcore.cli generate ghash --lanes 3 --arch $$a --hash-key 000102030405060708090a0b0c0d0e0f --out build/lint/ghash-$$a >/dev/null && (cd build/lint/ghash-$$a && verilator --lint-only -Wall --top-module ghash_keyspec $$(cat files.f)) || exit 1; done

# every SymbiYosys proof of formal/jobs.toml, with its summary table (docs/formal.md)
formal: setup
	@$(PY) -m authcore.cli formal --jobs $(JOBS)

bench: setup
	@for b in ghash hash aes gcm; do $(PY) -m authcore.cli sweep benchmarks/$$b.toml --jobs $(JOBS) --out build/bench/$$b || exit 1; done

clean:
	rm -rf build .pytest_cache
