#!/usr/bin/env bash
# What each library product shows its users: the public declarations `import <Product>` brings into
# a file, counted from the compiler's own symbol graphs (`swift symbolgraph-extract`), and the
# top-level names among them that a common Apple framework also declares (issue 34).
#
#   Scripts/public-surface.sh               # the table and the checks (run by `make lint`)
#   Scripts/public-surface.sh --list NAME   # also list what product NAME exposes, by module
#   Scripts/public-surface.sh --warn-only   # print the problems without failing (see the Makefile)
#
# What `import <Product>` exposes: the product's module, every module it re-exports whole
# (`@_exported import M`, followed through M's own re-exports), and the single declarations it
# re-exports by name (`@_exported import struct M.T`: T, its members and nested types). The
# re-exports are read from the sources: symbolgraph-extract's own allow list
# (-experimental-allowed-reexported-modules) follows a module's whole re-exports even behind a
# by-name import of one of its types, which the compiler does not. Each module's graph is
# extracted once, at -minimum-access-level public (so `package` and internal declarations and
# @_spi ones are left out), with its extension graphs (`M@Other.symbols.json`: public members M
# adds to other modules' types, which any file importing M can call).
#
# The counting rule: one per public or open declaration written in the sources — a type, a
# protocol, a typealias, a function, an initializer, a property, a subscript, an operator, a
# member of an extension on someone else's type — the unit of "≈530 public declarations" in
# issue 34. Not counted: what the compiler synthesizes (`::SYNTHESIZED::` symbols: a protocol's
# default `!=`, `hashValue`…) and enum cases (they carry no access modifier of their own; the
# enum is counted). A declaration re-exported by two routes is counted once.
#
# Limits (issue 34): `import WireLock` at most 200 public declarations, every product at most 250,
# and no public top-level name that a common Apple framework also declares (`SHA256` collides
# with CryptoKit's in any test file that imports both). The Apple names: Foundation,
# FoundationEssentials, FoundationInternationalization, FoundationNetworking, Dispatch,
# Synchronization, Observation, Testing and XCTest read from the toolchain's own symbol graphs
# (cached per toolchain in .build/public-surface/), plus the curated lists below for frameworks
# Linux has no graph of (CryptoKit, Combine, os, SwiftUI), each with its source.
#
# It builds the package in debug first (`swift build`, what `make test` reuses), then extracts.
# Exit 0 within the limits, 1 over them (unless --warn-only), 2 when a tool fails.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
SWIFT_FLAGS=${SWIFT_FLAGS:-}
die() { echo "public-surface: error: $*" >&2; exit 2; }

list="" warn_only=0
while [ $# -gt 0 ]; do
    case "$1" in
        --list) list=${2:-}; [ -n "$list" ] || die "--list takes a product name"; shift 2 ;;
        --warn-only) warn_only=1; shift ;;
        *) die "unknown argument $1 (expected --list NAME or --warn-only)" ;;
    esac
done

manifest=$(env -u WIRELOCK_TOOL_PRODUCTS "$SWIFT" package dump-package 2>/dev/null) || die "swift package dump-package failed"
# shellcheck disable=SC2086
env -u WIRELOCK_TOOL_PRODUCTS "$SWIFT" build $SWIFT_FLAGS >/dev/null 2>&1 || die "swift build failed (run it to see why)"
# shellcheck disable=SC2086
bin=$(env -u WIRELOCK_TOOL_PRODUCTS "$SWIFT" build $SWIFT_FLAGS --show-bin-path)
triple=$("$SWIFT" -print-target-info | sed -n 's/^ *"triple": "\(.*\)",*$/\1/p' | head -n 1)
[ -n "$triple" ] || die "cannot read the target triple from swift -print-target-info"
toolchain=$("$SWIFT" --version 2>&1 | cksum | cut -d' ' -f1)

MANIFEST="$manifest" BIN="$bin" TRIPLE="$triple" TOOLCHAIN="$toolchain" SWIFT="$SWIFT" LIST="$list" \
    WARN_ONLY="$warn_only" python3 - <<'PY'
import concurrent.futures, glob, json, os, re, shutil, subprocess, sys

manifest = json.loads(os.environ["MANIFEST"])
targets = {t["name"]: t for t in manifest["targets"]}
bin_dir, triple, swift = os.environ["BIN"], os.environ["TRIPLE"], os.environ["SWIFT"]
cache = os.path.join(".build", "public-surface")
os.makedirs(cache, exist_ok=True)

LIMIT_WIRELOCK, LIMIT_PRODUCT = 200, 250

# Top-level names of Apple frameworks that have no symbol graph on Linux. Each list is what its
# source declares public at the top level (types, protocols, functions), underscored names left out.
CURATED = {
    # CryptoKit: apple/swift-crypto (commit 1b6b2e27), "a substantial portion of the API of Apple
    # CryptoKit": the public top-level declarations of Sources/Crypto.
    "CryptoKit": """AES ANSIKDFx963 ChaChaPoly CryptoKitError Curve25519 DiffieHellmanKeyAgreement Digest HKDF HMAC
        HPKE HashFunction HashedAuthenticationCode Insecure KEM MD5Digest MessageAuthenticationCode P256 P384 P521
        SHA1Digest SHA256 SHA256Digest SHA384 SHA384Digest SHA512 SHA512Digest SHA3_256 SHA3_384 SHA3_512
        SharedSecret SymmetricKey SymmetricKeySize SecureEnclave""",
    # Combine: OpenCombine/combine-interfaces (commit a3db46f, Xcode 14.2), the iOS simulator SDK's
    # Combine.swiftinterface: its public top-level declarations.
    "Combine": """AnyCancellable AnyPublisher AnySubscriber AsyncPublisher AsyncThrowingPublisher Cancellable
        CombineIdentifier ConnectablePublisher CurrentValueSubject CustomCombineIdentifierConvertible Deferred Empty
        Fail Future ImmediateScheduler Just ObservableObject ObservableObjectPublisher PassthroughSubject Published
        Publisher Publishers Record Scheduler SchedulerTimeIntervalConvertible Subject Subscriber Subscribers
        Subscription Subscriptions TopLevelDecoder TopLevelEncoder""",
    # os: Apple's documentation of the os framework's logging, signposts and locks
    # (developer.apple.com/documentation/os).
    "os": """Logger OSLog OSLogType OSLogMessage OSLogInterpolation OSLogPrivacy OSLogIntegerFormatting
        OSLogFloatFormatting OSLogStringAlignment OSSignposter OSSignpostID OSSignpostIntervalState OSSignpostType
        OSAllocatedUnfairLock os_log os_signpost""",
    # SwiftUI: the names most apps write, from Apple's documentation of SwiftUI
    # (developer.apple.com/documentation/swiftui): app structure, views, containers, navigation,
    # shapes, state and layout.
    "SwiftUI": """App Scene WindowGroup View ViewBuilder ViewModifier AnyView EmptyView Text Image Label Button Link
        Toggle Picker Slider Stepper DatePicker ColorPicker TextField SecureField TextEditor List ForEach Section
        Form Group GroupBox ScrollView ScrollViewReader LazyVStack LazyHStack LazyVGrid LazyHGrid Grid GridRow
        GridItem VStack HStack ZStack Spacer Divider NavigationStack NavigationSplitView NavigationView
        NavigationLink NavigationPath TabView Menu ProgressView Gauge Table TableColumn Color Font Gradient
        LinearGradient RadialGradient AngularGradient Shape Path Rectangle RoundedRectangle Circle Capsule Ellipse
        Animation AnyTransition Transaction GeometryReader GeometryProxy State Binding Environment
        EnvironmentObject EnvironmentValues EnvironmentKey ObservedObject StateObject Bindable FocusState AppStorage
        SceneStorage Namespace Alignment HorizontalAlignment VerticalAlignment Edge EdgeInsets Angle UnitPoint Axis
        ContentMode Layout PreferenceKey ToolbarItem ToolbarItemGroup Alert ActionSheet Canvas TimelineView
        Visibility ButtonStyle ShapeStyle Material""",
}
TOOLCHAIN_MODULES = ["Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
                     "Dispatch", "Synchronization", "Observation", "Testing", "XCTest"]


def extract(module, out, extra=()):
    """The module's symbol graphs, public and open declarations only, into `out`."""
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    command = [swift, "symbolgraph-extract", "-module-name", module, "-target", triple,
               "-minimum-access-level", "public", "-output-dir", out, *extra]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.stderr.write(result.stdout + result.stderr)
        raise SystemExit(f"public-surface: error: swift symbolgraph-extract failed for {module}")


def symbols(directory):
    """(whether it is in an extension graph `M@Other`, symbol) for every symbol of the graphs."""
    for path in sorted(glob.glob(os.path.join(directory, "*.symbols.json"))):
        with open(path) as handle:
            for symbol in json.load(handle)["symbols"]:
                yield "@" in os.path.basename(path), symbol


def apple_names():
    path = os.path.join(cache, f"apple-names-{os.environ['TOOLCHAIN']}.json")
    if os.path.exists(path):
        with open(path) as handle:
            return json.load(handle)
    names = {}
    for framework, text in CURATED.items():
        for name in text.split():
            names.setdefault(name, framework)
    for module in TOOLCHAIN_MODULES:
        out = os.path.join(cache, "apple", module)
        try:
            extract(module, out)
        except SystemExit:
            continue  # not in this toolchain (Observation on an older one, say)
        for _, symbol in symbols(out):
            top = symbol["pathComponents"]
            if len(top) == 1 and not top[0].startswith("_"):
                names.setdefault(top[0], module)
    with open(path, "w") as handle:
        json.dump(names, handle, sort_keys=True)
    return names


EXPORT = re.compile(r"^\s*@_exported\s+(?:public\s+)?import\s+(?:(struct|class|enum|protocol|typealias|func|var|let|actor)\s+)?([A-Za-z_][A-Za-z0-9_]*)(?:\.([A-Za-z_][A-Za-z0-9_]*))?")


def reexports(module):
    """(module, name or None) for every `@_exported import` in the module's sources."""
    target = targets.get(module)
    if target is None:
        return []
    root = target.get("path") or os.path.join("Sources", module)
    found = []
    for path in sorted(glob.glob(os.path.join(root, "**", "*.swift"), recursive=True)):
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                match = EXPORT.match(line)
                if match:
                    found.append((match.group(2), match.group(3)))
    return found


def exposure(module):
    """Modules exposed whole, and (module, name) declarations exposed by name, by `import module`."""
    whole, named, stack = set(), set(), [module]
    while stack:
        current = stack.pop()
        if current in whole:
            continue
        whole.add(current)
        for exported, name in reexports(current):
            if exported not in targets:
                continue  # a system module re-exported (none today): not the package's surface
            if name is None:
                stack.append(exported)
            else:
                named.add((exported, name))
    return whole, {(m, n) for m, n in named if m not in whole}


products = [p for p in manifest["products"] if "library" in p["type"]]
plans = {}
for product in products:
    plans[product["name"]] = [exposure(t) for t in product["targets"]]
modules = sorted({m for plan in plans.values() for whole, named in plan for m in whole | {x for x, _ in named}})

clang = [flag for m in sorted(glob.glob("Sources/*/module.modulemap"))
         for flag in ("-Xcc", f"-fmodule-map-file={os.path.abspath(m)}")]


def extract_module(module):
    out = os.path.join(cache, "modules", module)
    extract(module, out, ["-I", os.path.join(bin_dir, "Modules"), *clang])
    return module, list(symbols(out))


with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
    graphs = dict(pool.map(extract_module, modules))
apple = apple_names()


def counted(symbol):
    return "::SYNTHESIZED::" not in symbol["identifier"]["precise"] and symbol["kind"]["identifier"] != "swift.enum.case"


problems, rows = [], []
for product in products:
    seen = {}
    for whole, named in plans[product["name"]]:
        for module in sorted(whole):
            for _, symbol in graphs[module]:
                if counted(symbol):
                    seen.setdefault(symbol["identifier"]["precise"], (module, symbol))
        # A declaration imported by name brings itself and its members; and, as any import of its
        # module does, the members that module adds to other modules' types (member lookup sees
        # every loaded module's extensions: `import struct M.T` makes M's `extension Other` visible).
        for module, name in sorted(named):
            for extension, symbol in graphs[module]:
                if counted(symbol) and (extension or symbol["pathComponents"][0] == name):
                    seen.setdefault(symbol["identifier"]["precise"], (module, symbol))
    declarations = list(seen.values())
    top = sorted({s["pathComponents"][0] for _, s in declarations if len(s["pathComponents"]) == 1})
    collisions = [f"{name} ({apple[name]})" for name in top if name in apple]
    limit = LIMIT_WIRELOCK if product["name"] == "WireLock" else LIMIT_PRODUCT
    rows.append((product["name"], declarations, top, collisions, limit))
    if len(declarations) > limit:
        problems.append(f"import {product['name']} exposes {len(declarations)} public declarations, over {limit}")
    if collisions:
        problems.append(f"import {product['name']} declares names an Apple framework also declares: "
                        + ", ".join(collisions))

print(f"{'product':<20} {'modules':>7} {'public':>7} {'limit':>6} {'top-level':>9}  Apple names")
for name, declarations, top, collisions, limit in rows:
    modules_shown = len({m for m, _ in declarations})
    print(f"{name:<20} {modules_shown:>7} {len(declarations):>7} {limit:>6} {len(top):>9}  "
          + (", ".join(collisions) if collisions else "none"))
    if os.environ.get("LIST") == name:
        by_module = {}
        for module, symbol in declarations:
            by_module.setdefault(module, []).append(".".join(symbol["pathComponents"]))
        for module in sorted(by_module, key=lambda m: -len(by_module[m])):
            print(f"    {module} ({len(by_module[module])})")
            for path in sorted(by_module[module]):
                print(f"        {path}")
for problem in problems:
    print(f"public-surface: {problem}", file=sys.stderr)
if problems and os.environ.get("WARN_ONLY") == "1":
    print("public-surface: --warn-only: not failing (issue 34 phase 2 removes the switch from make lint)",
          file=sys.stderr)
    sys.exit(0)
sys.exit(1 if problems else 0)
PY
