# Shared by the setups below: a consuming package's root (wirelock finds it by its Package.swift) with
# the golden the README's example records for `Movie`.
mkdir -p golden
cat > Package.swift <<'SWIFT'
// swift-tools-version: 6.0
import PackageDescription

let package = Package(name: "MovieAPI")
SWIFT
cat > golden/movie.json <<'JSON'
{
  "id": 949,
  "imdbId": "tt0113277",
  "releaseDate": "1995-12-15T00:00:00Z",
  "title": "Heat"
}
JSON
