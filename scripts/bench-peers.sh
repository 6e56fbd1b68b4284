#!/usr/bin/env bash
# make bench, second half: the side-by-side flood of ../shared/bench (its README says how it
# measures). HexChat, WeeChat and irssi run with Natter (the harness's `custom` client, a
# release build in its own Xvfb like HexChat) in the same run, interleaved, REPEAT rounds;
# then scripts/bench-report.py writes the table and the plots.
#   scripts/bench-peers.sh [COUNT]     (BENCH_REPEAT=3, NATTER_SHARED=../shared)
# Run as root: the harness installs the peers with apt and starts every client as `nobody`.
set -uo pipefail
shared="${NATTER_SHARED:-../shared}"
count="${1:-${BENCH_COUNT:-20000}}"
repeat="${BENCH_REPEAT:-3}"
if [ ! -x "$shared/bench/peers.sh" ]; then
    echo "side by side: $shared/bench/peers.sh not found; skipped (only the in-process suites ran)" >&2
    exit 0
fi
mkdir -p .build/bench
results=".build/bench/side-by-side-$count.jsonl"
: > "$results"
natter="$PWD/.build/release/natter"
# The harness runs clients as nobody: the binary and the folders above it must be readable.
chmod o+rx "$natter" 2>/dev/null
CLIENTS="hexchat weechat irssi custom" \
BENCH_NAME=natter \
BENCH_VERSION="natter $(git describe --always --dirty 2>/dev/null || echo dev)" \
BENCH_CMD="$natter --server {host}:{port} --no-tls --nick {nick} --join {chan} --window-size 1280x800" \
BENCH_DISPLAY=xvfb \
BENCH_LOG_GLOB='{home}/.local/share/natter/logs/**/*.log' \
RESULTS="$results" REPEAT="$repeat" "$shared/bench/peers.sh" "$count" >&2
# Debian's python3 has python3-matplotlib (another python3 first on PATH may not).
py=/usr/bin/python3; [ -x "$py" ] || py=python3
"$py" scripts/bench-report.py "$results" BENCHMARKS.md docs/bench
