#!/usr/bin/env bash
# `make test`: builds the package and its tests, runs every test, keeps the whole log in a file and
# prints a short summary: the scale of the heavy tests, the tests that ran, the expected failures
# (recorded inside withKnownIssue, which the log prints like failures), the skipped suites and tests
# with their reason, and the time.
#
# WIRELOCK_TEST_SCALE (quick or full) sizes the heavy tests (fuzz campaigns, oracle corpora, the
# differential run; see Tests/WireLockTestSupport/TestScale.swift): unset, it is full when CI=true
# and quick otherwise. Quick runs a tenth of each count, with the same seeds.
# On a failure it prints the failing lines and the end of the log, and exits with the failing status.
#
# Usage: Scripts/test-summary.sh [extra swift flags...]   (SWIFT names the toolchain driver)
# The log goes to $WIRELOCK_TEST_LOG (default .build/test-log.txt).
#
# Every run also writes a small run record, $WIRELOCK_RUN_RECORD (default .build/wirelock-run.json),
# so that a failure can be reproduced later with what it used: the commit, the status, each line of
# golden/wirelock.lock (the formats the goldens lock), the failing tests, and the SHA-256 of every
# fixture or golden file (Fixtures/…, golden/….json) the failure lines name. CI keeps it as an artifact.
set -uo pipefail

swift="${SWIFT:-swift}"
log="${WIRELOCK_TEST_LOG:-.build/test-log.txt}"
mkdir -p "$(dirname "$log")"
: >"$log" || { echo "make test: cannot write the log $log" >&2; exit 2; }

record="${WIRELOCK_RUN_RECORD:-.build/wirelock-run.json}"

# A JSON string: backslashes and quotes escaped, control characters dropped.
json_string() { local s=${1//\\/\\\\}; s=${s//\"/\\\"}; printf '"%s"' "$(tr -d '\000-\037' <<<"$s")"; }
sha256_of() { if command -v sha256sum >/dev/null 2>&1; then sha256sum "$1" | cut -d' ' -f1; else shasum -a 256 "$1" | cut -d' ' -f1; fi; }

# write_run_record STATUS STAGE: the run record (see the header); never fails the run itself.
write_run_record() {
    local status=$1 stage=$2 commit tests files first
    commit=$(git rev-parse HEAD 2>/dev/null || true)
    {
        printf '{\n  "command": "make test",\n  "commit": %s,\n' "$( [ -n "$commit" ] && json_string "$commit" || echo null)"
        printf '  "stage": %s,\n  "status": %d,\n  "scale": %s,\n' "$(json_string "$stage")" "$status" "$(json_string "$scale")"
        printf '  "formats": {'
        first=1
        if [ -f golden/wirelock.lock ]; then
            while IFS= read -r line; do
                case "$line" in ''|'#'*) continue ;; esac
                [ "$first" = 1 ] || printf ','
                first=0
                printf '\n    %s: %s' "$(json_string "${line%% *}")" "$(json_string "$line")"
            done <golden/wirelock.lock
        fi
        [ "$first" = 1 ] && printf '},\n' || printf '\n  },\n'
        printf '  "failing-tests": ['
        tests=$(sed -nE 's/^✘ Test (.*) (recorded an issue|failed).*/\1/p' "$log" 2>/dev/null | sort -u | head -100)
        first=1
        while IFS= read -r name; do
            [ -n "$name" ] || continue
            [ "$first" = 1 ] || printf ','
            first=0
            printf '\n    %s' "$(json_string "$name")"
        done <<<"$tests"
        [ "$first" = 1 ] && printf '],\n' || printf '\n  ],\n'
        printf '  "files": {'
        files=$(grep -E '^✘ |error: |Test Case .* failed' "$log" 2>/dev/null | grep -v 'known issue' \
            | grep -oE '(Fixtures|golden)/[A-Za-z0-9._/-]+\.json' | sort -u | head -200)
        first=1
        while IFS= read -r file; do
            [ -n "$file" ] && [ -f "$file" ] || continue
            [ "$first" = 1 ] || printf ','
            first=0
            printf '\n    %s: %s' "$(json_string "$file")" "$(json_string "$(sha256_of "$file")")"
        done <<<"$files"
        [ "$first" = 1 ] && printf '}\n' || printf '\n  }\n'
        printf '}\n'
    } >"$record.tmp" 2>/dev/null && mv "$record.tmp" "$record" || echo "make test: could not write the run record $record" >&2
}

now() { date +%s.%N; }
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.0f", b - a }'; }
minutes() { local s=$1; if [ "$s" -ge 60 ]; then printf '%d min %02d s' $((s / 60)) $((s % 60)); else printf '%d s' "$s"; fi; }

case "${WIRELOCK_TEST_SCALE:-}" in
    quick|full) scale=$WIRELOCK_TEST_SCALE ;;
    "") if [ "${CI:-}" = true ]; then scale=full; else scale=quick; fi ;;
    *) echo "make test: WIRELOCK_TEST_SCALE must be quick or full, not '$WIRELOCK_TEST_SCALE'" >&2; exit 2 ;;
esac
export WIRELOCK_TEST_SCALE=$scale

start=$(now)
echo "+ $swift build --build-tests $*   (log: $log)"
"$swift" build --build-tests "$@" >>"$log" 2>&1
status=$?
built=$(now)
if [ "$status" -ne 0 ]; then
    grep -E 'error:' "$log" | head -40
    echo "--- end of the build log ($log) ---"
    tail -n 40 "$log"
    echo "make test: the build failed (exit $status) after $(minutes "$(seconds "$start" "$built")")" >&2
    write_run_record "$status" build
    exit "$status"
fi

echo "+ WIRELOCK_TEST_SCALE=$scale $swift test --skip-build --parallel $*"
"$swift" test --skip-build --parallel "$@" >>"$log" 2>&1
status=$?
done_at=$(now)

# Swift Testing ends with: "✔ Test run with N tests in M suites passed after S seconds[ with K known issues]."
# or "✘ Test run with N tests in M suites failed after S seconds with I issues[ (including K known issues)]."
run_line=$(grep -E '^. Test run with [0-9]+ tests? in [0-9]+ suites?' "$log" | tail -n 1)
tests=$(sed -nE 's/^. Test run with ([0-9]+) tests? in ([0-9]+) suites?.*/\1/p' <<<"$run_line")
suites=$(sed -nE 's/^. Test run with ([0-9]+) tests? in ([0-9]+) suites?.*/\2/p' <<<"$run_line")
known=$(sed -nE 's/.* ([0-9]+) known issues?.*/\1/p' <<<"$run_line")
[ -n "$known" ] || known=0
# XCTest under --parallel prints "[i/n] Testing Module.Class/testName" for each test.
xctests=$(grep -cE '^\[[0-9]+/[0-9]+\] Testing ' "$log" || true)
skipped=$(grep -E '^➜ (Suite|Test) .* skipped' "$log" || true)

echo
if [ "$scale" = full ]; then
    echo "Scale:         full (WIRELOCK_TEST_SCALE; every heavy test at its whole count, as in CI)"
else
    echo "Scale:         quick (WIRELOCK_TEST_SCALE; heavy tests at a tenth of their count; CI and WIRELOCK_TEST_SCALE=full run them whole)"
fi
if [ -n "$run_line" ]; then
    echo "Swift Testing: ${tests:-?} tests in ${suites:-?} suites, $known known issues (expected failures, recorded inside withKnownIssue: not failures)"
else
    echo "Swift Testing: no summary line in the log (the test process may have crashed)"
fi
echo "XCTest:        $xctests tests"
if [ -n "$skipped" ]; then
    echo "Skipped ($(wc -l <<<"$skipped")):"
    sed -E 's/^. /  /' <<<"$skipped" | sort | uniq
else
    echo "Skipped:       none"
fi

if [ "$status" -ne 0 ] || grep -qE '^. Test run with .* failed' "$log"; then
    echo
    echo "Failures:"
    failures=$(grep -E '^✘ Test .*(recorded an issue|failed)|error: |Fatal error|Test Case .* failed' "$log" | grep -v 'known issue' | head -60)
    if [ -n "$failures" ]; then
        echo "$failures"
    else  # no failing test named: a crash or a signal; the end of the log says more
        echo "--- end of the log ($log) ---"
        tail -n 40 "$log"
    fi
    [ "$status" -ne 0 ] || status=1
    echo "make test: FAILED (exit $status) after $(minutes "$(seconds "$start" "$done_at")")" >&2
    write_run_record "$status" test
    echo "Run record:    $record"
    exit "$status"
fi
echo "Time:          $(minutes "$(seconds "$start" "$done_at")") (build $(minutes "$(seconds "$start" "$built")"), tests $(minutes "$(seconds "$built" "$done_at")")); full log: $log"
write_run_record 0 test
echo "make test: passed"
