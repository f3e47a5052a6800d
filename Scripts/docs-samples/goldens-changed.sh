# As goldens.sh, after a model change: `updated_at` in the sync-record golden lost its milliseconds.
set -eu
. "$REPO/Scripts/docs-samples/goldens.sh"
sed -i.orig 's/"updated_at": "\([0-9T:-]*\)\.[0-9]*Z"/"updated_at": "\1Z"/' golden/sync-record-v1.json
rm -f golden/sync-record-v1.json.orig
cmp -s golden/sync-record-v1.json "$REPO/golden/sync-record-v1.json" && { echo "goldens-changed: nothing changed" >&2; exit 1; }
exit 0
