#!/usr/bin/env bash
# Runs a command until it succeeds, at most WIRELOCK_RETRIES times (default 3), waiting
# WIRELOCK_RETRY_PAUSE seconds (default 10) between tries: package installs (apt-get, pip) fail on a
# mirror's bad minute, and one retry saves a CI run. Exits with the last try's status.
#
#   Scripts/retry.sh apt-get install -y libyajl-dev
set -uo pipefail

tries=${WIRELOCK_RETRIES:-3}
pause=${WIRELOCK_RETRY_PAUSE:-10}
if [ $# -eq 0 ]; then
    echo "usage: Scripts/retry.sh COMMAND [ARGUMENT...]" >&2
    exit 2
fi
attempt=1
while true; do
    "$@"
    status=$?
    [ "$status" -eq 0 ] && exit 0
    if [ "$attempt" -ge "$tries" ]; then
        echo "retry: '$*' failed $attempt times (last status $status); giving up" >&2
        exit "$status"
    fi
    echo "retry: '$*' failed (status $status, try $attempt of $tries); again in $pause s" >&2
    sleep "$pause"
    attempt=$((attempt + 1))
done
