#!/usr/bin/env bash
# make newcomer: builds the README's and the DocC articles' product examples the way a newcomer would
# use them — a new package beside nothing but WireLock (by path), its products named as the README's
# manifest names them, each example pasted into the target its `<!-- newcomer: NAME -->` marker names:
#
#   App          an executable using WireDecoder, WireHTTP and WireJSON
#   Tests        a test target using WireLock (over a small MovieAPI module written here, the model
#                the README's example assumes)
#   StubTests    a test target using WireStubTesting
#   OracleTests  a test target using WireOracleTesting
#
# Then `swift build --build-tests` and the test targets' tests, in a scratch directory. Status 1 when
# a sample does not compile or its test fails, 2 when a marker is malformed or a target has no sample.
# An article's marker may add `with FILE...`: files of this repository the sample assumes (the types
# of a worked example), copied into the same target.
#
#   Scripts/newcomer-check.sh [--keep]     (--keep leaves the package in place and prints its path)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
SWIFT=${SWIFT:-swift}
work=$(mktemp -d "${TMPDIR:-/tmp}/wirelock-newcomer.XXXXXX")
if [ "${1:-}" != "--keep" ]; then trap 'rm -rf "$work"' EXIT; fi

# Extract each marked block (the fenced block right after the marker) into its target. Markers are
# read in README.md and in every DocC article (Sources/*/*.docc/*.md): a README sample goes into the
# target's one file, an article's sample into a file of its own named after the article. A marker may
# name files of this repository the sample needs (`<!-- newcomer: OracleTests with Tests/X/A.swift -->`):
# they are copied into the same target.
python3 - "$root" "$work" <<'PY'
import glob, os, re, shutil, sys
root, work = sys.argv[1], sys.argv[2]
places = {
    "App": "Sources/App/main.swift",
    "Tests": "Tests/MovieAPITests/WireFormatTests.swift",
    "StubTests": "Tests/StubTests/StubTests.swift",
    "OracleTests": "Tests/OracleTests/OracleTests.swift",
}
sources = ["README.md"] + sorted(os.path.relpath(p, root) for p in glob.glob(os.path.join(root, "Sources/*/*.docc/*.md")))
found = {}
for source in sources:
    lines = open(os.path.join(root, source)).read().split("\n")
    for i, line in enumerate(lines):
        m = re.match(r"<!-- newcomer: (\w+)((?: with)(?: [^ ]+)+)? -->$", line)
        if not m:
            continue
        name = m.group(1)
        needs = m.group(2).split()[1:] if m.group(2) else []
        if name not in places or i + 1 >= len(lines) or lines[i + 1] != "```swift":
            print(f"newcomer: {source}:{i + 1}: a marker must name one of {sorted(places)} and precede a ```swift block", file=sys.stderr)
            sys.exit(2)
        if source != "README.md" and name == "App":
            print(f"newcomer: {source}:{i + 1}: an article's sample cannot be the App (its top level is README.md's)", file=sys.stderr)
            sys.exit(2)
        for need in needs:
            if not os.path.isfile(os.path.join(root, need)):
                print(f"newcomer: {source}:{i + 1}: {need} is not a file of the repository", file=sys.stderr)
                sys.exit(2)
        end = lines.index("```", i + 2)
        found.setdefault(name, []).append((source, "\n".join(lines[i + 2:end]), needs))
missing = sorted(set(places) - set(found))
if missing:
    print(f"newcomer: no sample for {', '.join(missing)} in README.md or the catalogs", file=sys.stderr)
    sys.exit(2)
for name, samples in found.items():
    path = os.path.join(work, places[name])
    folder = os.path.dirname(path)
    os.makedirs(folder, exist_ok=True)
    readme = [text for source, text, _ in samples if source == "README.md"]
    with open(path, "w") as out:
        out.write("\n\n".join(readme) + "\n")
    for source, text, needs in samples:
        if source != "README.md":
            article = os.path.splitext(os.path.basename(source))[0]
            with open(os.path.join(folder, article + ".swift"), "a") as out:
                out.write(text + "\n")
        for need in needs:
            shutil.copy(os.path.join(root, need), os.path.join(folder, os.path.basename(need)))
    print(f"newcomer: {os.path.dirname(places[name])} <- " + ", ".join(f"{source}" for source, _, _ in samples))
PY

# The App sample declares functions; an executable needs a top level that uses them.
cat >> "$work/Sources/App/main.swift" <<'SWIFT'

let sample = Data(#"{"id": 1, "full_name": "a/b", "pushed_at": "2026-01-02T03:04:05Z"}"#.utf8)
print(isValidJSON(sample), (try? fastRepository(from: sample))?.fullName ?? "-")
SWIFT

# The model the README's WireLock example assumes, and its coders.
mkdir -p "$work/Sources/MovieAPI" "$work/Fixtures" "$work/golden"
cat > "$work/Sources/MovieAPI/Movie.swift" <<'SWIFT'
import Foundation

public struct Movie: Codable, Equatable, Sendable {
    public var id: Int
    public var title: String
    public var releaseDate: Date
    public var imdbId: String

    public init(id: Int, title: String, releaseDate: Date, imdbId: String) {
        self.id = id
        self.title = title
        self.releaseDate = releaseDate
        self.imdbId = imdbId
    }
}

extension JSONEncoder {
    public static var api: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}

extension JSONDecoder {
    public static var api: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
SWIFT
cat > "$work/Fixtures/movie-success.json" <<'JSON'
{"id": 949, "title": "Heat", "releaseDate": "1995-12-15T00:00:00Z", "imdbId": "tt0113277"}
JSON
cat > "$work/golden/movie.json" <<'JSON'
{
  "id": 949,
  "imdbId": "tt0113277",
  "releaseDate": "1995-12-15T00:00:00Z",
  "title": "Heat"
}
JSON
mkdir -p "$work/Fixtures/API"
cp "$work/Fixtures/movie-success.json" "$work/Fixtures/API/movies-success.json"

cat > "$work/Package.swift" <<SWIFT
// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "Newcomer",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(path: "$root")],
    targets: [
        .target(name: "MovieAPI"),
        .executableTarget(name: "App", dependencies: [
            .product(name: "WireDecoder", package: "$(basename "$root")"),
            .product(name: "WireHTTP", package: "$(basename "$root")"),
            .product(name: "WireJSON", package: "$(basename "$root")"),
        ]),
        .testTarget(name: "MovieAPITests", dependencies: [
            "MovieAPI", .product(name: "WireLock", package: "$(basename "$root")"),
        ]),
        .testTarget(name: "StubTests", dependencies: [
            .product(name: "WireStubTesting", package: "$(basename "$root")"),
        ]),
        .testTarget(name: "OracleTests", dependencies: [
            .product(name: "WireOracleTesting", package: "$(basename "$root")"),
        ]),
    ]
)
SWIFT
# The stub sample fetches Fixtures/**/movies-success.json; on Linux URLSession is in FoundationNetworking.
if [ "$(uname -s)" = Linux ]; then
    sed -i 's|^import Foundation$|import Foundation\n#if canImport(FoundationNetworking)\n    import FoundationNetworking\n#endif|' \
        "$work/Tests/StubTests/StubTests.swift"
fi

echo "newcomer: swift build --build-tests in $work"
(cd "$work" && env -u WIRELOCK_TOOL_PRODUCTS -u WIRELOCK_OPTIMIZE CI=true "$SWIFT" build --build-tests > build.log 2>&1) || {
    echo "newcomer: the samples do not build (log: $work/build.log)" >&2
    grep -E "error:" "$work/build.log" >&2 || true
    exit 1
}
(cd "$work" && env -u WIRELOCK_TOOL_PRODUCTS -u WIRELOCK_OPTIMIZE CI=true "$SWIFT" run -q App) || { echo "newcomer: App failed" >&2; exit 1; }
# A newcomer's first run records what a sample locks that nobody has accepted yet (the OpenAPI
# article's reader contract, golden/movie.reads.json): that run fails with "recorded …; review and
# re-run", as insta's first run does. The run CI makes afterwards must pass against the recording;
# anything else that failed the first run fails it too.
(cd "$work" && env -u WIRELOCK_TOOL_PRODUCTS -u WIRELOCK_OPTIMIZE -u CI "$SWIFT" test --skip-build > first-run.log 2>&1) || true
(cd "$work" && env -u WIRELOCK_TOOL_PRODUCTS -u WIRELOCK_OPTIMIZE CI=true "$SWIFT" test --skip-build 2>&1 | tail -n 4) || {
    echo "newcomer: a sample's test failed" >&2
    exit 1
}
echo "newcomer: every product's README and article sample builds and passes in a new package"
if [ "${1:-}" = "--keep" ]; then echo "newcomer: kept $work"; fi
