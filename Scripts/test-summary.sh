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
set -uo pipefail

swift="${SWIFT:-swift}"
log="${WIRELOCK_TEST_LOG:-.build/test-log.txt}"
mkdir -p "$(dirname "$log")"
: >"$log" || { echo "make test: cannot write the log $log" >&2; exit 2; }

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
    exit "$status"
fi
echo "Time:          $(minutes "$(seconds "$start" "$done_at")") (build $(minutes "$(seconds "$start" "$built")"), tests $(minutes "$(seconds "$built" "$done_at")")); full log: $log"
echo "make test: passed"
