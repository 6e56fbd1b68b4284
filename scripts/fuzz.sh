#!/usr/bin/env bash
# make fuzz: runs each libFuzzer target of natter-fuzz for SECONDS, from the seeds and what
# earlier runs kept (.build/fuzz/corpus/TARGET), and prints executions, coverage and crashes.
# A crash input lands in .build/fuzz/crashes/; make it a regression test (Tests/FuzzRegressions).
#   scripts/fuzz.sh BINARY SECONDS TARGET…
set -uo pipefail
binary="$1" seconds="$2"; shift 2
root=".build/fuzz"
mkdir -p "$root/crashes"
status=0
printf '%-12s %10s %12s %8s %8s\n' target seconds executions coverage crashes
for target in "$@"; do
    corpus="$root/corpus/$target"
    mkdir -p "$corpus"
    [ -d "$root/seeds/$target" ] && cp -n "$root/seeds/$target"/* "$corpus"/ 2>/dev/null
    log="$root/$target.log"
    NATTER_FUZZ_TARGET="$target" ASAN_OPTIONS=detect_leaks=0 "$binary" "$corpus" \
        -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$root/crashes/$target-" \
        -timeout=10 -rss_limit_mb=2048 > "$log" 2>&1
    code=$?
    runs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | awk '{print $2}' | tail -1)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | awk '{print $2}')
    crashes=$(ls "$root/crashes/$target-"* 2>/dev/null | wc -l)
    printf '%-12s %10s %12s %8s %8s\n' "$target" "$seconds" "${runs:-?}" "${cov:-?}" "$crashes"
    if [ "$code" -ne 0 ]; then
        status=1
        echo "fuzz: $target stopped with status $code; see $log" >&2
        grep -m5 -E 'ERROR|Fatal error|panic|precondition' "$log" >&2
    fi
done
exit $status
