#!/usr/bin/env bash
# The GitHub-like sample's reader contracts (Tests/Fixtures/GitHubSample) against GitHub's own REST
# OpenAPI description, and its changes between two released versions judged by them: the runs behind
# issue 35's findings and rule counts. The descriptions are never committed; name copies of them.
#
#   Scripts/openapi-github.sh DESCRIPTION [OLD...]
#
# DESCRIPTION is an api.github.com.json (e.g. from github/rest-api-description:
# `git -C REPO show v0.0.4:descriptions/api.github.com/api.github.com.json > /tmp/api.github.com.json`).
# Prints every finding of `wirelock contract --openapi`, then for each OLD the count per rule of
# `wirelock diff --openapi OLD DESCRIPTION` and how many changes break a reader (`--all`: every change).
# Uses the debug build's wirelock (WIRELOCK=path to use another). Status: wirelock's last status.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
[ $# -ge 1 ] || { echo "usage: Scripts/openapi-github.sh DESCRIPTION [OLD...]" >&2; exit 2; }
wirelock=${WIRELOCK:-$(swift build --show-bin-path)/wirelock}
config=Tests/Fixtures/GitHubSample/wirelock.json
description=$1
shift
echo "+ wirelock contract --openapi $description --config $config"
"$wirelock" contract --openapi "$description" --config "$config"
status=$?
for old in "$@"; do
    echo
    echo "+ wirelock diff --openapi $old $description --config $config"
    "$wirelock" diff --openapi "$old" "$description" --config "$config" | awk '/^changes by rule/ || /^[0-9]+ changes?:/ { on = 1 } on'
    status=${PIPESTATUS[0]}
done
exit "$status"
