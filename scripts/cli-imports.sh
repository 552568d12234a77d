#!/usr/bin/env bash
# Counts the CLI's imports of raglens packages outside the facade and the public core packages
# (core's `internal` counts as outside). Prints one line per import, then the totals.
# Usage: scripts/cli-imports.sh [repo root]
set -euo pipefail
root="${1:-$(cd "$(dirname "$0")/.." && pwd)}"

packages_of() {
  find "$root/$1/src/main/java" -name '*.java' -printf '%h\n' \
    | sed "s#^$root/$1/src/main/java/##; s#/#.#g" | sort -u
}
allowed="$( { packages_of raglens-facade; packages_of raglens-core | grep -v '\.internal$'; } | sort -u)"

total=0
declare -A files=()
while IFS= read -r file; do
  while IFS= read -r imp; do
    [[ -z "$imp" ]] && continue
    # The package is the name up to the first capitalised segment.
    pkg="$(sed -E 's/\.[A-Z].*$//' <<<"$imp")"
    if ! grep -qxF "$pkg" <<<"$allowed"; then
      echo "${file#$root/}: $imp"
      total=$((total + 1))
      files["$file"]=1
    fi
  done < <(grep -oE '^import (static )?io\.github\.raglens\.[A-Za-z0-9_.]+' "$file" | sed -E 's/^import (static )?//')
done < <(find "$root/raglens-cli/src/main/java" -name '*.java' | sort)
echo "CLI imports of modules other than the facade and core: $total in ${#files[@]} files"
