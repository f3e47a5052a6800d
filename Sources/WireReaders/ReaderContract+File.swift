// A reader contract as a file (`golden/<name>.reads.json`): canonical JSON, one line per path so a
// change is a one-line diff; parsed back with located errors; and what changed between two.
import WireDecoder
import WireJSONCore

extension ReaderContract {
    /// The version of the file format ``text`` writes.
    public static let formatVersion = 1

    /// The contract as canonical JSON: members sorted by UTF-16 code units, two-space indent, each
    /// path's entry compact on its own line, a final newline. Only facts that hold are written
    /// (`"absent": true`, never `false`).
    ///
    /// ```text
    /// {
    ///   "dropped": [
    ///     "$.mirror_url"
    ///   ],
    ///   "fixtures": [
    ///     "repository.json"
    ///   ],
    ///   "format": 1,
    ///   "model": "Repository",
    ///   "reads": {
    ///     "$": {"kinds":["object"],"methods":["decode"],"types":["Repository"]},
    ///     "$.homepage": {"absent":true,"kinds":["string"],"methods":["decodeIfPresent"],"null":true,"types":["URL"]}
    ///   }
    /// }
    /// ```
    public var text: String {
        var out = "{\n"
        func stringList(_ name: String, _ values: [String]) {
            out += "  " + JSONPath.quoted(name) + ": ["
            out +=
                values.isEmpty
                ? "],\n" : "\n" + values.map { "    " + JSONPath.quoted($0) }.joined(separator: ",\n") + "\n  ],\n"
        }
        stringList("dropped", dropped.sorted().map(\.description))
        stringList("fixtures", fixtures)
        out += "  \"format\": \(Self.formatVersion),\n"
        out += "  \"model\": " + JSONPath.quoted(model) + ",\n"
        let lines = sortedEntries.map { entry in
            "    " + JSONPath.quoted(entry.path.description) + ": "
                + CanonicalJSONWriter.text(Self.value(of: entry), style: .compact)
        }
        out += "  \"reads\": {" + (lines.isEmpty ? "}\n" : "\n" + lines.joined(separator: ",\n") + "\n  }\n")
        return out + "}\n"
    }

    /// The contract's canonical bytes (``text``), for writing and fingerprinting.
    public var bytes: [UInt8] { Array(text.utf8) }

    static func value(of entry: Entry) -> JSONValue {
        var members: [JSONObject.Member] = []
        func strings(_ name: String, _ values: [String]) {
            if !values.isEmpty { members.append(.init(key: name, value: .array(values.map { .string($0) }))) }
        }
        if entry.mayBeAbsent { members.append(.init(key: "absent", value: .bool(true))) }
        strings("forms", entry.forms)
        strings("kinds", entry.kinds.map(\.rawValue))
        if entry.lenient { members.append(.init(key: "lenient", value: .bool(true))) }
        strings("methods", entry.methods.map(\.rawValue))
        if entry.mayBeNull { members.append(.init(key: "null", value: .bool(true))) }
        strings("types", entry.types)
        if let values = entry.values { members.append(.init(key: "values", value: .array(values))) }
        return .object(JSONObject(members))
    }

    // MARK: Reading a file

    /// A contract file that cannot be read: where and what was expected.
    public struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The file as it is to be shown.
        public var file: String
        /// Where the problem starts.
        public var location: JSONSourceLocation
        /// The JSON path of the offending value inside the file.
        public var path: JSONPath
        /// What is wrong, e.g. `expected an array of kinds (array, bool, null, number, object, string)`.
        public var reason: String

        /// Creates an error.
        public init(file: String, location: JSONSourceLocation, path: JSONPath, reason: String) {
            self.file = file
            self.location = location
            self.path = path
            self.reason = reason
        }

        /// `golden/repo.reads.json:7:22: expected … (at $.reads["$.id"].kinds)`.
        public var description: String {
            "\(file):\(location.line):\(location.column): \(reason) (at \(path))"
        }
    }

    /// Reads a contract file written by ``text`` (member order and layout do not matter).
    ///
    /// ```swift
    /// let contract = try ReaderContract(parsing: bytes, file: "golden/repository.reads.json")
    /// ```
    /// - Throws: ``FileError`` with the line and column, the path inside the file and what was
    ///   expected there: a syntax error, a missing or mistyped member, an unknown kind or method,
    ///   a path that does not parse, a newer format version.
    public init(parsing bytes: [UInt8], file: String) throws(FileError) {
        let root: JSONValue
        do {
            root = try JSONValue.parse(bytes)
        } catch {
            throw FileError(file: file, location: error.location, path: error.path, reason: error.reason)
        }
        func fail(_ path: JSONPath, _ reason: String) -> FileError {
            let map = try? JSONSourceMap(bytes)
            let location =
                map?.entry(at: path).map { $0.keyStart ?? $0.start }
                ?? JSONSourceLocation(offset: 0, line: 1, column: 1)
            return FileError(file: file, location: location, path: path, reason: reason)
        }
        guard case .object(let top) = root else { throw fail(.root, "expected an object") }
        func member(_ name: String) -> JSONValue? { top[name] }
        func strings(_ value: JSONValue?, at path: JSONPath) throws(FileError) -> [String] {
            guard let value else { return [] }
            guard case .array(let elements) = value else { throw fail(path, "expected an array of strings") }
            var result: [String] = []
            for (index, element) in elements.enumerated() {
                guard case .string(let text) = element else {
                    throw fail(path.appending(index: index), "expected a string")
                }
                result.append(text)
            }
            return result
        }
        // A contract names folded paths: members, `[*]` and `.*` (no index, `..` or glob).
        func folded(_ text: String, at path: JSONPath) throws(FileError) -> JSONPathPattern {
            let pattern: JSONPathPattern
            do throws(JSONPathPattern.ParseError) { pattern = try JSONPathPattern(text) } catch {
                throw fail(path, error.description)
            }
            guard pattern.isFolded else {
                throw fail(path, "expected a folded path (members, [*] and .*), not the pattern '\(text)'")
            }
            return pattern
        }
        guard case .number(let format)? = member("format"), let version = format.intValue else {
            throw fail(JSONPath.root.appending(key: "format"), "expected the format version, a number")
        }
        guard version <= Self.formatVersion else {
            throw fail(
                JSONPath.root.appending(key: "format"),
                "format \(version) is newer than this WireLock reads (\(Self.formatVersion)); update WireLock")
        }
        guard case .string(let model)? = member("model") else {
            throw fail(JSONPath.root.appending(key: "model"), "expected the model's name, a string")
        }
        self.init(model: model)
        fixtures = try strings(member("fixtures"), at: JSONPath.root.appending(key: "fixtures")).sorted()
        let droppedPath = JSONPath.root.appending(key: "dropped")
        for (index, text) in try strings(member("dropped"), at: droppedPath).enumerated() {
            dropped.insert(try folded(text, at: droppedPath.appending(index: index)))
        }
        let readsPath = JSONPath.root.appending(key: "reads")
        guard case .object(let reads)? = member("reads") else {
            throw fail(readsPath, "expected an object of reads by path")
        }
        for item in reads {
            let at = readsPath.appending(key: item.key)
            let path = try folded(item.key, at: at)
            guard case .object(let fields) = item.value else { throw fail(at, "expected an object") }
            var entry = Entry(path: path)
            for field in fields {
                let fieldPath = at.appending(key: field.key)
                switch field.key {
                case "absent", "null", "lenient":
                    guard case .bool(let flag) = field.value else { throw fail(fieldPath, "expected true or false") }
                    if field.key == "absent" { entry.mayBeAbsent = flag }
                    if field.key == "null" { entry.mayBeNull = flag }
                    if field.key == "lenient" { entry.lenient = flag }
                case "forms": entry.forms = try strings(field.value, at: fieldPath).sorted()
                case "types": entry.types = try strings(field.value, at: fieldPath).sorted()
                case "kinds":
                    var kinds: [Kind] = []
                    for (index, text) in try strings(field.value, at: fieldPath).enumerated() {
                        guard let kind = Kind(rawValue: text) else {
                            throw fail(
                                fieldPath.appending(index: index),
                                "expected a kind (\(Kind.allCases.map(\.rawValue).joined(separator: ", ")))")
                        }
                        kinds.append(kind)
                    }
                    entry.kinds = Set(kinds).sorted()
                case "methods":
                    var methods: [WireDecodingReport.Read.Method] = []
                    for (index, text) in try strings(field.value, at: fieldPath).enumerated() {
                        guard let method = WireDecodingReport.Read.Method(rawValue: text) else {
                            let all = WireDecodingReport.Read.Method.allCases.map(\.rawValue).joined(separator: ", ")
                            throw fail(fieldPath.appending(index: index), "expected a method (\(all))")
                        }
                        methods.append(method)
                    }
                    entry.methods = Set(methods).sorted()
                case "values":
                    guard case .array(let values) = field.value else { throw fail(fieldPath, "expected an array") }
                    for (index, value) in values.enumerated() {
                        switch value {
                        case .string, .number: continue
                        default: throw fail(fieldPath.appending(index: index), "expected a string or a number")
                        }
                    }
                    entry.values = Entry.union(values, [])
                default:
                    throw fail(
                        fieldPath, "unknown member (absent, forms, kinds, lenient, methods, null, types, values)")
                }
            }
            entries[path] = entry
        }
    }

    // MARK: Changes

    /// One difference between two contracts of a model.
    public enum Change: Hashable, Sendable, CustomStringConvertible {
        /// The model reads a path it did not read before.
        case startsReading(Entry)
        /// The model no longer reads a path.
        case stopsReading(Entry)
        /// The kinds accepted at a read path changed.
        case kinds(JSONPathPattern, old: [Kind], new: [Kind])
        /// Whether a read path may be absent or null changed.
        case optionality(JSONPathPattern, old: Optionality, new: Optionality)
        /// The Swift types asked for at a read path changed.
        case types(JSONPathPattern, old: [String], new: [String])
        /// The date or number forms parsed at a read path changed.
        case forms(JSONPathPattern, old: [String], new: [String])
        /// A read path became lenient (an error there is now swallowed), or stopped being.
        case lenience(JSONPathPattern, now: Bool)
        /// The values an enum read at a path accepts changed (nil: not known).
        case values(JSONPathPattern, old: [JSONValue]?, new: [JSONValue]?)
        /// A fixture has a member nobody reads that no fixture had (or the model stopped reading it).
        case newlyDropped(JSONPathPattern)
        /// A path is no longer dropped (the model reads it now, or no fixture has it).
        case noLongerDropped(JSONPathPattern)

        /// Whether a path may be absent, may be null.
        public struct Optionality: Hashable, Sendable, CustomStringConvertible {
            /// The model decodes on when the member is absent.
            public var mayBeAbsent: Bool
            /// The model decodes on when the value is `null`.
            public var mayBeNull: Bool
            /// Creates a value.
            public init(mayBeAbsent: Bool, mayBeNull: Bool) {
                self.mayBeAbsent = mayBeAbsent
                self.mayBeNull = mayBeNull
            }
            /// `required`, `may be absent`, `may be null`, `may be absent or null`.
            public var description: String {
                switch (mayBeAbsent, mayBeNull) {
                case (false, false): "required"
                case (true, false): "may be absent"
                case (false, true): "may be null"
                case (true, true): "may be absent or null"
                }
            }
        }

        /// The folded path the change is at.
        public var path: JSONPathPattern {
            switch self {
            case .startsReading(let entry), .stopsReading(let entry): entry.path
            case .kinds(let path, _, _), .optionality(let path, _, _), .types(let path, _, _), .forms(let path, _, _),
                .lenience(let path, _), .values(let path, _, _), .newlyDropped(let path), .noLongerDropped(let path):
                path
            }
        }

        /// `$.state_reason: a fixture has it and nothing reads it (newly dropped)`, one line.
        public var description: String {
            func list<T>(_ values: [T]) -> String {
                values.isEmpty ? "nothing" : values.map { "\($0)" }.joined(separator: "|")
            }
            switch self {
            case .startsReading(let entry): return "\(entry.path): now read: \(entry.summary)"
            case .stopsReading(let entry): return "\(entry.path): no longer read (was \(entry.summary))"
            case .kinds(let path, let old, let new):
                return "\(path): kinds \(list(old.map(\.rawValue))) became \(list(new.map(\.rawValue)))"
            case .optionality(let path, let old, let new): return "\(path): was \(old), now \(new)"
            case .types(let path, let old, let new): return "\(path): read as \(list(old)), now as \(list(new))"
            case .forms(let path, let old, let new): return "\(path): forms \(list(old)) became \(list(new))"
            case .lenience(let path, let now):
                return now
                    ? "\(path): an error here is now swallowed (lenient reader)"
                    : "\(path): no longer lenient (an error here is no longer swallowed)"
            case .values(let path, let old, let new):
                let text = { (values: [JSONValue]?) in
                    values.map { list($0.map { CanonicalJSONWriter.text($0, style: .compact) }) } ?? "unknown"
                }
                return "\(path): accepted values \(text(old)) became \(text(new))"
            case .newlyDropped(let path): return "\(path): a fixture has it and nothing reads it (newly dropped)"
            case .noLongerDropped(let path): return "\(path): no longer dropped"
            }
        }
    }

    /// What this contract does differently from `old`, by path (sorted), read paths before dropped
    /// ones at the same path. Empty when the two say the same (their fixture lists may differ).
    ///
    /// ```swift
    /// for change in recorded.changes(from: fresh) { print(change) }
    /// // $.state_reason: a fixture has it and nothing reads it (newly dropped)
    /// ```
    public func changes(from old: ReaderContract) -> [Change] {
        var result: [Change] = []
        for path in Set(entries.keys).union(old.entries.keys).sorted() {
            switch (old.entries[path], entries[path]) {
            case (nil, let new?): result.append(.startsReading(new))
            case (let was?, nil): result.append(.stopsReading(was))
            case (let was?, let new?):
                if was.kinds != new.kinds { result.append(.kinds(path, old: was.kinds, new: new.kinds)) }
                let before = Change.Optionality(mayBeAbsent: was.mayBeAbsent, mayBeNull: was.mayBeNull)
                let after = Change.Optionality(mayBeAbsent: new.mayBeAbsent, mayBeNull: new.mayBeNull)
                if before != after { result.append(.optionality(path, old: before, new: after)) }
                if was.types != new.types { result.append(.types(path, old: was.types, new: new.types)) }
                if was.forms != new.forms { result.append(.forms(path, old: was.forms, new: new.forms)) }
                if was.lenient != new.lenient { result.append(.lenience(path, now: new.lenient)) }
                if was.values != new.values { result.append(.values(path, old: was.values, new: new.values)) }
            case (nil, nil): break
            }
        }
        // A path the model stopped reading is dropped now as a consequence: one line says it.
        let stopped = Set(
            result.compactMap { change -> JSONPathPattern? in
                if case .stopsReading(let entry) = change { return entry.path }
                return nil
            })
        for path in dropped.subtracting(old.dropped).subtracting(stopped).sorted() {
            result.append(.newlyDropped(path))
        }
        for path in old.dropped.subtracting(dropped).sorted() { result.append(.noLongerDropped(path)) }
        return result
    }
}
