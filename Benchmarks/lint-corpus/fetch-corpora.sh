#!/usr/bin/env bash
# Extracts the public corpora of make lint-precision into OUT/<corpus> (never into the repository):
# for each corpus in labels.json with a "repository", the JSON files under its "path" at its pinned
# "commit" (octokit.swift's and MastodonKit's test fixtures).
#
#   Benchmarks/lint-corpus/fetch-corpora.sh OUT
#
# Each repository is read from a git directory: LINT_CORPUS_MIRRORS/<owner>+<name>/repo when there is
# one (default /work/.mirror, where this workplace's fetch tool puts snapshots), else a blob-less
# clone into OUT/<corpus>.git. Exit 2 when a pinned commit cannot be read.
set -euo pipefail

out=${1:?usage: fetch-corpora.sh OUT}
here=$(cd "$(dirname "$0")" && pwd)
mirrors=${LINT_CORPUS_MIRRORS:-/work/.mirror}

python3 - "$here/labels.json" <<'PY' |
import json, sys
for name, corpus in sorted(json.load(open(sys.argv[1]))["corpora"].items()):
    if "repository" in corpus:
        print(name, corpus["repository"], corpus["commit"], corpus["path"])
PY
while read -r name repository commit path; do
  git_dir=$mirrors/${repository/\//+}/repo
  if [ ! -d "$git_dir" ]; then
    git_dir=$out/$name.git
    [ -d "$git_dir" ] || git clone --quiet --bare --filter=blob:none "https://github.com/$repository" "$git_dir"
  fi
  if ! git --git-dir="$git_dir" cat-file -e "$commit^{commit}" 2>/dev/null; then
    echo "fetch-corpora: $git_dir does not have $repository commit $commit" >&2
    exit 2
  fi
  rm -rf "${out:?}/$name"
  mkdir -p "$out/$name"
  count=0
  while IFS= read -r file; do
    git --git-dir="$git_dir" show "$commit:$file" > "$out/$name/$(basename "$file")"
    count=$((count + 1))
  done < <(git --git-dir="$git_dir" ls-tree -r --name-only "$commit" -- "$path" | grep '\.json$')
  echo "fetch-corpora: $count $repository fixtures at ${commit:0:12} in $out/$name"
done
