#!/usr/bin/env bash
# What a user pays for each product: the targets it compiles (its own and every dependency, read
# from `swift package dump-package`, so the graph is Package.swift's, not a copy) and the Swift
# lines in them (`wc -l` of every .swift file, comments included — the measure issue 24's table
# used). Prints one table; exits 1 when a product is over its budget (issue 34's constants below),
# when a product compiles a command-line-only target, or when a test product compiles a feature
# module its own API does not use; 2 when the manifest cannot be read.
#
#   Scripts/product-cost.sh            # the table and the checks (run by `make lint`)
#   Scripts/product-cost.sh --targets  # also list each product's targets
#   Scripts/product-cost.sh --graph    # print the target graph ARCHITECTURE.md must hold
#
# It also checks that ARCHITECTURE.md's block between `<!-- graph:begin -->` and
# `<!-- graph:end -->` is the target graph of Package.swift (regenerate it with --graph).
#
# The manifest is read without WIRELOCK_TOOL_PRODUCTS (the repository's own tools' extra
# products), so the table is what a package depending on WireLock sees.
set -euo pipefail
cd "$(dirname "$0")/.."
swift_bin=${SWIFT:-swift}
manifest=$(env -u WIRELOCK_TOOL_PRODUCTS "$swift_bin" package dump-package 2>/dev/null) || {
    echo "product-cost: cannot read Package.swift (swift package dump-package failed)" >&2
    exit 2
}
MANIFEST="$manifest" LIST_TARGETS="${1:-}" python3 - <<'PY'
import json, os, sys

manifest = json.loads(os.environ["MANIFEST"])
targets = {t["name"]: t for t in manifest["targets"]}

# Budgets (issue 34): the most lines of Swift each library product may compile, counting every
# .swift file of every target in its closure (its own and every dependency's). Constants set by
# issues; nothing is exempt and nothing ratchets. A product over its budget fails the check:
# raising one is a question for the issue, not a commit.
budgets = {
    "WireLock": 23_000,
    "WireStubTesting": 12_500,
    "WireOracleTesting": 10_500,
    "WireDecoder": 12_500,
    "WireHTTP": 7_000,
    "WireJSON": 8_300,
}
# The feature modules each test product's API uses; compiling any other one is a defect.
features = {"WireGolden", "WireFuzz", "WireOracle", "WireStub", "WireLint"}
uses = {
    "WireLock": {"WireGolden", "WireFuzz"},
    "WireStubTesting": {"WireStub"},
    "WireOracleTesting": {"WireOracle"},
}
# The command line's own targets: no library product compiles one.
command_line_only = {"WireCommandLine", "WireCommands", "WireLockRunner", "WireLockCLI", "WireToolSupport", "WireShapeTools"}


def dependencies(name):
    for dep in targets[name].get("dependencies", []):
        for kind in ("byName", "target"):
            if kind in dep:
                yield dep[kind][0]


def closure(names):
    seen, stack = set(), list(names)
    while stack:
        name = stack.pop()
        if name in seen or name not in targets:
            continue
        seen.add(name)
        stack.extend(dependencies(name))
    return seen


# Conditions under which a block is not compiled for iOS: Linux-only code and process spawning.
NOT_ON_IOS = ("canImport(CYajl)", "os(Linux)", "canImport(Glibc)", "canImport(Musl)", "WIRELOCK_SPAWN",
              "canImport(FoundationNetworking)")


def ios_lines(text):
    """Lines outside `#if` branches iOS never compiles (a branch whose condition names only
    Linux or process spawning); `#else` of such a block is compiled."""
    count, stack = 0, []  # stack of booleans: is the current branch excluded
    for line in text.split("\n"):
        stripped = line.strip()
        if stripped.startswith("#if ") or stripped.startswith("#elseif "):
            condition = stripped.split(" ", 1)[1]
            excluded = any(c in condition for c in NOT_ON_IOS) and "||" not in condition and "!" not in condition
            if stripped.startswith("#if "):
                stack.append(excluded)
            elif stack:
                stack[-1] = excluded
            continue
        if stripped == "#else":
            if stack:
                stack[-1] = False  # counted: an #else may be what Apple platforms compile
            continue
        if stripped.startswith("#endif"):
            if stack:
                stack.pop()
            continue
        if not any(stack):
            count += 1
    return count - 1 if text.endswith("\n") else count


def lines(name):
    path = targets[name].get("path") or os.path.join("Sources", name)
    total = ios = 0
    for root, _, files in os.walk(path):
        for file in files:
            if file.endswith(".swift"):
                with open(os.path.join(root, file), "rb") as handle:
                    data = handle.read()
                total += data.count(b"\n")
                ios += ios_lines(data.decode("utf-8", "replace"))
    return total, ios


problems = []
rows = []
for product in manifest["products"]:
    if "library" not in product["type"]:
        continue
    compiled = closure(product["targets"])
    both = {name: lines(name) for name in compiled}
    counts = {name: value[0] for name, value in both.items()}
    total = sum(counts.values())
    ios_total = sum(value[1] for value in both.values())
    rows.append((product["name"], compiled, counts, total, ios_total))
    budget = budgets.get(product["name"])
    if budget is None:
        problems.append(f"{product['name']} has no budget in Scripts/product-cost.sh (issue 34 sets one per product)")
    elif total > budget:
        problems.append(f"{product['name']} compiles {total:,} lines, {total - budget:,} over its budget of {budget:,}")
    cli = sorted(compiled & command_line_only)
    if cli:
        problems.append(f"{product['name']} compiles command-line-only target(s): {', '.join(cli)}")
    if product["name"] in uses:
        extra = sorted((compiled & features) - uses[product["name"]])
        if extra:
            problems.append(f"{product['name']} compiles feature module(s) it does not use: {', '.join(extra)}")

libraries = len(rows)
print(f"{'product':<20} {'targets':>7} {'lines':>8} {'on iOS':>8}  budget")
for name, compiled, counts, total, ios_total in rows:
    budget = budgets.get(name)
    note = f"≤ {budget:,}" if budget else "no budget"
    if budget and total > budget:
        note += f"  OVER by {total - budget:,}"
    print(f"{name:<20} {len(compiled):>7} {total:>8,} {ios_total:>8,}  {note}")
    if os.environ.get("LIST_TARGETS") == "--targets":
        for target in sorted(compiled, key=lambda t: (-counts[t], t)):
            print(f"    {target:<24} {counts[target]:>7,}")
print(f"{libraries} library products (at most 6)")

# The graph: every non-test target and what it depends on, in Package.swift's order.
graph = ["```text"]
width = max(len(t["name"]) for t in manifest["targets"] if t["type"] != "test")
for target in manifest["targets"]:
    if target["type"] == "test":
        continue
    deps = sorted(set(dependencies(target["name"])))
    graph.append(f"{target['name']:<{width}} -> {', '.join(deps) if deps else '(nothing)'}".rstrip())
graph.append("```")
if os.environ.get("LIST_TARGETS") == "--graph":
    print("\n".join(graph))
text = open("ARCHITECTURE.md").read()
begin, end = "<!-- graph:begin -->\n", "\n<!-- graph:end -->"
if begin not in text or end not in text:
    problems.append("ARCHITECTURE.md has no <!-- graph:begin --> / <!-- graph:end --> block")
else:
    shown = text.split(begin, 1)[1].split(end, 1)[0]
    if shown != "\n".join(graph):
        problems.append("ARCHITECTURE.md's target graph differs from Package.swift: "
                        "replace its graph block with what `Scripts/product-cost.sh --graph` prints")
if libraries > 6:
    problems.append(f"{libraries} library products; at most 6")
for problem in problems:
    print(f"product-cost: {problem}", file=sys.stderr)
sys.exit(1 if problems else 0)
PY
