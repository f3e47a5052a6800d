# A failed assertGolden left a pending golden: `Movie` gained a `runtime` member on purpose.
set -eu
. "$REPO/Scripts/docs-samples/package.sh"
cat > golden/movie.actual.json <<'JSON'
{
  "id": 949,
  "imdbId": "tt0113277",
  "releaseDate": "1995-12-15T00:00:00Z",
  "runtime": 170,
  "title": "Heat"
}
JSON
