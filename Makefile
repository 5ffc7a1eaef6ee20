# Thin wrapper over CMake/CTest. Both entry points install missing Debian packages first.
BUILD ?= build
JOBS ?= $(shell nproc)
PYTHON := /usr/bin/python3
ORDERLY := $(BUILD)/bin/orderly
REPORT_DIR ?= reports/out

.PHONY: all deps configure build cli test gate report bench clean

all: build

deps:
	@bash scripts/install-deps.sh

configure: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null

build: configure
	@cmake --build $(BUILD) -j$(JOBS)

# The orderly CLI alone (what the report needs).
cli: configure
	@cmake --build $(BUILD) -j$(JOBS) --target orderly

# Every test: unit tests and the order gate.
test: build
	ctest --test-dir $(BUILD) --output-on-failure -j$(JOBS)

gate: cli
	$(ORDERLY) gate

# The main job: the method catalog, the convergence suite and its figures and order table.
report: cli
	$(ORDERLY) list methods
	$(ORDERLY) convergence --suite default --out $(REPORT_DIR)/convergence
	$(PYTHON) reports/make_report.py --input $(REPORT_DIR)/convergence --output $(REPORT_DIR)
	@echo "report: $(REPORT_DIR)/index.html"

# Ours against Boost.Odeint at -O2 and -O3 (benchmarks/orderly_bench.cpp): median of interleaved
# repetitions, as a table. Not part of `make test`; run it on a quiet machine.
BENCH_FLAGS ?= --benchmark_repetitions=5 --benchmark_enable_random_interleaving=true --benchmark_min_time=0.2 \
	--benchmark_report_aggregates_only=true --benchmark_out_format=json
bench: configure
	@nice cmake --build $(BUILD) -j2 --target orderly-bench
	@for level in O2 O3; do \
	  $(BUILD)/bin/orderly-bench-$$level $(BENCH_FLAGS) --benchmark_out=$(BUILD)/bench-$$level.json >/dev/null || exit 1; \
	done
	@$(PYTHON) benchmarks/bench_table.py -O2=$(BUILD)/bench-O2.json -O3=$(BUILD)/bench-O3.json

clean:
	rm -rf $(BUILD) $(REPORT_DIR)
