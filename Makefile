# Buttonsmith: `make demo` and `make test` work on a fresh Debian machine with only the Swift
# toolchain; scripts/setup.sh installs the system packages that are missing.
SWIFT ?= swift
BIN_DEBUG := .build/debug/buttonsmith
BIN_RELEASE := .build/release/buttonsmith

.PHONY: all setup build release test demo lint docs bench clean

all: build

setup:
	@scripts/setup.sh

build: setup
	$(SWIFT) build

release: setup
	$(SWIFT) build -c release --product buttonsmith

test: setup
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# Checks the example gallery and renders it into build/assets.
demo: release
	$(BIN_RELEASE) lint specs
	$(BIN_RELEASE) build specs -o build/assets
	@echo "demo: assets in build/assets/current (manifest: build/assets/current/manifest.json)"

lint: build
	$(BIN_DEBUG) lint --strict specs

# Regenerates what is generated from sources: the built-in templates (from templates/) and
# docs/diagnostics.md (from the rules).
docs: setup
	scripts/embed-templates.sh
	BUTTONSMITH_RECORD=1 $(SWIFT) test --filter referenceDocumentMatchesTheRules

# The standard workload beside rsvg-convert; prints every figure and the ratio.
bench: setup
	scripts/bench.sh

clean:
	rm -rf .build build
