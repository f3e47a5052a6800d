// Names that differ only in case: one name on the case-insensitive APFS volumes macOS runners and
// most Macs use, two on Linux's ext4. Issue 37 found a library target `WireLock` beside an executable
// target `wirelock`: both build `WireLock.build/` and `Modules/WireLock.swiftmodule`, one overwriting
// the other, and SwiftPM does not diagnose it (swift-package-manager #4746, open). Linux never sees
// it, so this check is what stops the next one. Pure: the tests hand in the manifest and the folders.

/// Two or more names one case-insensitive volume takes for one.
struct CaseCollision: Hashable, Sendable, CustomStringConvertible {
    /// What collides, for the message: "targets", "products", "a product and a target", a folder.
    var what: String
    /// The colliding declarations or paths, as the message names them.
    var names: [String]
    /// What they would share on disk.
    var shared: String

    var description: String { "\(what) differ only in case: \(names.joined(separator: " and ")) (\(shared))" }
}

/// A product and a target whose names differ only in case that the package keeps on purpose.
struct AcceptedCasePair: Hashable, Sendable {
    var product: String
    var target: String
    /// Why it stays, and where its residual risk is written down.
    var reason: String
}

enum CaseCollisionRules {
    /// The executable product `wirelock` (what users type) beside the library target `WireLock`.
    /// SwiftPM's native build system, the one `swift build` and `swift test` use up to Swift 6.3,
    /// writes an executable product as `<config>/wirelock` and `<config>/wirelock.product/`, and a
    /// target as `WireLock.build/` and `Modules/WireLock.swiftmodule`, so nothing is shared. Xcode's
    /// build system (swift-build) gives each product and target a `<name>.build` intermediates folder;
    /// before swift-build #1140 and swift-package-manager #9780 (2026) the two could share one
    /// (XCLogParser's `xclogparser` beside `XCLogParser` failed that way: swift-package-manager
    /// #9093). WireLock.docc/ApplePlatforms.md says where that can still bite and what avoids it.
    static let accepted: [AcceptedCasePair] = [
        AcceptedCasePair(
            product: "wirelock", target: "WireLock",
            reason: "the product keeps the name users type; see ApplePlatforms.md, \"Names that differ only in case\"")
    ]
}

/// Every set of names in the package that differ only in case.
///
/// - targets whose modules (`c99name`: `wirelock-sample` is `wirelock_sample`) differ only in case:
///   they share `<module>.build/` and `Modules/<module>.swiftmodule`;
/// - products of the same kind, or two that each write files of their own (executables, static and
///   dynamic libraries write `<name>.product/`), whose names differ only in case;
/// - a product and a target whose names differ only in case (Xcode's build system gives each a
///   `<name>.build` folder), unless the pair is in `accepted`;
/// - folders of one parent (`Sources/`, `Tests/`) whose names differ only in case (a Mac cannot even
///   check both out).
///
/// ```swift
/// let manifest = PackageManifest(reading: #".target(name: "Core"), .executableTarget(name: "core")"#)
/// caseCollisions(in: manifest, folders: [:])  // one: the targets Core and core
/// ```
func caseCollisions(
    in manifest: PackageManifest, folders: [String: [String]],
    accepting accepted: [AcceptedCasePair] = CaseCollisionRules.accepted
) -> [CaseCollision] {
    var found: [CaseCollision] = []

    let targetGroups = Dictionary(grouping: manifest.targets) { $0.moduleName.lowercased() }
    for key in targetGroups.keys.sorted() {
        let group = targetGroups[key] ?? []
        guard Set(group.map(\.name)).count > 1 else { continue }
        let module = group[0].moduleName
        found.append(
            CaseCollision(
                what: "targets", names: group.map(\.description),
                shared: "\(module).build/ and Modules/\(module).swiftmodule"))
    }

    func writesOwnFiles(_ product: DeclaredProduct) -> Bool {
        product.kind == .executable || product.kind == .linkedLibrary
    }
    let products = manifest.products
    for (index, first) in products.enumerated() {
        for second in products[(index + 1)...]
        where first.name != second.name && first.name.lowercased() == second.name.lowercased()
            && (first.kind == second.kind || (writesOwnFiles(first) && writesOwnFiles(second)))
        {
            found.append(
                CaseCollision(
                    what: "products", names: [first.description, second.description],
                    shared: "\(first.name).product/ and the product's own file"))
        }
    }

    for product in products {
        for target in manifest.targets
        where product.name != target.name
            && (product.name.lowercased() == target.name.lowercased()
                || product.name.lowercased() == target.moduleName.lowercased())
            && !accepted.contains(where: { $0.product == product.name && $0.target == target.name })
        {
            found.append(
                CaseCollision(
                    what: "a product and a target", names: [product.description, target.description],
                    shared: "Xcode's build system names an intermediates folder after each: \(product.name).build and "
                        + "\(target.name).build"))
        }
    }

    for parent in folders.keys.sorted() {
        let groups = Dictionary(grouping: folders[parent] ?? []) { $0.lowercased() }
        for key in groups.keys.sorted() where Set(groups[key] ?? []).count > 1 {
            found.append(
                CaseCollision(
                    what: "folders of \(parent)/", names: (groups[key] ?? []).sorted().map { "\(parent)/\($0)" },
                    shared: "one folder on a case-insensitive volume"))
        }
    }
    return found
}
