#!/bin/bash
# Builds the libFuzzer targets of scrollsim-fuzz with AddressSanitizer and runs each for a while.
#   Fuzz/run.sh                 every target for 60 s (the long run: Fuzz/run.sh --seconds 3600)
#   Fuzz/run.sh --smoke         every target for 20 s (what the tests run)
#   Fuzz/run.sh --seconds N [TARGET...]
# Each target starts from the seed corpus in Fuzz/corpus/TARGET (copied: new inputs found stay in
# the work directory, not the repository). A crash prints its input file and exits 1; replay it
# with `swift run scrollsim-fuzz TARGET FILE`. LeakSanitizer is off: it misreads the tagged pointers
# of Swift indirect enums (the IDL parsed once at start) as leaks; growth is caught by -rss_limit_mb.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=60
targets=()
while [ $# -gt 0 ]; do
    case "$1" in
        --smoke) seconds=20 ;;
        --seconds) seconds="$2"; shift ;;
        *) targets+=("$1") ;;
    esac
    shift
done
[ ${#targets[@]} -gt 0 ] || targets=(frames dispatch scenario)
scratch=${FUZZ_SCRATCH:-.build-fuzz}
swift build -c release --scratch-path "$scratch" --product scrollsim-fuzz \
    --sanitize=fuzzer --sanitize=address \
    -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp \
    -Xswiftc -parse-as-library -Xswiftc -DFUZZING 2>&1 | grep -E "error|Compiling scrollsim_fuzz|Build complete" || true
binary="$scratch/release/scrollsim-fuzz"
[ -x "$binary" ] || { echo "the fuzz build failed"; exit 1; }
work=$(mktemp -d /tmp/scrollsim-fuzz.XXXXXX)
status=0
for target in "${targets[@]}"; do
    mkdir -p "$work/$target"
    cp Fuzz/corpus/"$target"/* "$work/$target/"
    log="$work/$target.log"
    if ASAN_OPTIONS=detect_leaks=0 SCROLLSIM_FUZZ_TARGET="$target" "$binary" "$work/$target" -max_total_time="$seconds" -max_len=65536 \
        -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 -artifact_prefix="$work/$target-" -print_final_stats=1 >"$log" 2>&1; then
        runs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' || echo "?")
        corpus=$(ls "$work/$target" | wc -l)
        echo "$target: $runs executions in ${seconds} s, corpus $corpus inputs, 0 crashes"
    else
        status=1
        echo "$target: CRASH"
        grep -E "ERROR|Fatal error|SUMMARY|artifact" "$log" | head -10
        ls "$work"/"$target"-* 2>/dev/null | head -3
    fi
done
[ $status -eq 0 ] && rm -rf "$work"
exit $status
