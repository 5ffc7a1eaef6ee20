# Thin wrapper over CMake/CTest. Both entry points install missing Debian packages first.
BUILD ?= build
JOBS ?= $(shell nproc)
PYTHON := /usr/bin/python3
ORDERLY := $(BUILD)/bin/orderly
REPORT_DIR ?= reports/out

.PHONY: all deps configure build cli test test-cluster test-sanitize test-sanitize-kernels lint gate report report-run report-page cli-reference gallery bench clean fuzz

all: build

deps:
	@bash scripts/install-deps.sh

# Ninja for a new build tree (it schedules the long template-heavy objects better than make and
# logs each object's compile time in .ninja_log); an existing tree keeps the generator it has.
GENERATOR = $(if $(wildcard $(BUILD)/CMakeCache.txt),,-G Ninja)
configure: deps
	@cmake -S . -B $(BUILD) $(GENERATOR) -DCMAKE_BUILD_TYPE=Release >/dev/null

build: configure
	@cmake --build $(BUILD) -j$(JOBS)

# The orderly CLI alone (what the report needs).
cli: configure
	@cmake --build $(BUILD) -j$(JOBS) --target orderly

# Every test: unit tests, the order gate and the cluster test (label cluster: a single-node Slurm
# started on this machine -- munged, slurmctld, slurmd in a temporary directory -- runs the quick
# report's suites as a job array, a dependent job merges the shards, and the merge must equal one
# run byte for byte; its Debian packages, slurm-wlm, munge and parallel, are installed first).
test: build
	@bash scripts/install-deps.sh --cluster
	ctest --test-dir $(BUILD) --output-on-failure -j$(JOBS)

# The cluster test alone.
test-cluster: cli
	@bash scripts/install-deps.sh --cluster
	ctest --test-dir $(BUILD) -L cluster --output-on-failure

# The unit tests built with AddressSanitizer and UndefinedBehaviorSanitizer (any finding fails).
# Only what the unit tests run is built (the test executables and the CLI, not the benchmarks);
# the report's Python tests are left out (no native code of ours runs in them).
SANITIZE_BUILD := build-sanitize
# The flags are CMakePresets.json's "sanitize" preset: -O1, as the sanitizers' documentation advises:
# fast enough to run, and it compiles the multiprecision and odeint templates in about half the time
# -O3 takes on this 2-core machine.
test-sanitize: deps
	@cmake --preset sanitize >/dev/null
	@cmake --build --preset sanitize -j$(JOBS) --target orderly \
	  $$(cmake --build $(SANITIZE_BUILD) --target help | grep -o '\btest_[A-Za-z0-9_]*' | grep -v '^test_mutations$$' | sort -u)
	ctest --preset sanitize -LE cluster -E '^(reports_orderly_report|report_quick|report_browser|report_browser_breakage|cli_reference)$$' -j$(JOBS)

# The stepper kernels' tests alone under the same sanitizers (tests/CMakeLists.txt: ORDERLY_KERNEL_TESTS,
# label kernel): every stepper family, built without the study libraries. CI runs this after `make test`.
test-sanitize-kernels: deps
	@cmake --preset sanitize >/dev/null
	@cmake --build --preset sanitize -j$(JOBS) --target kernel_tests
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  ctest --test-dir $(SANITIZE_BUILD) -L kernel --no-tests=error --output-on-failure -j$(JOBS)

# Static analysis of our own sources (cppcheck; suppressions, each explained, in .cppcheck-suppressions).
lint: configure
	cppcheck --library=googletest --enable=warning,performance,portability --std=c++20 --inline-suppr \
	  --error-exitcode=1 --suppressions-list=.cppcheck-suppressions -q --project=$(BUILD)/compile_commands.json

# docs/cli.md and each study's studies/<folder>/cli.md from the CLI's own --help (a test checks
# they agree).
cli-reference: cli
	$(PYTHON) scripts/cli_reference.py $(ORDERLY) --write

gate: cli
	$(ORDERLY) gate

# The main job: every registered study runs its report suite (`orderly run-studies`, the list is
# the studies' own registrations) and writes JSON under $(REPORT_DIR)/json (cleared first, so no
# run of an earlier suite mixes in), the report package turns it into one page under $(REPORT_DIR)/html
# (replaced whole: an interrupted run keeps the previous page); the odeint findings' reproducers,
# which the page links, go to $(REPORT_DIR)/findings with their index page. QUICK=1: each study's
# quick suite where it has one (run-studies --suite quick), for iterating on the report (and the
# browser test in `make test`).
SUITE := $(if $(QUICK),quick,default)
report: cli
	@$(MAKE) --no-print-directory report-run

# The report from an existing build (what `report` runs after building the CLI; CTest calls it).
report-run:
	@rm -rf $(REPORT_DIR)/json
	$(ORDERLY) run-studies --suite $(SUITE) --out $(REPORT_DIR)/json
	@$(MAKE) --no-print-directory report-page

# The page from the JSON already under $(REPORT_DIR)/json: what report-run does after the studies,
# and what a cluster's merge job runs after `orderly merge` (scripts/slurm/).
report-page:
	@$(ORDERLY) --version > $(REPORT_DIR)/build-info.txt
	PYTHONPATH=reports PYTHONDONTWRITEBYTECODE=1 $(PYTHON) -m orderly_report.findings \
	  --source studies/odeint_orders/findings --output $(REPORT_DIR)/findings
	PYTHONPATH=reports PYTHONDONTWRITEBYTECODE=1 $(PYTHON) -m orderly_report --input $(REPORT_DIR)/json \
	  --output $(REPORT_DIR)/html --index $(REPORT_DIR)/index.html --build-info $(REPORT_DIR)/build-info.txt

# The README's gallery (reports/gallery/, committed): chosen figures of the last `make report`,
# scaled to PNGs under 200 KB each.
GALLERY_FIGURES ?= stability/regions_explicit_rk stability/harmonic_limits energy/energy_growth_kepler \
	energy/energy_settling stiff/order_reduction workprecision/work_precision
gallery:
	$(PYTHON) scripts/gallery.py $(REPORT_DIR)/html reports/gallery $(GALLERY_FIGURES)

# Ours against Boost.Odeint at -O2 and -O3 (benchmarks/orderly_bench.cpp): median of interleaved
# repetitions, as a table. Not part of `make test`; run it on a quiet machine. Eleven short repetitions
# rather than five long ones: this machine's bursts of interference moved five-repetition medians by
# up to 30 % (rk4 on Pleiades 1.06 against runge_kutta4 and 0.68 against runge_kutta4_classic, the same
# code on our side, in one run); with eleven the two agreed within 1 %, in less total time.
# Every repetition's row stays in the files (aggregates shown on the console only), for the min and
# max beside each median. The same numbers with their spread, the load average before the runs
# (taken after the build) and after, CPU, compiler and flags go to $(BENCH_JSON) (schema
# orderly.bench/1, benchmarks/bench_document.py). It lives in the build tree, which `make report`
# does not clear: the report package reads build/bench.json when its --input holds no bench file, so
# the next `make report` (or the report package run by hand) shows it as "Speed against odeint".
BENCH_JSON ?= $(BUILD)/bench.json
BENCH_FLAGS ?= --benchmark_repetitions=11 --benchmark_enable_random_interleaving=true --benchmark_min_time=0.1 \
	--benchmark_report_aggregates_only=false --benchmark_display_aggregates_only=true --benchmark_out_format=json
bench: configure
	@cmake --build $(BUILD) -j$(JOBS) --target orderly-bench
	@load=$$($(PYTHON) -c 'import os; print(*os.getloadavg())'); \
	for level in O2 O3; do \
	  $(BUILD)/bin/orderly-bench-$$level $(BENCH_FLAGS) --benchmark_out=$(BUILD)/bench-$$level.json >/dev/null || exit 1; \
	done; \
	$(PYTHON) benchmarks/bench_table.py --json $(BENCH_JSON) --load-before "$$load" \
	  --compile-commands $(BUILD)/compile_commands.json -O2=$(BUILD)/bench-O2.json -O3=$(BUILD)/bench-O3.json

clean:
	rm -rf $(BUILD) $(SANITIZE_BUILD) $(REPORT_DIR)

# libFuzzer targets for the three file readers: tableau files, order baselines, stored references
# (tests/fuzz/README.md). Built with clang (libFuzzer ships with it), AddressSanitizer and
# UndefinedBehaviorSanitizer into $(FUZZ_BUILD) (a standalone CMake project, tests/fuzz), then run one
# after the other for FUZZ_SECONDS each, or FUZZ_RUNS executions each, from the seed corpus in
# tests/fuzz/corpus; one line per target: executions, exec/s, peak RSS, result. A crash, leak or hang
# (one input over the target's -timeout) fails, its input left in $(FUZZ_BUILD)/artifacts/<target>/
# (keep it in tests/fuzz/crashes/<target>/: tests/fuzz/fuzz_corpus.cpp runs those). Not part of
# `make test`; the first build compiles the reference library with clang (minutes).
FUZZ_BUILD ?= build-fuzz
FUZZ_SECONDS ?= 120
FUZZ_RUNS ?=
FUZZ_RSS_MB ?= 2048
FUZZ_TARGETS ?= tableau_file baseline reference_data
fuzz:
	@command -v clang++ >/dev/null || { echo "fuzz: clang++ not found (apt-get install clang)" >&2; exit 2; }
	@cmake -S tests/fuzz -B $(FUZZ_BUILD) $(if $(wildcard $(FUZZ_BUILD)/CMakeCache.txt),,-G Ninja) -DCMAKE_CXX_COMPILER=clang++ >/dev/null
	@cmake --build $(FUZZ_BUILD) -j$(JOBS) --target $(FUZZ_TARGETS:%=%_fuzz)
	@FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_RUNS=$(FUZZ_RUNS) FUZZ_RSS_MB=$(FUZZ_RSS_MB) tests/fuzz/run.sh $(FUZZ_BUILD) $(FUZZ_TARGETS)
