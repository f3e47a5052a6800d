#!/usr/bin/env bash
# make docs-check: re-runs every command sample in README.md and the DocC catalogs and fails (status 1)
# when a shown output is no longer what the command prints.
#
# A sample is a fenced block right after a marker line:
#
#   <!-- docs-check -->                 run in the repository root (for commands that write nothing:
#                                       a sample that changes `git status` there is an error)
#   <!-- docs-check: scratch -->        run in a new empty directory
#   <!-- docs-check: scratch=NAME -->   run in a new directory prepared by Scripts/docs-samples/NAME.sh
#
# In the block, every line starting with `$ ` is a command, and the lines after it are what it prints
# (standard output and standard error together, as a terminal shows them). The commands of one block
# run in order in one bash, so `$ echo $?` shows the previous status. A line holding only `…` stands
# for one or more lines left out. `wirelock` and `wirelock-sample` are the debug build's binaries.
# Commands run with a clean environment (PATH, HOME in the scratch area, LC_ALL=C.UTF-8, TZ=UTC, no
# CI, no WIRELOCK_* variables), standard input from /dev/null and a 60 s limit per block. Nothing is
# normalised: an output holding the absolute path of the repository or of the scratch directory is an
# error (choose a command whose output is stable instead).
#
# A fenced block without a language and without a marker is an error: label code and data blocks
# (```swift, ```json, ```text, ...), and mark command output.
#
#   Scripts/docs-check.sh [--update] [FILE...]   (default: README.md and Sources/*/*.docc/**/*.md)
#
# --update rewrites the stale samples in place with what the commands print now (not those that leave
# lines out with `…`: fix them by hand). Status 2: no debug build, or a malformed sample.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
SWIFT=${SWIFT:-swift}
SWIFT_FLAGS=${SWIFT_FLAGS:-}

update=0
if [ "${1:-}" = "--update" ]; then update=1; shift; fi
if [ $# -gt 0 ]; then
    files=("$@")
else
    files=(README.md)
    while IFS= read -r f; do files+=("$f"); done < <(find Sources -path '*.docc/*' -name '*.md' | LC_ALL=C sort)
fi

# shellcheck disable=SC2086
bin=$($SWIFT build $SWIFT_FLAGS --show-bin-path 2>/dev/null) || { echo "docs-check: error: swift build --show-bin-path failed" >&2; exit 2; }
for tool in wirelock wirelock-sample; do
    [ -x "$bin/$tool" ] || { echo "docs-check: error: $bin/$tool not found: run swift build first" >&2; exit 2; }
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/wirelock-docs-check.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/bin" "$tmp/samples" "$tmp/home"
ln -s "$bin/wirelock" "$tmp/bin/wirelock"
ln -s "$bin/wirelock-sample" "$tmp/bin/wirelock-sample"

# Pass 1: find the samples. For each one: samples/N.expected (the block, without the fence's
# indentation) and a line in samples/index: N, file, marker line, opening fence line, closing fence
# line, indentation, marker arguments.
: > "$tmp/samples/index"
malformed=0
for file in "${files[@]}"; do
    [ -f "$file" ] || { echo "docs-check: error: $file not found" >&2; exit 2; }
    awk -v file="$file" -v dir="$tmp/samples" -v start="$(wc -l < "$tmp/samples/index")" '
        function problem(message) { printf "%s:%d: error: %s\n", file, NR, message > "/dev/stderr"; bad = 1 }
        BEGIN { n = start; fence = 0; marker = 0 }
        fence {
            if ($0 ~ ("^" indent "```[ \t]*$")) {
                fence = 0
                if (sampling) { print n "\t" file "\t" markerline "\t" open "\t" NR "\t" length(indent) "\t" args >> (dir "/index"); sampling = 0 }
                next
            }
            if (sampling) { line = $0; if (substr(line, 1, length(indent)) == indent) line = substr(line, length(indent) + 1); print line >> (dir "/" n ".expected") }
            next
        }
        /^[ \t]*<!-- docs-check(:[^>]*)? -->[ \t]*$/ {
            if (marker) problem("docs-check marker not followed by a fenced block")
            marker = 1; markerline = NR
            args = $0; sub(/^[ \t]*<!-- docs-check:?[ \t]*/, "", args); sub(/[ \t]*-->[ \t]*$/, "", args)
            next
        }
        /^[ \t]*```/ {
            indent = $0; sub(/```.*$/, "", indent)
            info = $0; sub(/^[ \t]*```[ \t]*/, "", info)
            fence = 1; open = NR
            if (marker) {
                marker = 0; sampling = 1; n++
                printf "" > (dir "/" n ".expected")
            } else if (info == "") {
                problem("fenced block without a language or a docs-check marker (mark command output; label code and data, e.g. ```text)")
            }
            next
        }
        marker && /[^ \t]/ { problem("docs-check marker not followed by a fenced block"); marker = 0 }
        END {
            if (marker) problem("docs-check marker at the end of the file")
            if (fence) problem("unclosed fenced block")
            exit bad
        }
    ' "$file" || malformed=1
done
[ "$malformed" -eq 0 ] || exit 2

# Compares expected (with `…` lines) and actual outputs; status 0 when they match. Linear: a `…`
# consumes actual lines up to the first one equal to the expected line after it (no backtracking).
matches() {
    awk '
        FNR == NR { e[++ne] = $0; next }
        { a[++na] = $0 }
        function elided(s) { gsub(/^[ \t]+|[ \t]+$/, "", s); return s == "…" }
        END {
            i = 1; j = 1
            while (i <= ne) {
                if (elided(e[i])) {
                    while (i < ne && elided(e[i + 1])) i++
                    if (j > na) exit 1
                    j++
                    if (i == ne) { j = na + 1; i++; continue }
                    while (j <= na && a[j] != e[i + 1]) j++
                    if (j > na) exit 1
                    i++
                } else {
                    if (j > na || a[j] != e[i]) exit 1
                    i++; j++
                }
            }
            exit (j <= na)
        }
    ' "$1" "$2"
}

# A sample run in the repository must leave it as it was; git tells (when this is a checkout).
tracked=""
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then tracked=yes; fi

count=0
stale=0
updates="$tmp/updates"
: > "$updates"
while IFS=$'\t' read -r n file markerline open close indent args; do
    count=$((count + 1))
    expected="$tmp/samples/$n.expected"
    actual="$tmp/samples/$n.actual"
    runner="$tmp/samples/$n.sh"
    work="$tmp/work/$n"
    mkdir -p "$work"
    case "$args" in
        "") cwd=$root ;;
        scratch) cwd=$work ;;
        scratch=*)
            cwd=$work
            setup="$root/Scripts/docs-samples/${args#scratch=}.sh"
            if [ ! -f "$setup" ]; then
                echo "$file:$markerline: error: no setup script ${setup#"$root/"}" >&2; exit 2
            fi
            if ! (cd "$work" && REPO="$root" bash "$setup") > "$tmp/samples/$n.setup.log" 2>&1; then
                cat "$tmp/samples/$n.setup.log" >&2
                echo "$file:$markerline: error: setup ${setup#"$root/"} failed" >&2; exit 2
            fi
            ;;
        *) echo "$file:$markerline: error: unknown docs-check argument '$args' (scratch or scratch=NAME)" >&2; exit 2 ;;
    esac
    # The runner prints each command as the block shows it, then runs it.
    awk '
        /^\$ / {
            shown = $0; gsub(/\047/, "\047\\\047\047", shown)
            # printf would replace $?: keep the previous command'"'"'s status for `$ echo $?`.
            print "__status=$?; printf \047%s\\n\047 \047" shown "\047; (exit $__status)"
            print substr($0, 3)
            commands++
        }
        END { exit commands == 0 }
    ' "$expected" > "$runner" || { echo "$file:$open: error: a sample needs at least one \`\$ COMMAND\` line" >&2; exit 2; }
    before=""
    if [ -z "$args" ] && [ -n "$tracked" ]; then before=$(git status --porcelain --untracked-files=all); fi
    status=0
    (cd "$cwd" && exec env -i PATH="$tmp/bin:/usr/local/bin:/usr/bin:/bin" HOME="$tmp/home" LC_ALL=C.UTF-8 TZ=UTC \
        timeout 60 bash --noprofile --norc -c 'exec 2>&1; . "$1"' docs-check "$runner") < /dev/null > "$actual" || status=$?
    if [ "$status" -eq 124 ]; then
        echo "$file:$open: error: the sample's commands ran past 60 s" >&2; stale=$((stale + 1)); continue
    fi
    if [ -z "$args" ] && [ -n "$tracked" ] && [ "$(git status --porcelain --untracked-files=all)" != "$before" ]; then
        echo "$file:$open: error: the sample changed the repository's files: run it in a scratch directory (<!-- docs-check: scratch -->)" >&2
        git status --short >&2
        stale=$((stale + 1)); continue
    fi
    if grep -q -F -e "$tmp" -e "$root" "$actual"; then
        echo "$file:$open: error: the output holds a machine-specific path ($root or the scratch directory):" >&2
        grep -F -e "$tmp" -e "$root" "$actual" | head -n 3 >&2
        stale=$((stale + 1)); continue
    fi
    if ! matches "$expected" "$actual"; then
        stale=$((stale + 1))
        echo "$file:$open: error: sample output is stale (- shown, + printed now; a line holding only … stands for lines left out):" >&2
        diff -u --label "$file (shown)" --label "printed now" "$expected" "$actual" | sed -n '3,$p' | sed 's/^/    /' >&2 || true
        if [ "$update" -eq 1 ]; then
            if grep -q -x -E '[[:space:]]*…[[:space:]]*' "$expected"; then
                echo "    (not updated: the sample leaves lines out with …)" >&2
            else
                printf '%s\t%s\t%s\t%s\t%s\n' "$file" "$open" "$close" "$indent" "$actual" >> "$updates"
            fi
        fi
    fi
done < "$tmp/samples/index"

if [ "$update" -eq 1 ] && [ -s "$updates" ]; then
    cut -f1 "$updates" | awk '!seen[$0]++' | while IFS= read -r file; do
        awk -F '\t' -v file="$file" '
            FNR == NR { if ($1 == file) { from[$2] = $3; pad[$2] = $4; src[$2] = $5 }; next }
            skip && FNR < skip { next }
            { skip = 0; print }
            FNR in from {
                prefix = sprintf("%" pad[FNR] "s", "")
                while ((getline line < src[FNR]) > 0) print (line == "" ? "" : prefix line)
                close(src[FNR]); skip = from[FNR]
            }
        ' "$updates" "$file" > "$tmp/rewrite"
        cat "$tmp/rewrite" > "$file"
        echo "docs-check: updated $file"
    done
fi

echo "docs-check: $count samples in ${#files[@]} files, $stale stale"
[ "$stale" -eq 0 ] || exit 1
