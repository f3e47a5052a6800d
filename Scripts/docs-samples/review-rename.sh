# A failed assertGolden left a pending golden: `Movie.title` was renamed to `name`.
set -eu
. "$REPO/Scripts/docs-samples/package.sh"
cat > golden/movie.actual.json <<'JSON'
{
  "id": 949,
  "imdbId": "tt0113277",
  "name": "Heat",
  "releaseDate": "1995-12-15T00:00:00Z"
}
JSON
