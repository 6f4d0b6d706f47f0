# Buttonsmith: `make demo` and `make test` work on a fresh Debian machine with only the Swift
# toolchain; scripts/setup.sh installs the system packages that are missing.
SWIFT ?= swift
BIN_DEBUG := .build/debug/buttonsmith
BIN_RELEASE := .build/release/buttonsmith
# On Linux the release binary carries the Swift libraries (the runtime, Foundation) inside it:
# resolving their symbols took about 10 ms of every run (docs/architecture.md). macOS ships them.
RELEASE_FLAGS := $(if $(filter Linux,$(shell uname -s)),--static-swift-stdlib)

.PHONY: all setup build release test demo lint docs bench format clean

all: build

setup:
	@scripts/setup.sh

build: setup
	$(SWIFT) build

release: setup
	$(SWIFT) build -c release $(RELEASE_FLAGS) --product buttonsmith

# The tests also drive Android's own resource compiler over the generated res/ trees, a real
# nginx as the remote cache, a headless chromium showing the review page, and strace, which
# injects a disk's write errors. The test bundle and the bench are built as products:
# `--build-tests` would also compile the plugin's copy of the tool and its dependencies, which
# the plugin example's own build in the tests covers.
test:
	@scripts/setup.sh aapt android-framework-res nginx-light chromium strace
	$(SWIFT) build --product ButtonsmithPackageTests
	$(SWIFT) build --product buttonsmith-bench
	$(SWIFT) test --skip-build

# Checks the example gallery, renders it into build/assets in the formats buttonsmith.yml names
# and draws build/preview.png.
demo: release
	$(BIN_RELEASE) lint
	$(BIN_RELEASE) build
	$(BIN_RELEASE) preview specs --cache build/assets -o build/preview.png
	@echo "demo: assets in build/assets/current (manifest: build/assets/current/manifest.json)"
	@echo "demo: asset catalog in build/assets/current/Buttons.xcassets, Android resources in build/assets/current/res"
	@echo "demo: preview sheet in build/preview.png"

lint: build
	$(BIN_DEBUG) lint --strict specs

# Regenerates what is generated from sources: the built-in templates (from templates/),
# docs/diagnostics.md (from the rules) and the README's picture (drawn by the tool).
docs: setup
	scripts/embed-templates.sh
	BUTTONSMITH_RECORD=1 $(SWIFT) test --filter referenceDocumentMatchesTheRules
	$(SWIFT) build --product buttonsmith
	$$($(SWIFT) build --show-bin-path)/buttonsmith preview specs --scale 1 --cache build/assets -o docs/images/preview.png

# Formats the sources with the toolchain's swift-format and .swift-format.
format:
	$(SWIFT) format --in-place --recursive --configuration .swift-format Sources Tests Package.swift

# The standard workload beside rsvg-convert; prints every figure and the ratio.
bench: setup
	scripts/bench.sh

clean:
	rm -rf .build build
