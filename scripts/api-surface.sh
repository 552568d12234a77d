#!/usr/bin/env bash
# Counts, per module, the top-level types of src/main/java and sorts each public one by why it is
# public, the first that holds:
#   API            - its package is exported to everyone (the module-info's `exports p;` without
#                    `to`; without a module-info every package counts as exported);
#   for siblings   - another raglens module imports it (Java wants it public whatever the layout);
#   for packages   - another package of its own module imports it;
#   by no import   - none of these; such types are listed by name after the table, since each
#                    needs a reason of its own (a main class, a type only named by a public
#                    method's signature, a test's reach).
# Prints a Markdown table and the totals.
# Usage: scripts/api-surface.sh [repo root]
set -euo pipefail
root="${1:-$(cd "$(dirname "$0")/.." && pwd)}"

printf '| module | all | public | API | for siblings | for packages | by no import | API / all |\n'
printf '|---|---|---|---|---|---|---|---|\n'
sum_all=0 sum_public=0 sum_api=0 sum_siblings=0 sum_packages=0 sum_none=0
unexplained=()
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
  all=0 public=0 api=0 siblings=0 packages=0 none=0
  while IFS= read -r file; do
    all=$((all + 1))
    grep -qE '^public\s' "$file" || continue
    public=$((public + 1))
    pkg="$(grep -m1 -oE '^package\s+[A-Za-z0-9_.]+' "$file" | sed -E 's/^package\s+//')"
    type="$(basename "$file" .java)"
    import="^import (static )?${pkg//./\\.}\\.$type(\\.|;)"
    if [[ ! -f "$info" ]] || grep -qxF "$pkg" <<<"$exported"; then
      api=$((api + 1))
    elif grep -rqE "$import" --include='*.java' "${others[@]}"; then
      siblings=$((siblings + 1))
    elif grep -rqE "$import" --include='*.java' "$src"; then
      packages=$((packages + 1))
    else
      none=$((none + 1))
      unexplained+=("$pkg.$type")
    fi
  done < <(find "$src" -name '*.java' ! -name 'package-info.java' ! -name 'module-info.java')
  printf '| %s | %d | %d | %d | %d | %d | %d | %d%% |\n' "${module#raglens-}" "$all" "$public" "$api" \
    "$siblings" "$packages" "$none" $((100 * api / all))
  sum_all=$((sum_all + all)) sum_public=$((sum_public + public)) sum_api=$((sum_api + api))
  sum_siblings=$((sum_siblings + siblings)) sum_packages=$((sum_packages + packages)) sum_none=$((sum_none + none))
done
printf '| **in all** | %d | %d (%d%%) | %d | %d | %d | %d | %d%% |\n' "$sum_all" "$sum_public" \
  $((100 * sum_public / sum_all)) "$sum_api" "$sum_siblings" "$sum_packages" "$sum_none" \
  $((100 * sum_api / sum_all))
if ((${#unexplained[@]} > 0)); then
  printf '\nPublic by no import:\n'
  printf -- '- %s\n' "${unexplained[@]}"
fi
