import WireJSON
import WireShapes

/// One side of a format comparison: a wire format's shape and, when it came from goldens rather
/// than a shape file, the fingerprint of their content.
public struct WireFormatSide: Hashable, Sendable {
    /// The format's name; sides are matched by it.
    public var name: String
    /// The format's shape (inferred from goldens or read from a shape file).
    public var shape: WireShape
    /// ``GoldenFormat/contentFingerprint()``, or nil when only a shape is known.
    public var contentFingerprint: String?

    /// A side from its parts. Leave `contentFingerprint` nil for a side read from shape files: a
    /// `value-only` change is reported only when both sides have a fingerprint and they differ.
    public init(name: String, shape: WireShape, contentFingerprint: String? = nil) {
        self.name = name
        self.shape = shape
        self.contentFingerprint = contentFingerprint
    }

    /// The side for a format's goldens.
    /// - Throws: ``JCS/Error`` when a golden has no JCS form.
    public init(_ format: GoldenFormat, enumRule: WireShape.EnumRule = .standard) throws(JCS.Error) {
        self.init(
            name: format.name, shape: format.shape(enumRule: enumRule),
            contentFingerprint: try format.contentFingerprint())
    }
}

/// The classified changes of one format.
public struct WireFormatReport: Hashable, Sendable {
    /// The format's name.
    public var name: String
    /// Its classified changes, never empty: ``WireShapeDiff``'s, sorted by path and rule, or a single
    /// `format-added`, `format-removed` or `value-only` change at `$`.
    public var changes: [WireChange]

    /// Whether any change breaks a reader in any direction, ignoring the `allowed` rules.
    public func isBreaking(allowing allowed: Set<WireRule> = []) -> Bool {
        changes.contains { $0.isBreaking && !allowed.contains($0.rule) }
    }
}

/// Compares the formats of two sides (two golden directories, two revisions, shape files) by name.
///
/// ```swift
/// let old = try GoldenCatalog.formats(from: oldFiles).map { try WireFormatSide($0) }
/// let new = try GoldenCatalog.formats(from: newFiles).map { try WireFormatSide($0) }
/// for report in WireFormatComparison.compare(old: old, new: new) where report.isBreaking(allowing: [.enumValueAdded]) {
///     for change in report.changes { print("\(report.name) \(change.path): \(change.rule) — \(change.detail)") }
/// }
/// ```
public enum WireFormatComparison {
    /// Per format present on either side (sorted by name): its classified changes. A format only
    /// on one side gets `format-added` / `format-removed` (non-breaking: no reader changed); a format
    /// whose shape is unchanged but whose goldens changed gets one `value-only`. Formats with no
    /// change at all are left out.
    public static func compare(old: [WireFormatSide], new: [WireFormatSide]) -> [WireFormatReport] {
        let oldByName = Dictionary(old.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let newByName = Dictionary(new.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        var reports: [WireFormatReport] = []
        for name in Set(oldByName.keys).union(newByName.keys).sorted() {
            var changes: [WireChange] = []
            switch (oldByName[name], newByName[name]) {
            case (nil, _?):
                changes = [
                    WireChange(
                        path: .root, rule: .formatAdded, breaks: [],
                        detail: "new wire format (no old goldens to compare)")
                ]
            case (_?, nil):
                changes = [
                    WireChange(
                        path: .root, rule: .formatRemoved, breaks: [],
                        detail: "its goldens are gone; nothing locks this format any more")
                ]
            case (let o?, let n?):
                changes = WireShapeDiff.changes(from: o.shape, to: n.shape)
                if changes.isEmpty, let a = o.contentFingerprint, let b = n.contentFingerprint, a != b {
                    changes = [
                        WireChange(
                            path: .root, rule: .valueOnly, breaks: [],
                            detail: "golden values changed; the shape did not")
                    ]
                }
            case (nil, nil): break
            }
            if !changes.isEmpty { reports.append(WireFormatReport(name: name, changes: changes)) }
        }
        return reports
    }
}
