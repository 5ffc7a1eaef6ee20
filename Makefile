# Thin wrapper over CMake/CTest. Both entry points install missing Debian packages first.
BUILD ?= build
JOBS ?= $(shell nproc)
PYTHON := /usr/bin/python3
ORDERLY := $(BUILD)/bin/orderly
REPORT_DIR ?= reports/out

.PHONY: all deps configure build cli test gate report clean

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

clean:
	rm -rf $(BUILD) $(REPORT_DIR)
