#!/bin/bash
# Instructions per decode by part, for both decoders, on one row of the real-model workload
# (BENCHMARKS.md, "Where the instructions go").
#
#   Benchmarks/Scripts/rest-breakdown.sh PAYLOAD:STYLE:SETUP N
#   e.g. Benchmarks/Scripts/rest-breakdown.sh repositories-30:iso8601:configured-like 3
#
# Runs wirelock-decoder-bench --rest-alone under callgrind, counting only the decode calls, once
# with 1 decode and once with N + 1 per decoder; the difference divided by N is the steady state
# (the first decode's one-time conformance lookups drop out). Needs valgrind and python3.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bench="$(swift build -c release --package-path "$here/.." --show-bin-path)/wirelock-decoder-bench"
spec=$1
n=$2
out="$(mktemp -d)"
wire='$s11WireDecoder0A11JSONDecoderC3run33_DFE7CD0E688E98807E665A97C4A3F2BDLL_4from9reportingx5value_AA0A14DecodingReportVSg6reporttxm_20FoundationEssentials4DataVSbtKSeRzlF'
json='$s20FoundationEssentials11JSONDecoderC6decode_4fromxxm_AA4DataVtKSeRzlF'
for side in wire json; do
  toggle=$wire
  [ "$side" = json ] && toggle=$json
  for count in 1 $((n + 1)); do
    WIRELOCK_BENCH_DECODES=$count valgrind --tool=callgrind --toggle-collect="$toggle" \
      --callgrind-out-file="$out/$side-$count.out" "$bench" --rest-alone "$spec" "$side" >/dev/null 2>&1 &
  done
done
wait
for side in wire json; do
  echo "== $spec $side"
  python3 "$here/rest-breakdown.py" "$out/$side-1.out" "$out/$side-$((n + 1)).out" "$n" "$side"
done
rm -r "$out"
