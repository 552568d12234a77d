#!/usr/bin/env bash
# Counts, per module, the top-level types of src/main/java: all, public, and public in a package
# the module exports to everyone (its module-info's `exports p;` without `to`; without a
# module-info every package counts as exported), and public types another raglens module imports
# (they must be public whatever the package layout). Prints a Markdown table and the totals.
# Usage: scripts/api-surface.sh [repo root]
set -euo pipefail
root="${1:-$(cd "$(dirname "$0")/.." && pwd)}"

printf '| module | all | public | imported by another module | exported public | exported public / all |\n|---|---|---|---|---|---|\n'
sum_all=0 sum_public=0 sum_exported=0 sum_imported=0
for dir in "$root"/raglens-*/; do
  module="$(basename "$dir")"
  src="${dir%/}/src/main/java"
  [[ -d "$src" ]] || continue
  info="$src/module-info.java"
  exported=""
  if [[ -f "$info" ]]; then
    # `exports a.b;` only: a qualified export (`exports a.b to c;`) is not public API.
    exported="$(grep -oE '^\s*exports\s+[A-Za-z0-9_.]+\s*;' "$info" | sed -E 's/^\s*exports\s+//; s/\s*;//' || true)"
  fi
  others=()
  for other in "$root"/raglens-*/src/main/java; do
    [[ "$other" == "$src" ]] || others+=("$other")
  done
  all=0 public=0 exp=0 imported=0
  while IFS= read -r file; do
    all=$((all + 1))
    if grep -qE '^public\s' "$file"; then
      public=$((public + 1))
      pkg="$(grep -m1 -oE '^package\s+[A-Za-z0-9_.]+' "$file" | sed -E 's/^package\s+//')"
      type="$(basename "$file" .java)"
      if grep -rqE "^import (static )?${pkg//./\\.}\\.$type(\\.|;)" --include='*.java' "${others[@]}"; then
        imported=$((imported + 1))
      fi
      if [[ ! -f "$info" ]] || grep -qxF "$pkg" <<<"$exported"; then
        exp=$((exp + 1))
      fi
    fi
  done < <(find "$src" -name '*.java' ! -name 'package-info.java' ! -name 'module-info.java')
  printf '| %s | %d | %d | %d | %d | %d%% |\n' "${module#raglens-}" "$all" "$public" "$imported" "$exp" \
    $((100 * exp / all))
  sum_all=$((sum_all + all)) sum_public=$((sum_public + public)) sum_exported=$((sum_exported + exp))
  sum_imported=$((sum_imported + imported))
done
printf '| **in all** | %d | %d (%d%%) | %d (%d%%) | %d | %d%% |\n' "$sum_all" "$sum_public" \
  $((100 * sum_public / sum_all)) "$sum_imported" $((100 * sum_imported / sum_all)) "$sum_exported" \
  $((100 * sum_exported / sum_all))
