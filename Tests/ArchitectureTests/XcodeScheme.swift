// The iOS Simulator job's scheme, checked against Package.swift. SwiftPM hands Xcode an executable
// target as a command-line tool (`com.apple.product-type.tool`), which has no iphonesimulator or
// iphoneos variant: a scheme that builds one fails before compiling anything ("unable to resolve
// product type 'com.apple.product-type.tool' for platform 'iphoneos'", Swift Package Index
// SwiftPackageIndex-Server #677 and #1299). The package's generated `WireLock-Package` scheme holds
// every target, the two executables too, so the job builds `.github/xcode/WireLock-iOS.xcscheme`,
// which holds the libraries and their test targets only; this file is what keeps it so.
// Pure: the tests hand in the scheme's text and the manifest.

/// One `<BuildableReference>` of a scheme.
struct SchemeReference: Hashable, Sendable {
    /// The target it names (`BlueprintName`; for a package, `BlueprintIdentifier` is the same name).
    var blueprintName: String
    /// `ReferencedContainer`: `container:` is the package the scheme belongs to.
    var container: String
    /// The action it sits in: `BuildAction`, `TestAction`, `LaunchAction`, `ProfileAction`, …
    var action: String
    /// The 1-based line of `<BuildableReference`.
    var line: Int
}

/// Every `<BuildableReference>` of an `.xcscheme` file, with the action around it. Reads the
/// format Xcode writes (one element per tag, `Name = "value"` attributes); comments are skipped.
///
/// ```swift
/// let references = schemeReferences(in: try String(contentsOf: schemeURL, encoding: .utf8))
/// references.filter { $0.action == "TestAction" }.map(\.blueprintName)  // the test targets
/// ```
func schemeReferences(in xml: String) -> [SchemeReference] {
    let actions: Set<String> = [
        "BuildAction", "TestAction", "LaunchAction", "ProfileAction", "AnalyzeAction", "ArchiveAction",
    ]
    let text = Array(xml.unicodeScalars)
    var result: [SchemeReference] = []
    var action = ""
    var line = 1
    var index = 0
    while index < text.count {
        if text[index] == "\n" { line += 1 }
        guard text[index] == "<" else {
            index += 1
            continue
        }
        let tagLine = line
        if text[index...].starts(with: "<!--".unicodeScalars) {
            while index < text.count && !text[index...].starts(with: "-->".unicodeScalars) {
                if text[index] == "\n" { line += 1 }
                index += 1
            }
            continue
        }
        var end = index
        var inQuotes = false
        while end < text.count && (text[end] != ">" || inQuotes) {
            if text[end] == "\"" { inQuotes.toggle() }
            if text[end] == "\n" && end > index { line += 1 }
            end += 1
        }
        let tag = String(String.UnicodeScalarView(text[(index + 1)..<min(end, text.count)]))
        index = end + 1
        let name = String(tag.prefix { !$0.isWhitespace && $0 != "/" && $0 != ">" })
        if actions.contains(name) { action = name }
        guard name == "BuildableReference" else { continue }
        let attributes = xmlAttributes(tag)
        result.append(
            SchemeReference(
                blueprintName: attributes["BlueprintName"] ?? attributes["BlueprintIdentifier"] ?? "",
                container: attributes["ReferencedContainer"] ?? "", action: action, line: tagLine))
    }
    return result
}

/// `Name = "value"` pairs of one tag's text (XML's five predefined entities decoded).
func xmlAttributes(_ tag: String) -> [String: String] {
    var result: [String: String] = [:]
    var rest = Substring(tag)
    while let equals = rest.firstIndex(of: "=") {
        let name = rest[..<equals].split(whereSeparator: \.isWhitespace).last.map(String.init) ?? ""
        let afterEquals = rest[rest.index(after: equals)...].drop { $0.isWhitespace }
        guard afterEquals.first == "\"", let close = afterEquals.dropFirst().firstIndex(of: "\"") else { break }
        let value = afterEquals[afterEquals.index(after: afterEquals.startIndex)..<close]
        result[name] = value.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
        rest = afterEquals[afterEquals.index(after: close)...]
    }
    return result
}

/// A way a scheme is wrong for an iOS destination.
struct SchemeViolation: Hashable, Sendable, CustomStringConvertible {
    /// The scheme's file, relative to the package root.
    var file: String
    /// The line of the `<BuildableReference>`; 0 for something the scheme lacks.
    var line: Int
    var target: String
    var problem: String

    var description: String { "\(file):\(line): \(target): \(problem)" }
}

enum IOSSchemeRules {
    /// Where the scheme is committed (a file under `.swiftpm/` would be build output to this
    /// repository's hooks); the iOS job copies it to `.swiftpm/xcode/xcshareddata/xcschemes/`.
    static let path = ".github/xcode/WireLock-iOS.xcscheme"
    /// Test targets left out on purpose although they could build for iOS: the repository's own
    /// rules, which read the source tree and are the same on every platform.
    static let hostOnlyTests: Set<String> = ["ArchitectureTests"]
}

/// What is wrong with a scheme meant for the iOS Simulator: a target that is not the package's, an
/// executable target or any target that depends on one (through targets or products), and, so the
/// scheme cannot fall behind the package, a library product's target missing from its build action
/// or a test target that could run there missing from its test action.
///
/// ```swift
/// iOSSchemeViolations(schemeReferences(in: xml), manifest: manifest, file: IOSSchemeRules.path)
/// // [] when the scheme builds the libraries and tests them, and nothing else
/// ```
func iOSSchemeViolations(
    _ references: [SchemeReference], manifest: PackageManifest, file: String,
    hostOnlyTests: Set<String> = IOSSchemeRules.hostOnlyTests
) -> [SchemeViolation] {
    var found: [SchemeViolation] = []
    for reference in references {
        func violation(_ problem: String) {
            found.append(
                SchemeViolation(file: file, line: reference.line, target: reference.blueprintName, problem: problem))
        }
        if reference.container != "container:" {
            violation("ReferencedContainer is \"\(reference.container)\", not the package's \"container:\"")
        }
        guard let target = manifest.targets.first(where: { $0.name == reference.blueprintName }) else {
            violation("not a target of Package.swift")
            continue
        }
        if target.kind == .executable {
            violation(
                "an executable target: Xcode builds it as a command-line tool (com.apple.product-type.tool), "
                    + "which has no iOS Simulator variant")
        } else if let executable = manifest.executableReached(from: target) {
            violation(
                "depends on the executable target \(executable), which has no iOS Simulator variant; leave it out of "
                    + "the iOS scheme")
        }
    }
    let built = Set(references.filter { $0.action == "BuildAction" }.map(\.blueprintName))
    let tested = Set(references.filter { $0.action == "TestAction" }.map(\.blueprintName))
    for product in manifest.products
    where !product.conditional && (product.kind == .automaticLibrary || product.kind == .linkedLibrary) {
        for target in product.targets where !built.contains(target) && !manifest.reachesExecutableNamed(target) {
            found.append(
                SchemeViolation(
                    file: file, line: 0, target: target,
                    problem: "the library product \(product.name)'s target is not in the scheme's BuildAction"))
        }
    }
    for target in manifest.targets
    where target.kind == .test && !hostOnlyTests.contains(target.name) && !manifest.reachesExecutable(target)
        && !tested.contains(target.name)
    {
        found.append(
            SchemeViolation(
                file: file, line: 0, target: target.name,
                problem: "a test target that can run on iOS is not in the scheme's TestAction"))
    }
    return found
}

extension PackageManifest {
    /// Whether the target called `name` is, or depends on, an executable target.
    func reachesExecutableNamed(_ name: String) -> Bool {
        targets(named: name).contains { reachesExecutable($0) }
    }
}
