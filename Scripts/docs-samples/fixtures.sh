# A copy of this repository's Fixtures/, for commands that write beside them (fuzz --out).
set -eu
cp -R "$REPO/Fixtures" Fixtures
