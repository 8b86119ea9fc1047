# Opta: two commands get you from a fresh clone to a picture and a green test run.
#   make demo   installs what is missing, builds in release mode, renders opta-demo.png
#   make test   installs what is missing, runs the whole test suite in release mode
#   make bench  frame-time benchmarks (package-benchmark and `opta bench`)

SWIFT    ?= swift
PACKAGES := pkg-config libpng-dev libsdl2-dev libfreetype-dev fonts-dejavu-core xvfb ffmpeg libhdf5-dev
# SIMD code in a debug build is about 300x slower: everything runs in release mode.
RELEASE  := -c release
TESTING  := -Xswiftc -enable-testing

.PHONY: all deps build demo test bench clean

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
	$(SWIFT) build $(RELEASE) --product opta

demo: build
	$(SWIFT) run $(RELEASE) --skip-build opta render --output opta-demo.png
	@echo "Demo picture: $(CURDIR)/opta-demo.png"

test: deps
	$(SWIFT) build $(RELEASE) $(TESTING) --build-tests
	$(SWIFT) test $(RELEASE) $(TESTING) --skip-build
	# The window path once more in a real X server.
	xvfb-run -a env OPTA_TEST_SDL_DRIVER=x11 $(SWIFT) test $(RELEASE) $(TESTING) --skip-build --filter ViewerWindowTests
	# Everything that shares state between threads once more under the thread sanitizer (a separate
	# debug build): solver workers, frame loop and viewer, the font cache, tiled rendering.
	$(SWIFT) test --sanitize=thread --scratch-path .build-tsan --filter "LockedTests|OptaRuntimeTests|OptaTextTests|OptaRasterTests|OptaSceneTests"

bench: build
	$(SWIFT) run $(RELEASE) --skip-build opta bench --frames 300 --warmup 20 --a11y \
	  Benchmarks/Scenarios/r1-landscape2d.json Benchmarks/Scenarios/r2-graph.json \
	  Benchmarks/Scenarios/r3-surface3d.json Benchmarks/Scenarios/r3-surface3d-512.json
	$(SWIFT) package benchmark

clean:
	rm -rf .build .build-tsan .golden-failures opta-demo.png
