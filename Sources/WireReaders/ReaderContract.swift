// The reader contract of a model: what its init(from:) reads from the wire, learnt from the reads
// decodeWithReport records, folded by path, with the members it drops. Pure values: building,
// merging, the file's text, parsing it back and comparing two contracts.
import WireDecoder
import WireJSONCore

/// What a model reads from the wire, learnt from decoding its fixtures with
/// `WireJSONDecoder.decodeWithReport(_:from:)`: every folded path it reads (array elements as
/// `[*]`, dictionary values as `.*`), with the kinds of value it accepted there, whether it may be
/// absent or `null`, the Swift types asked for, how they were asked for, the date and number forms
/// it parsed, whether an error there was swallowed (a lenient reader: a `try?` union, a default
/// value); and the paths it drops (present in a fixture, never read).
///
/// A contract is built from one or many fixtures (merging is a union), written as canonical JSON
/// (``text``: one line per path, sorted, so a change is a one-line diff) and read back
/// (``init(parsing:file:)``); ``changes(from:)`` says what a new contract does differently.
///
/// ```swift
/// let (_, report) = try WireJSONDecoder().decodeWithReport(Repository.self, from: data)
/// let contract = ReaderContract(model: "Repository", fixture: "repository.json", report: report)
/// contract.entry(matching: [.key("owner"), .key("login")])?.kinds   // [.string]
/// contract.dropped.contains(try JSONPathPattern("$.mirror_url"))  // true
/// ```
public struct ReaderContract: Hashable, Sendable, CustomStringConvertible {
    /// The kind of a JSON value, as the wire has it (the kind a decode's reads record).
    public typealias Kind = WireDecodingReport.Kind

    /// What the contract says about one folded path.
    public struct Entry: Hashable, Sendable {
        /// The folded path, e.g. `$.items[*].owner.login`.
        public var path: JSONPathPattern
        /// The Swift types the model asked for here (`String`, `URL`, `Owner`, `Array<Label>`), sorted;
        /// `contains` and `decodeNil` add none.
        public var types: [String]
        /// How they were asked for, sorted.
        public var methods: [WireDecodingReport.Read.Method]
        /// The kinds of value the model took here without an error (`null` is ``mayBeNull``), sorted.
        public var kinds: [Kind]
        /// The model decodes on when the member is absent (it read it with `decodeIfPresent`, or
        /// asked with `contains`, or met it absent and went on).
        public var mayBeAbsent: Bool
        /// The model decodes on when the value is `null`.
        public var mayBeNull: Bool
        /// The date and number forms it parsed: `integer`, `fraction`, `exponent`,
        /// `iso8601:rfc3339`, `custom:rfc3339-fraction`, `secondsSince1970:integer`…, sorted.
        public var forms: [String]
        /// An error thrown here was swallowed by the model (`try?`, a default value): a lenient
        /// reader, declared here rather than reported as a swallowed error.
        public var lenient: Bool
        /// The raw values an enum read here accepts, when the decoder proved them (a `CaseIterable`
        /// enum that rejects any other value), sorted; nil when they are not known.
        package var values: [JSONValue]?

        /// Creates an entry.
        public init(
            path: JSONPathPattern, types: [String] = [], methods: [WireDecodingReport.Read.Method] = [],
            kinds: [Kind] = [], mayBeAbsent: Bool = false, mayBeNull: Bool = false, forms: [String] = [],
            lenient: Bool = false
        ) {
            self.path = path
            self.types = types
            self.methods = methods
            self.kinds = kinds
            self.mayBeAbsent = mayBeAbsent
            self.mayBeNull = mayBeNull
            self.forms = forms
            self.lenient = lenient
        }

        /// Both entries' facts (a union).
        func merged(with other: Entry) -> Entry {
            var entry = Entry(
                path: path, types: Self.union(types, other.types), methods: Self.union(methods, other.methods),
                kinds: Self.union(kinds, other.kinds), mayBeAbsent: mayBeAbsent || other.mayBeAbsent,
                mayBeNull: mayBeNull || other.mayBeNull, forms: Self.union(forms, other.forms),
                lenient: lenient || other.lenient)
            entry.values = Self.union(values, other.values)
            return entry
        }

        /// Both lists of accepted values (nil: not known, so the other list stands).
        static func union(_ one: [JSONValue]?, _ two: [JSONValue]?) -> [JSONValue]? {
            guard let one, let two else { return one ?? two }
            return Set(one + two).sorted {
                CanonicalJSONWriter.text($0, style: .compact) < CanonicalJSONWriter.text($1, style: .compact)
            }
        }

        static func union<T: Comparable & Hashable>(_ one: [T], _ two: [T]) -> [T] {
            two.allSatisfy(one.contains) ? one : Set(one + two).sorted()
        }

        /// `string (String, decode)`, `string|null? (URL, decodeIfPresent) lenient`: kinds, `?`
        /// when it may be absent, then types and methods.
        public var summary: String {
            var kindText = (kinds.map(\.rawValue) + (mayBeNull ? ["null"] : [])).joined(separator: "|")
            if kindText.isEmpty { kindText = "nothing" }
            if mayBeAbsent { kindText += "?" }
            var text =
                "\(kindText) (\(types.joined(separator: ", ")); \(methods.map(\.rawValue).joined(separator: ", ")))"
            if !forms.isEmpty { text += " as " + forms.joined(separator: ", ") }
            if lenient { text += ", lenient" }
            return text
        }
    }

    /// The model's name, e.g. `Page<Repository>`.
    public var model: String
    /// The fixtures the contract was learnt from, sorted.
    public var fixtures: [String]
    /// What the model reads, by folded path.
    public internal(set) var entries: [JSONPathPattern: Entry]
    /// Folded paths present in a fixture that the model never read (the outermost: a dropped
    /// object's members are not listed again).
    public internal(set) var dropped: Set<JSONPathPattern>

    /// An empty contract for `model`.
    public init(model: String) {
        self.model = model
        fixtures = []
        entries = [:]
        dropped = []
    }

    /// The contract one decode shows: its reads and its dropped members, folded with the report's
    /// `WireDecodingReport.dictionaries`.
    ///
    /// ```swift
    /// let contract = ReaderContract(model: "Movie", fixture: "movie.json", report: report)
    /// ```
    public init(model: String, fixture: String, report: WireDecodingReport) {
        self.init(model: model)
        add(report, fixture: fixture)
    }

    /// Adds what one more decode shows (a union: a path read in either is read; a kind seen in
    /// either is accepted).
    public mutating func add(_ report: WireDecodingReport, fixture: String) {
        if !fixtures.contains(fixture) { fixtures = (fixtures + [fixture]).sorted() }
        var folded: [JSONPath: JSONPathPattern] = [:]
        func fold(_ path: JSONPath) -> JSONPathPattern {
            if let known = folded[path] { return known }
            let result = JSONPathPattern(folding: path, dictionaries: report.dictionaries)
            folded[path] = result
            return result
        }
        var learnt: [JSONPathPattern: Entry] = [:]
        for read in report.reads {
            let path = read.pattern
            var entry = learnt[path] ?? Entry(path: path)
            Self.learn(read, into: &entry)
            learnt[path] = entry
        }
        for (path, entry) in learnt {
            entries[path] = entries[path].map { $0.merged(with: entry) } ?? entry
        }
        for member in report.droppedMembers { dropped.insert(fold(member.path)) }
    }

    /// What one read says about its path.
    static func learn(_ read: WireDecodingReport.Read, into entry: inout Entry) {
        func insert<T: Comparable>(_ value: T, _ list: inout [T]) {
            if !list.contains(value) {
                list.append(value)
                list.sort()
            }
        }
        // `contains` and `decodeNil` ask no type of the value (their raw reads say Bool, Never).
        if read.method != .contains, read.method != .decodeNil { insert(read.type, &entry.types) }
        entry.values = Entry.union(entry.values, read.values)
        insert(read.method, &entry.methods)
        if read.method == .decodeIfPresent {
            entry.mayBeAbsent = true
            entry.mayBeNull = true
        }
        if read.method == .contains {
            entry.mayBeAbsent = true
            return
        }
        if read.outcome == .threw {
            entry.lenient = true
            return
        }
        switch read.wire {
        case nil: entry.mayBeAbsent = true
        case .null?: entry.mayBeNull = true
        case let kind?: if read.method != .decodeNil { insert(kind, &entry.kinds) }
        }
        if let form = read.form { insert(form, &entry.forms) }
    }

    /// Both contracts' facts: every path either reads, every kind either accepted, every path
    /// either drops; the model's name is this one's.
    public func merged(with other: ReaderContract) -> ReaderContract {
        var result = self
        result.fixtures = Set(fixtures + other.fixtures).sorted()
        for (path, entry) in other.entries {
            result.entries[path] = result.entries[path].map { $0.merged(with: entry) } ?? entry
        }
        result.dropped.formUnion(other.dropped)
        return result
    }

    /// Sets an entry (tests and tools that write a contract by hand).
    public mutating func set(_ entry: Entry) { entries[entry.path] = entry }

    /// Marks a path as dropped.
    public mutating func drop(_ path: JSONPathPattern) { dropped.insert(path) }

    // MARK: Questions

    /// The entries, sorted by path.
    public var sortedEntries: [Entry] { entries.values.sorted { $0.path < $1.path } }

    /// The entry whose folded path a concrete path is (`$.items[3].id` → `$.items[*].id`), or nil
    /// when the model never read it.
    public func entry(matching path: JSONPath) -> Entry? {
        // Folding with every dictionary the contract knows: a member of one is `.*`.
        if let exact = entries[JSONPathPattern(folding: path)] { return exact }
        return entries.values.first { $0.path.matches(path) }
    }

    /// The dropped path that covers a concrete path: the path itself or an ancestor the model
    /// dropped whole. Nil when the model reads it (or it was never seen).
    public func droppedPath(covering path: JSONPath) -> JSONPathPattern? {
        var prefix = JSONPath.root
        for component in path.components {
            prefix.components.append(component)
            if let match = dropped.first(where: { $0.matches(prefix) }) { return match }
        }
        return nil
    }

    /// Whether the model reads this concrete path or anything inside it (its indices folded to
    /// `[*]`, as the `JSONPathPattern` form of this function reads them).
    public func reads(atOrBelow path: JSONPath) -> Bool {
        reads(atOrBelow: JSONPathPattern(folding: path))
    }

    /// `Repository: 17 paths read, 69 dropped, from 2 fixtures`.
    public var description: String {
        "\(model): \(entries.count) path\(entries.count == 1 ? "" : "s") read, \(dropped.count) dropped, from "
            + "\(fixtures.count) fixture\(fixtures.count == 1 ? "" : "s")"
    }
}
