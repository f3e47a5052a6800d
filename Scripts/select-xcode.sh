#!/usr/bin/env bash
# Selects the Xcode a CI job asks for, by the names GitHub's macOS runner images give their apps:
# /Applications/Xcode_<version>.app, where a requested 26.0 may be installed as Xcode_26.0.app or as
# its patch release Xcode_26.0.1.app (or both, one a link to the other), and betas and release
# candidates carry a suffix (Xcode_26.1_beta_2.app, Xcode_26.0_Release_Candidate.app) that leaves
# them out.
#
#   Scripts/select-xcode.sh 26.0            # the highest Xcode_26.0.app or Xcode_26.0.<x>.app, selected
#                                           # with sudo xcode-select -s, then its versions printed
#   Scripts/select-xcode.sh latest-stable   # the highest release Xcode_<version>.app
#   Scripts/select-xcode.sh --print 26.0    # only print the chosen app's path
#
# XCODE_APPLICATIONS (default /Applications) is where it looks; ArchitectureTests points it at a
# folder of empty Xcode_*.app folders. Exits 1, listing what is installed, when nothing matches, and
# 2 on a request that is neither a version (26, 26.0, 26.0.1) nor latest-stable.
set -euo pipefail

print_only=false
if [ "${1:-}" = --print ]; then
    print_only=true
    shift
fi
request="${1:-}"
if [ "$request" != latest-stable ] && ! [[ "$request" =~ ^[0-9]+(\.[0-9]+)*$ ]]; then
    echo "usage: Scripts/select-xcode.sh [--print] VERSION|latest-stable (got '$request')" >&2
    exit 2
fi
apps="${XCODE_APPLICATIONS:-/Applications}"

# Release apps only: Xcode_ and a dotted version, nothing after it.
versions="$(find "$apps" -maxdepth 1 -name 'Xcode_*.app' 2>/dev/null \
    | sed -nE 's|^.*/Xcode_([0-9]+(\.[0-9]+)*)\.app$|\1|p')"
if [ "$request" != latest-stable ]; then
    # 26.0 takes 26.0 and 26.0.<x>, not 26.01 or 26.00.
    versions="$(printf '%s\n' "$versions" | awk -v want="$request" '$0 == want || index($0, want ".") == 1')"
fi
version="$(printf '%s\n' "$versions" | sed '/^$/d' | sort -t. -k1,1n -k2,2n -k3,3n -k4,4n | tail -n 1)"

if [ -z "$version" ]; then
    wanted="Xcode_${request}.app or Xcode_${request}.<x>.app"
    [ "$request" = latest-stable ] && wanted="release Xcode_<version>.app"
    echo "::error::no $wanted in $apps; installed:" >&2
    find "$apps" -maxdepth 1 -name 'Xcode*.app' >&2 2>/dev/null || true
    exit 1
fi
app="$apps/Xcode_${version}.app"
if $print_only; then
    echo "$app"
    exit 0
fi
sudo xcode-select -s "$app"
xcodebuild -version
swift --version
