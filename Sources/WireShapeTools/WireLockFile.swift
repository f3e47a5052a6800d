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
/// structure does, `golden=` when only values do. Each reader contract
/// (`golden/<name>.reads.json`, what a model reads) has a line `<name> reads=<sha256>` after them.
public struct WireLockFile: Hashable, Sendable {
    /// One reader contract's line: `<name> reads=<sha256>`.
    public struct ReaderEntry: Hashable, Sendable {
        /// The contract's name: its path under the golden directory without `.reads.json`.
        public var name: String
        /// SHA-256 over the RFC 8785 form of the contract file's JSON: 64 lowercase hex digits.
        public var fingerprint: String

        /// A line from its parts.
        public init(name: String, fingerprint: String) {
            self.name = name
            self.fingerprint = fingerprint
        }

        /// The line of a contract file's document.
        /// - Throws: ``JCS/Error`` when the document has no JCS form.
        public init(name: String, document: JSONValue) throws(JCS.Error) {
            self.init(name: name, fingerprint: try document.fingerprint())
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
    /// The reader contracts' lines, sorted by name.
    public var readers: [ReaderEntry] = []

    /// A lock file from its lines, sorted by name so ``text`` is the same whatever order they came in.
    /// Duplicate names are kept; ``WireLockFile/parse(_:)`` is what rejects them.
    ///
    /// ```swift
    /// let current = try WireLockFile.build(try GoldenCatalog.formats(from: files))
    /// let locked = try WireLockFile.parse(lockText)
    /// for mismatch in locked.mismatches(against: current) { print(mismatch) }
    /// ```
    public init(entries: [Entry], readers: [ReaderEntry] = []) {
        self.entries = entries.sorted { $0.name < $1.name }
        self.readers = readers.sorted { $0.name < $1.name }
    }

    /// The lock file for a set of formats.
    /// - Throws: ``JCS/Error`` when a golden has no JCS form.
    /// - Parameters:
    ///   - formats: the wire formats, each with its goldens.
    ///   - readers: the reader contracts (`golden/<name>.reads.json`): name and document.
    ///   - enumRule: how enum-like strings are told from free text.
    public static func build(
        _ formats: [GoldenFormat], readers: [(name: String, document: JSONValue)] = [],
        enumRule: WireShape.EnumRule = .standard
    ) throws(JCS.Error) -> WireLockFile {
        var entries: [Entry] = []
        for format in formats {
            entries.append(try Entry(format, shape: format.shape(enumRule: enumRule)))
        }
        var readerEntries: [ReaderEntry] = []
        for reader in readers { readerEntries.append(try ReaderEntry(name: reader.name, document: reader.document)) }
        return WireLockFile(entries: entries, readers: readerEntries)
    }

    static let header = """
        # wirelock.lock — written by `wirelock lock`, checked by `wirelock lock --check`. Do not edit.
        # <format> shape=<sha256 of the inferred shape> golden=<sha256 of the goldens> (both over RFC 8785 JCS)
        # <name> reads=<sha256 of golden/<name>.reads.json, the model's reader contract> (RFC 8785 JCS)

        """

    /// The file's text.
    public var text: String {
        Self.header
            + entries.map { "\($0.name) shape=\($0.shapeFingerprint) golden=\($0.goldenFingerprint)\n" }.joined()
            + readers.map { "\($0.name) reads=\($0.fingerprint)\n" }.joined()
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
        var readers: [ReaderEntry] = []
        var names = Set<String>()
        var readerNames = Set<String>()
        func isSHA256(_ hex: String) -> Bool {
            hex.utf8.count == 64 && hex.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) })
        }
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingSuffix(while: { $0 == "\r" || $0 == " " })
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.count == 2, fields[1].hasPrefix("reads=") {
                let name = String(fields[0])
                guard readerNames.insert(name).inserted else {
                    throw ParseError(line: i + 1, reason: "reader contract '\(name)' is listed twice")
                }
                let hex = String(fields[1].dropFirst("reads=".count))
                guard isSHA256(hex) else {
                    throw ParseError(line: i + 1, reason: "'\(hex)' is not a SHA-256 in lowercase hex")
                }
                readers.append(ReaderEntry(name: name, fingerprint: hex))
                continue
            }
            guard fields.count == 3, fields[1].hasPrefix("shape="), fields[2].hasPrefix("golden=") else {
                throw ParseError(
                    line: i + 1,
                    reason:
                        "expected '<format> shape=<sha256> golden=<sha256>' or '<name> reads=<sha256>', got '\(line)'")
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
        return WireLockFile(entries: entries, readers: readers)
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
        }

        /// The format's name.
        public var name: String
        /// How the line disagrees; ``locked`` and ``actual`` are both set for a changed fingerprint.
        public var kind: Kind
        /// The locked line, if any.
        public var locked: Entry?
        /// The line the goldens call for, if any.
        public var actual: Entry?
        /// For a reader contract: the locked line, if any.
        public var lockedReader: ReaderEntry?
        /// For a reader contract: the line its file calls for, if any.
        public var actualReader: ReaderEntry?

        public var description: String {
            switch kind {
            case .unlocked: "\(name): has goldens but is not in the lock file"
            case .stale: "\(name): is in the lock file but has no goldens"
            case .shapeChanged:
                "\(name): shape changed (locked \(locked!.shapeFingerprint.prefix(12))…, now \(actual!.shapeFingerprint.prefix(12))…)"
            case .goldenChanged:
                "\(name): goldens changed, shape unchanged (locked \(locked!.goldenFingerprint.prefix(12))…, now \(actual!.goldenFingerprint.prefix(12))…)"
            case .readsUnlocked: "\(name).reads.json: reader contract is not in the lock file"
            case .readsStale: "\(name).reads.json: is in the lock file but there is no such reader contract"
            case .readsChanged:
                "\(name).reads.json: reader contract changed (locked \(lockedReader!.fingerprint.prefix(12))…, now \(actualReader!.fingerprint.prefix(12))…)"
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
        let lockedReaders = Dictionary(readers.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let nowReaders = Dictionary(actual.readers.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for name in Set(lockedReaders.keys).union(nowReaders.keys).sorted() {
            let (l, a) = (lockedReaders[name], nowReaders[name])
            let kind: Mismatch.Kind
            switch (l, a) {
            case (nil, _?): kind = .readsUnlocked
            case (_?, nil): kind = .readsStale
            case (let l?, let a?) where l.fingerprint != a.fingerprint: kind = .readsChanged
            default: continue
            }
            out.append(Mismatch(name: name, kind: kind, locked: nil, actual: nil, lockedReader: l, actualReader: a))
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
