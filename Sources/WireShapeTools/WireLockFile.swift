import WireJSON
import WireShapes

/// `golden/wirelock.lock`: one line per wire format with its shape fingerprint and its
/// golden-content fingerprint, both SHA-256 over RFC 8785 canonical bytes.
///
/// ```
/// # wirelock.lock — written by `wirelock lock`, checked by `wirelock lock --check`. Do not edit.
/// # <format> shape=<sha256 of the shape> golden=<sha256 of the goldens>
/// movies-page shape=5d41402a… golden=7d793037…
/// ```
/// A model change shows up in review as a changed line: `shape=` changes when the wire format's
/// structure does, `golden=` when only values do. Files locked by their content alone follow them,
/// one line each (``ContentEntry``): each reader contract (`golden/<name>.reads.json`, what a model
/// reads) as `<name> reads=<sha256>`, each decoded golden (`golden/<name>.decoded.json`, what a
/// model decoded) as `<name> decoded=<sha256>`.
public struct WireLockFile: Hashable, Sendable {
    /// What a content line locks: its key in the line and its file's suffix.
    public enum ContentKind: String, Hashable, Sendable, CaseIterable {
        /// A reader contract, `golden/<name>.reads.json`: `<name> reads=<sha256>`.
        case reads
        /// A decoded golden, `golden/<name>.decoded.json`: `<name> decoded=<sha256>`.
        case decoded

        /// How the file's name ends: `.reads.json`, `.decoded.json`.
        public var suffix: String { ".\(rawValue).json" }
        /// What the file is, in messages.
        var noun: String { self == .reads ? "reader contract" : "decoded golden" }
    }

    /// One line of a file locked by its content alone: `<name> reads=<sha256>` or
    /// `<name> decoded=<sha256>`.
    public struct ContentEntry: Hashable, Sendable {
        /// What the file is.
        public var kind: ContentKind
        /// The file's name: its path under the golden directory without its suffix.
        public var name: String
        /// SHA-256 over the RFC 8785 form of the file's JSON: 64 lowercase hex digits.
        public var fingerprint: String

        /// A line from its parts.
        public init(kind: ContentKind = .reads, name: String, fingerprint: String) {
            self.kind = kind
            self.name = name
            self.fingerprint = fingerprint
        }

        /// The line of a file's document.
        /// - Throws: ``JCS/Error`` when the document has no JCS form.
        public init(kind: ContentKind = .reads, name: String, document: JSONValue) throws(JCS.Error) {
            self.init(kind: kind, name: name, fingerprint: try document.fingerprint())
        }
    }

    /// One format's line.
    public struct Entry: Hashable, Sendable {
        /// The wire format's name, as WireGolden's `GoldenCatalog` derives it (`movies-page`).
        public var name: String
        /// ``WireShape/fingerprint`` of the format's inferred shape: 64 lowercase hex digits.
        public var shapeFingerprint: String
        /// ``GoldenFormat/contentFingerprint()`` of the format's samples: 64 lowercase hex digits.
        public var goldenFingerprint: String

        /// A line from its parts. The fingerprints are not checked here (``WireLockFile/parse(_:)`` checks
        /// them when reading a file).
        public init(name: String, shapeFingerprint: String, goldenFingerprint: String) {
            self.name = name
            self.shapeFingerprint = shapeFingerprint
            self.goldenFingerprint = goldenFingerprint
        }

        /// The line of `format`, whose shape the caller has already inferred (the lock check infers
        /// it once for the line and for the shape file).
        /// - Throws: ``JCS/Error`` when a golden has no JCS form.
        public init(_ format: GoldenFormat, shape: WireShape) throws(JCS.Error) {
            self.init(
                name: format.name, shapeFingerprint: shape.fingerprint,
                goldenFingerprint: try format.contentFingerprint())
        }
    }

    /// The lines, sorted by name.
    public var entries: [Entry]
    /// The content lines, by kind (reader contracts first) and then by name.
    public var contents: [ContentEntry] = []
    /// The reader contracts' lines, sorted by name.
    public var readers: [ContentEntry] { contents.filter { $0.kind == .reads } }
    /// The decoded goldens' lines, sorted by name.
    public var decoded: [ContentEntry] { contents.filter { $0.kind == .decoded } }

    /// A lock file from its lines, sorted by name so ``text`` is the same whatever order they came in.
    /// Duplicate names are kept; ``WireLockFile/parse(_:)`` is what rejects them.
    ///
    /// ```swift
    /// let current = try WireLockFile.build(try GoldenCatalog.formats(from: files))
    /// let locked = try WireLockFile.parse(lockText)
    /// for mismatch in locked.mismatches(against: current) { print(mismatch) }
    /// ```
    public init(entries: [Entry], contents: [ContentEntry] = []) {
        self.entries = entries.sorted { $0.name < $1.name }
        let order = ContentKind.allCases
        self.contents = contents.sorted {
            $0.kind != $1.kind ? order.firstIndex(of: $0.kind)! < order.firstIndex(of: $1.kind)! : $0.name < $1.name
        }
    }

    /// The lock file for a set of formats.
    /// - Throws: ``JCS/Error`` when a golden has no JCS form.
    /// - Parameters:
    ///   - formats: the wire formats, each with its goldens.
    ///   - readers: the reader contracts (`golden/<name>.reads.json`): name and document.
    ///   - decoded: the decoded goldens (`golden/<name>.decoded.json`): name and document.
    ///   - enumRule: how enum-like strings are told from free text.
    public static func build(
        _ formats: [GoldenFormat], readers: [(name: String, document: JSONValue)] = [],
        decoded: [(name: String, document: JSONValue)] = [], enumRule: WireShape.EnumRule = .standard
    ) throws(JCS.Error) -> WireLockFile {
        var entries: [Entry] = []
        for format in formats {
            entries.append(try Entry(format, shape: format.shape(enumRule: enumRule)))
        }
        return WireLockFile(entries: entries, contents: try contentEntries(readers: readers, decoded: decoded))
    }

    /// The content lines of reader contracts and decoded goldens.
    /// - Throws: ``JCS/Error`` when a document has no JCS form.
    public static func contentEntries(
        readers: [(name: String, document: JSONValue)], decoded: [(name: String, document: JSONValue)]
    ) throws(JCS.Error) -> [ContentEntry] {
        var out: [ContentEntry] = []
        for (kind, files) in [(ContentKind.reads, readers), (.decoded, decoded)] {
            for file in files { out.append(try ContentEntry(kind: kind, name: file.name, document: file.document)) }
        }
        return out
    }

    static let header = """
        # wirelock.lock — written by `wirelock lock`, checked by `wirelock lock --check`. Do not edit.
        # <format> shape=<sha256 of the inferred shape> golden=<sha256 of the goldens> (both over RFC 8785 JCS)
        # <name> reads=<sha256 of golden/<name>.reads.json, the model's reader contract> (RFC 8785 JCS)
        # <name> decoded=<sha256 of golden/<name>.decoded.json, what the model decoded> (RFC 8785 JCS)

        """

    /// The file's text.
    public var text: String {
        Self.header
            + entries.map { "\($0.name) shape=\($0.shapeFingerprint) golden=\($0.goldenFingerprint)\n" }.joined()
            + contents.map { "\($0.name) \($0.kind.rawValue)=\($0.fingerprint)\n" }.joined()
    }

    /// Why a lock file could not be read.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The 1-based number of the malformed line.
        public var line: Int
        /// What is wrong with it: not `<format> shape=… golden=…`, a format listed twice, or a
        /// fingerprint that is not a SHA-256 in lowercase hex.
        public var reason: String
        public var description: String { "line \(line): \(reason)" }
    }

    /// Reads a lock file's text; blank lines and `#` comments are skipped.
    /// - Throws: ``WireLockFile/ParseError`` naming the first malformed line.
    public static func parse(_ text: String) throws(ParseError) -> WireLockFile {
        var entries: [Entry] = []
        var contents: [ContentEntry] = []
        var names = Set<String>()
        var contentNames = Set<String>()
        func isSHA256(_ hex: String) -> Bool {
            hex.utf8.count == 64 && hex.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) })
        }
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingSuffix(while: { $0 == "\r" || $0 == " " })
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.count == 2, let equals = fields[1].firstIndex(of: "="),
                let kind = ContentKind(rawValue: String(fields[1][..<equals]))
            {
                let name = String(fields[0])
                guard contentNames.insert("\(kind) \(name)").inserted else {
                    throw ParseError(line: i + 1, reason: "\(kind.noun) '\(name)' is listed twice")
                }
                let hex = String(fields[1][fields[1].index(after: equals)...])
                guard isSHA256(hex) else {
                    throw ParseError(line: i + 1, reason: "'\(hex)' is not a SHA-256 in lowercase hex")
                }
                contents.append(ContentEntry(kind: kind, name: name, fingerprint: hex))
                continue
            }
            guard fields.count == 3, fields[1].hasPrefix("shape="), fields[2].hasPrefix("golden=") else {
                throw ParseError(
                    line: i + 1,
                    reason:
                        "expected '<format> shape=<sha256> golden=<sha256>', '<name> reads=<sha256>' or "
                        + "'<name> decoded=<sha256>', got '\(line)'")
            }
            let name = String(fields[0])
            guard names.insert(name).inserted else {
                throw ParseError(line: i + 1, reason: "format '\(name)' is listed twice")
            }
            let shape = String(fields[1].dropFirst("shape=".count))
            let golden = String(fields[2].dropFirst("golden=".count))
            for hex in [shape, golden]
            where hex.utf8.count != 64
                || !hex.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) })
            {
                throw ParseError(line: i + 1, reason: "'\(hex)' is not a SHA-256 in lowercase hex")
            }
            entries.append(Entry(name: name, shapeFingerprint: shape, goldenFingerprint: golden))
        }
        return WireLockFile(entries: entries, contents: contents)
    }

    /// One way a lock file disagrees with the goldens.
    public struct Mismatch: Hashable, Sendable, CustomStringConvertible {
        /// How a format's line disagrees; the raw value is the stable name machine-readable output shows.
        public enum Kind: String, Hashable, Sendable {
            /// A format has goldens but no line.
            case unlocked = "not-locked"
            /// A line names a format with no goldens.
            case stale = "no-goldens"
            /// The shape fingerprint differs.
            case shapeChanged = "shape-changed"
            /// The golden-content fingerprint differs (shape unchanged).
            case goldenChanged = "golden-changed"
            /// A reader contract file has no line.
            case readsUnlocked = "reads-not-locked"
            /// A reader contract line names no file.
            case readsStale = "reads-no-file"
            /// A reader contract's fingerprint differs: the model reads differently.
            case readsChanged = "reads-changed"
            /// A decoded golden has no line.
            case decodedUnlocked = "decoded-not-locked"
            /// A decoded golden's line names no file.
            case decodedStale = "decoded-no-file"
            /// A decoded golden's fingerprint differs: the model decodes another value.
            case decodedChanged = "decoded-changed"
        }

        /// The format's name.
        public var name: String
        /// How the line disagrees; ``locked`` and ``actual`` are both set for a changed fingerprint.
        public var kind: Kind
        /// The locked line, if any.
        public var locked: Entry?
        /// The line the goldens call for, if any.
        public var actual: Entry?
        /// For a content line (reader contract, decoded golden): the locked line, if any.
        public var lockedContent: ContentEntry?
        /// For a content line: the line its file calls for, if any.
        public var actualContent: ContentEntry?

        public var description: String {
            switch kind {
            case .unlocked: "\(name): has goldens but is not in the lock file"
            case .stale: "\(name): is in the lock file but has no goldens"
            case .shapeChanged:
                "\(name): shape changed (locked \(locked!.shapeFingerprint.prefix(12))…, now \(actual!.shapeFingerprint.prefix(12))…)"
            case .goldenChanged:
                "\(name): goldens changed, shape unchanged (locked \(locked!.goldenFingerprint.prefix(12))…, now \(actual!.goldenFingerprint.prefix(12))…)"
            case .readsUnlocked, .decodedUnlocked:
                "\(contentFile): \(contentNoun) is not in the lock file"
            case .readsStale, .decodedStale:
                "\(contentFile): is in the lock file but there is no such \(contentNoun)"
            case .readsChanged, .decodedChanged:
                "\(contentFile): \(contentNoun) changed (locked \(lockedContent!.fingerprint.prefix(12))…, now \(actualContent!.fingerprint.prefix(12))…)"
            }
        }

        private var contentKind: ContentKind { (lockedContent ?? actualContent)?.kind ?? .reads }
        private var contentFile: String { name + contentKind.suffix }
        private var contentNoun: String { contentKind.noun }

        /// The kind of a content line's mismatch.
        static func kind(_ content: ContentKind, locked: Bool, actual: Bool) -> Kind {
            switch (content, locked, actual) {
            case (.reads, false, _): .readsUnlocked
            case (.reads, _, false): .readsStale
            case (.reads, _, _): .readsChanged
            case (.decoded, false, _): .decodedUnlocked
            case (.decoded, _, false): .decodedStale
            case (.decoded, _, _): .decodedChanged
            }
        }
    }

    /// How `actual` (built from the goldens) differs from this locked file, sorted by name.
    public func mismatches(against actual: WireLockFile) -> [Mismatch] {
        let locked = Dictionary(uniqueKeysWithValues: entries.map { ($0.name, $0) })
        let now = Dictionary(uniqueKeysWithValues: actual.entries.map { ($0.name, $0) })
        var out: [Mismatch] = []
        for name in Set(locked.keys).union(now.keys).sorted() {
            switch (locked[name], now[name]) {
            case (nil, let a?): out.append(Mismatch(name: name, kind: .unlocked, locked: nil, actual: a))
            case (let l?, nil): out.append(Mismatch(name: name, kind: .stale, locked: l, actual: nil))
            case (let l?, let a?):
                if l.shapeFingerprint != a.shapeFingerprint {
                    out.append(Mismatch(name: name, kind: .shapeChanged, locked: l, actual: a))
                } else if l.goldenFingerprint != a.goldenFingerprint {
                    out.append(Mismatch(name: name, kind: .goldenChanged, locked: l, actual: a))
                }
            case (nil, nil): break
            }
        }
        for content in ContentKind.allCases {
            let lockedLines = Dictionary(
                contents.filter { $0.kind == content }.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            let nowLines = Dictionary(
                actual.contents.filter { $0.kind == content }.map { ($0.name, $0) },
                uniquingKeysWith: { first, _ in first })
            for name in Set(lockedLines.keys).union(nowLines.keys).sorted() {
                let (l, a) = (lockedLines[name], nowLines[name])
                if let l, let a, l.fingerprint == a.fingerprint { continue }
                out.append(
                    Mismatch(
                        name: name, kind: Mismatch.kind(content, locked: l != nil, actual: a != nil), locked: nil,
                        actual: nil, lockedContent: l, actualContent: a))
            }
        }
        return out
    }
}

extension Substring {
    fileprivate func trimmingSuffix(while predicate: (Character) -> Bool) -> Substring {
        var s = self
        while let last = s.last, predicate(last) { s = s.dropLast() }
        return s
    }
}
