#!/usr/bin/env bash
# make docs: builds the DocC catalog of every target that has one (every library product must: the
# internal feature modules keep theirs: the reference of the API the products re-export), with the
# toolchain's own tools (no plugin package): `swift build`, then per module `swift symbolgraph-extract`
# and `docc convert` of Sources/<Module>/<Module>.docc into .build/docs/<Module>.
#
# Fails (status 1) on every diagnostic that docc reports in a catalog, and on every unresolved symbol
# or article link, in a catalog or in a source `///` comment. Other warnings about source comments
# (a parameter left undocumented, say) are listed and counted but do not fail the run unless
# DOCS_STRICT=1, which passes docc's --warnings-as-errors. Status 2: a tool, the build or a catalog is
# missing.
#
#   Scripts/docs.sh [MODULE...]      (default: every library product)
#   Scripts/docs.sh --stand-in NEW=OLD [...]
#                                    check the catalog Sources/NEW/NEW.docc, written ahead of a move,
#                                    against the symbols of module OLD that holds the code today
#                                    (``NEW/…`` links are read as ``OLD/…``); writes nothing to keep
#   SWIFT=swift SWIFT_FLAGS=... DOCS_STRICT=1 DOCS_OUT=.build/docs
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
SWIFT=${SWIFT:-swift}
SWIFT_FLAGS=${SWIFT_FLAGS:-}
DOCS_OUT=${DOCS_OUT:-.build/docs}
DOCS_STRICT=${DOCS_STRICT:-0}

die() { echo "docs: error: $*" >&2; exit 2; }

docc=$(command -v docc || true)
if [ -z "$docc" ]; then
    # Xcode keeps docc out of PATH.
    docc=$(xcrun --find docc 2>/dev/null || true)
fi
[ -n "$docc" ] || die "docc not found (it ships with the Swift toolchain: put the toolchain's bin/ on PATH)"

manifest=$(mktemp)
trap 'rm -f "$manifest"' EXIT
$SWIFT package dump-package > "$manifest" 2>/dev/null || die "swift package dump-package failed"

# Library products and their targets, from the pretty-printed manifest: inside "products", a product's
# "name" comes first, then its "targets" list, then its "type" ({"library": [...]} or {"executable": ...}).
library_targets() {
    awk '
        /^  "products" : \[/ { inproducts = 1; next }
        inproducts && /^  \]/ { inproducts = 0 }
        !inproducts { next }
        /^    \{/ { n = 0; intargets = 0 }
        /^      "targets" : \[/ { intargets = 1; next }
        intargets && /^      \]/ { intargets = 0 }
        intargets { line = $0; gsub(/[ ",]/, "", line); if (line != "") targets[++n] = line }
        /^        "library" :/ { for (i = 1; i <= n; i++) print targets[i] }
    ' "$manifest" | awk '!seen[$0]++'
}

stand_ins=()
while [ "${1:-}" = "--stand-in" ]; do
    [[ "${2:-}" == ?*=?* ]] || die "--stand-in takes NEW=OLD (a catalog's module and the module that holds its code today)"
    stand_ins+=("$2"); shift 2
done
mapfile -t products < <(library_targets)
if [ ${#stand_ins[@]} -gt 0 ]; then
    DOCS_OUT="$DOCS_OUT/stand-in"
    modules=()
    for pair in "${stand_ins[@]}"; do modules+=("${pair#*=}"); done
elif [ $# -gt 0 ]; then
    modules=("$@")
else
    for module in ${products[@]+"${products[@]}"}; do
        [ -d "Sources/$module/$module.docc" ] || die "library product $module has no catalog at Sources/$module/$module.docc"
    done
    modules=()
    for catalog in Sources/*/*.docc; do
        module=$(basename "$(dirname "$catalog")")
        [ "$catalog" = "Sources/$module/$module.docc" ] && modules+=("$module")
    done
fi
[ ${#modules[@]} -gt 0 ] || die "no library products found in Package.swift"

# System library targets (C wrappers) must be visible to the extractor as they are to the compiler:
# their module maps, and the include paths pkg-config gives for them.
clang_flags=()
for map in Sources/*/module.modulemap; do
    [ -e "$map" ] && clang_flags+=(-Xcc "-fmodule-map-file=$root/$map")
done
while read -r pkg; do
    for flag in $(pkg-config --cflags-only-I "$pkg" 2>/dev/null || true); do clang_flags+=(-Xcc "$flag"); done
done < <(sed -n 's/^ *"pkgConfig" : "\(.*\)",*$/\1/p' "$manifest")

# The catalog of each module: its own, or for --stand-in a copy of NEW's with the module renamed.
declare -A catalogs
for module in "${modules[@]}"; do catalogs[$module]="Sources/$module/$module.docc"; done
for pair in ${stand_ins[@]+"${stand_ins[@]}"}; do
    new=${pair%%=*}; old=${pair#*=}
    [ -d "Sources/$new/$new.docc" ] || die "no catalog at Sources/$new/$new.docc"
    copy="$DOCS_OUT/$new.docc"
    rm -rf "$copy"; mkdir -p "$(dirname "$copy")"; cp -R "Sources/$new/$new.docc" "$copy"
    mv "$copy/$new.md" "$copy/$old.md"
    find "$copy" -name '*.md' -exec sed -i.orig -e "s/\`\`$new\`\`/\`\`$old\`\`/g" -e "s/\`\`$new\//\`\`$old\//g" {} +
    find "$copy" -name '*.orig' -delete
    catalogs[$old]=$copy
done
for module in "${modules[@]}"; do
    [ -d "${catalogs[$module]}" ] || die "library product $module has no catalog at ${catalogs[$module]}"
done

echo "docs: swift build $SWIFT_FLAGS"
# shellcheck disable=SC2086
$SWIFT build $SWIFT_FLAGS >/dev/null || die "swift build failed (run it to see why)"
# shellcheck disable=SC2086
bin=$($SWIFT build $SWIFT_FLAGS --show-bin-path)
triple=$($SWIFT -print-target-info | sed -n 's/^ *"triple": "\(.*\)",*$/\1/p' | head -n 1)
[ -n "$triple" ] || die "cannot read the target triple from swift -print-target-info"
sdk=()
if [ "$(uname -s)" = Darwin ]; then sdk=(-sdk "$(xcrun --show-sdk-path)"); fi

mkdir -p "$DOCS_OUT"
failed=0
total_fatal=0
total_other=0
for module in "${modules[@]}"; do
    graphs="$DOCS_OUT/symbol-graphs/$module"
    # A product's catalog documents its public API; an internal module's, its `package` API (what
    # the rest of the package calls), which is all some internal modules have.
    access=package
    for product in ${products[@]+"${products[@]}"}; do [ "$product" = "$module" ] && access=public; done
    out="$DOCS_OUT/$module"
    log="$DOCS_OUT/$module.log"
    rm -rf "$graphs" "$out"
    mkdir -p "$graphs"
    # The modules it re-exports whole (`@_exported import M`, as WireJSON re-exports WireJSONCore) are
    # part of what `import <module>` shows, so their symbols are documented in its catalog.
    reexported=$(grep -rhoE '^[[:space:]]*@_exported[[:space:]]+(public[[:space:]]+)?import[[:space:]]+[A-Za-z_][A-Za-z0-9_]*[[:space:]]*$' \
        "Sources/$module" --include='*.swift' | awk '{print $NF}' | sort -u | paste -sd, - || true)
    allowed=()
    [ -n "$reexported" ] && allowed=("-experimental-allowed-reexported-modules=$reexported")
    if ! $SWIFT symbolgraph-extract -module-name "$module" -I "$bin/Modules" -target "$triple" \
        -minimum-access-level "$access" -output-dir "$graphs" ${sdk[@]+"${sdk[@]}"} ${clang_flags[@]+"${clang_flags[@]}"} \
        ${allowed[@]+"${allowed[@]}"} > "$log" 2>&1; then
        cat "$log" >&2
        die "swift symbolgraph-extract failed for $module"
    fi
    strict=()
    [ "$DOCS_STRICT" = 1 ] && strict=(--warnings-as-errors)
    status=0
    "$docc" convert "${catalogs[$module]}" --additional-symbol-graph-dir "$graphs" \
        --output-dir "$out" --fallback-display-name "$module" --fallback-bundle-identifier "wirelock.$module" \
        --ide-console-output ${strict[@]+"${strict[@]}"} > "$log" 2>&1 || status=$?

    # One diagnostic per line: PATH:LINE:COLUMN: warning|error: SUMMARY (fix-its and notes follow on
    # their own lines and are left out here; the whole log is kept).
    fatal=0
    other=0
    while IFS= read -r line; do
        where=${line%%: warning: *}
        where=${where%%: error: *}
        file=${where%%:[0-9]*}
        if [[ "$line" == *": error: "* ]] || [[ "$file" == *.docc/* ]] \
            || [[ "$line" =~ (doesn\'t\ exist\ at|isn\'t\ a\ disambiguation|is\ ambiguous|[Uu]nresolved|can\'t\ be\ resolved|No\ external\ resolver) ]]; then
            echo "${line#"$root/"}" >&2
            fatal=$((fatal + 1))
        else
            echo "  note: ${line#"$root/"}"
            other=$((other + 1))
        fi
    done < <(grep -E '^[^ ].*:[0-9]+:[0-9]+: (warning|error): ' "$log" || true)
    if [ "$status" -ne 0 ] && [ "$fatal" -eq 0 ]; then
        cat "$log" >&2
        fatal=1
    fi
    articles=$(find "${catalogs[$module]}" -name '*.md' ! -name "$module.md" | wc -l)
    if [ "$articles" -eq 0 ]; then
        echo "${catalogs[$module]}: error: a catalog needs at least one article beside $module.md" >&2
        fatal=$((fatal + 1))
    fi
    echo "docs: $module: $articles articles, $fatal errors, $other source-comment warnings -> $out"
    total_fatal=$((total_fatal + fatal))
    total_other=$((total_other + other))
    [ "$fatal" -eq 0 ] || failed=1
done

echo "docs: ${#modules[@]} catalogs, $total_fatal errors, $total_other source-comment warnings (errors under DOCS_STRICT=1, the make default)"
if [ "$failed" -ne 0 ]; then
    echo "docs: failed: fix the links and catalog diagnostics above (full logs in $DOCS_OUT/<Module>.log)" >&2
    exit 1
fi
