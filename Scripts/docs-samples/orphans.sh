# The package has two goldens, and its last recorded test run (one test process, started at
# 2026-12-01T04:25:21Z) asserted only golden/movie.json: the session test was deleted. The record is
# written the way golden assertions write it (`.wirelock/runs/<start>-<parent pid>-<pid>.touched`).
set -eu
. "$REPO/Scripts/docs-samples/package.sh"
cat > golden/session.json <<'JSON'
{
  "expiresAt": "<date>",
  "roles": [
    "admin",
    "editor"
  ],
  "token": "<redacted>",
  "userId": "<uuid>"
}
JSON
mkdir -p .wirelock/runs
printf '#args\tswift-test\ngolden/movie.json\n' > .wirelock/runs/1796099121-4100-4101.touched
