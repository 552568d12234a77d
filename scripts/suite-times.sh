#!/usr/bin/env bash
# Per module, the time its test classes took in the last build, from the surefire reports the build
# left in target/surefire-reports (run it after ./verify): the sum of the classes' times, the class
# count and the slowest class; then the slowest classes of all modules. Classes of one module run one
# after another in one forked JVM, so the sum is close to the module's test time (JVM start and
# class loading aside).
# Usage: scripts/suite-times.sh [repo root] [how many slowest classes, default 12]
set -euo pipefail
root="${1:-$(cd "$(dirname "$0")/.." && pwd)}"
top="${2:-12}"
rows=$(mktemp)
trap 'rm -f "$rows"' EXIT
for reports in "$root"/*/target/surefire-reports "$root"/examples/*/target/surefire-reports; do
    [ -d "$reports" ] || continue
    module=$(basename "$(dirname "$(dirname "$reports")")")
    for xml in "$reports"/TEST-*.xml; do
        [ -e "$xml" ] || continue
        # the testsuite element's name, time and tests attributes
        sed -n 's/.*<testsuite [^>]*name="\([^"]*\)" time="\([^"]*\)" tests="\([^"]*\)".*/\1 \2 \3/p' "$xml" \
            | head -1 | tr -d ',' | awk -v m="$module" '{ print m, $1, $2, $3 }' >>"$rows"
    done
done
if [ ! -s "$rows" ]; then
    echo "no surefire reports under $root; run ./verify first" >&2
    exit 1
fi
printf '| module | seconds | classes | tests | slowest class (s) |\n|---|---|---|---|---|\n'
sort -k1,1 -k3,3gr "$rows" | awk '
    { sum[$1] += $3; n[$1]++; tests[$1] += $4; if (!($1 in slow)) { slow[$1] = $2; slowt[$1] = $3 } total += $3; all += $4 }
    END {
        for (m in sum) printf "%s %.1f %d %d %s %.1f\n", m, sum[m], n[m], tests[m], slow[m], slowt[m] | "sort -k2,2gr"
        close("sort -k2,2gr")
        printf "all %.1f %d %d - 0\n", total, NR, all
    }' | awk '{ printf "| %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, ($5 == "-" ? "" : $5 " (" $6 ")") }'
printf '\nslowest %s classes:\n' "$top"
sort -k3,3gr "$rows" | head -n "$top" | awk '{ printf "  %7.1f s  %s (%s)\n", $3, $2, $1 }'
