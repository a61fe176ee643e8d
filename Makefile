# Rebound's two commands: `make run` and `make test`. Both install what is missing first.

DEBIAN_PACKAGES := pkg-config libxml2 liblua5.4-dev libpango1.0-dev libgdk-pixbuf-2.0-dev libcairo2-dev zlib1g-dev libedit-dev lua-busted lua-luassert lua5.4 fonts-dejavu-core fonts-liberation2 fonts-inter fonts-tlwg-loma-otf fonts-wqy-microhei fonts-lohit-deva fonts-materialdesignicons-webfont
# Only the tests need these: Unicode's break tests and a real browser for the preview page.
DEBIAN_TEST_PACKAGES := unicode-data chromium
# The linters `make lint` runs besides swift format: clang-format for the C, luacheck for the Lua.
DEBIAN_LINT_PACKAGES := clang-format lua-check python3
SWIFT_BUILD_FLAGS ?=
ASAN_SCRATCH := .build-asan

.PHONY: setup setup-test setup-lint build run lint test test-asan bench clean bench-instructions

setup:
	@Scripts/install-debian-packages.sh $(DEBIAN_PACKAGES)

setup-test:
	@Scripts/install-debian-packages.sh $(DEBIAN_PACKAGES) $(DEBIAN_TEST_PACKAGES) $(DEBIAN_LINT_PACKAGES)

setup-lint:
	@Scripts/install-debian-packages.sh $(DEBIAN_LINT_PACKAGES)

build: setup
	swift build $(SWIFT_BUILD_FLAGS)

# The live host, built for speed, on the bundled WordsCollection example: edit its files and
# watch each save reload.
run: setup
	swift build -c release --product rebound $(SWIFT_BUILD_FLAGS)
	.build/release/rebound run

# The formatters and linters (Scripts/lint.sh): swift format, clang-format, luacheck.
lint: setup-lint
	@Scripts/lint.sh

# The linters, every test, then the runtime's tests again under AddressSanitizer.
test: setup-test
	@Scripts/lint.sh
	swift test $(SWIFT_BUILD_FLAGS)
	$(MAKE) --no-print-directory test-asan

test-asan: setup-test
	LSAN_OPTIONS=suppressions=$(CURDIR)/Scripts/lsan-suppressions.txt \
		swift test --sanitize=address --scratch-path $(ASAN_SCRATCH) --filter "LuaRuntimeTests|ObjectBridgeTests|HeadlessUITests|LiveHostTests|HostSocketsTests|AnnotationsTests|ConsoleTests|DebuggerTests"

# The benchmarks (their own package in Benchmarks/, with package-benchmark) and the ratio
# table, also in .build/bench.json.
bench: setup
	Scripts/bench.sh

# The bridge's rows counted in instructions under callgrind, whatever the machine's load.
bench-instructions: setup
	Scripts/bench-instructions.sh

clean:
	swift package clean
	rm -rf $(ASAN_SCRATCH) Benchmarks/.build
