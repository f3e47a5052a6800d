import WireJSON
import WireShapes

extension WireShape {
    /// The version written into shape files; reading refuses other versions.
    public static let fileVersion = 1

    /// The shape as JSON: one object per position with
    /// `kinds` (sorted: null, bool, integer, number, string, array, object), and where they apply
    /// `format`, `fractionDigits`, `offsets`, `enum` (sorted), `members` (each also carrying
    /// `required`) and `elements`.
    ///
    /// ```json
    /// {"kinds": ["object"], "members": {"added": {"format": "date-time", "fractionDigits": [3],
    ///   "kinds": ["string"], "offsets": ["Z"], "required": true}}}
    /// ```
    public var jsonValue: JSONValue { node(required: nil) }

    private func node(required: Bool?) -> JSONValue {
        var members: [JSONObject.Member] = []
        members.append(.init(key: "kinds", value: .array(kinds.sorted().map { .string($0.rawValue) })))
        if let required { members.append(.init(key: "required", value: .bool(required))) }
        if let string {
            if let format = string.format { members.append(.init(key: "format", value: .string(format.rawValue))) }
            if string.format == .dateTime {
                members.append(
                    .init(
                        key: "fractionDigits",
                        value: .array(string.fractionDigits.sorted().map { .number(JSONNumber(integerLiteral: $0)) })))
                members.append(
                    .init(key: "offsets", value: .array(string.offsets.sorted().map { .string($0.rawValue) })))
            }
            if let values = string.enumValues {
                members.append(.init(key: "enum", value: .array(Self.sortedUTF16(values).map { .string($0) })))
            }
        }
        if let shapeMembers = self.members {
            members.append(
                .init(
                    key: "members",
                    value: .object(
                        JSONObject(
                            shapeMembers.map { key, member in
                                JSONObject.Member(key: key.string, value: member.shape.node(required: member.required))
                            }))))
        }
        if let element { members.append(.init(key: "elements", value: element.node(required: nil))) }
        return .object(JSONObject(members))
    }

    /// The content of `golden/shapes/<name>.shape.json`: `{"name", "shape", "wirelockShape": 1}`.
    public func fileValue(name: String) -> JSONValue {
        .object(
            JSONObject([
                "name": .string(name), "shape": jsonValue,
                "wirelockShape": .number(JSONNumber(integerLiteral: Self.fileVersion)),
            ]))
    }

    /// The shape file's bytes in WireLock's canonical (pretty) form, ready to write and review.
    public func fileBytes(name: String) -> [UInt8] {
        CanonicalJSONWriter.bytes(fileValue(name: name))
    }

    /// Why a JSON document is not a shape.
    public struct DecodingError: Error, Hashable, Sendable, CustomStringConvertible {
        /// Where in the shape file's JSON the problem is.
        public var path: JSONPath
        /// What was expected there (for example `expected "wirelockShape": 1`).
        public var reason: String
        public var description: String { "not a WireLock shape: \(reason) at \(path)" }
    }

    /// Reads a shape file's content (``fileValue(name:)``), returning its name and shape.
    /// - Throws: ``WireShape/DecodingError`` for anything that is not a version-1 shape file.
    public static func decodeFile(_ value: JSONValue) throws(DecodingError) -> (name: String, shape: WireShape) {
        guard case .number(let version)? = value["wirelockShape"], version.intValue == fileVersion else {
            throw DecodingError(
                path: JSONPath([.key("wirelockShape")]), reason: "expected \"wirelockShape\": \(fileVersion)")
        }
        guard case .string(let name)? = value["name"] else {
            throw DecodingError(path: JSONPath([.key("name")]), reason: "expected a string name")
        }
        guard let shape = value["shape"] else { throw DecodingError(path: .root, reason: "missing \"shape\"") }
        return (name, try decode(shape, path: JSONPath([.key("shape")])))
    }

    /// Reads a shape from ``jsonValue``'s form.
    /// - Throws: ``WireShape/DecodingError`` naming the path of the first problem.
    public static func decode(_ value: JSONValue, path: JSONPath = .root) throws(DecodingError) -> WireShape {
        guard case .object = value else { throw DecodingError(path: path, reason: "expected an object") }
        func strings(_ key: String) throws(DecodingError) -> [String]? {
            guard let v = value[key] else { return nil }
            guard case .array(let items) = v else {
                throw DecodingError(path: path.appending(key: key), reason: "expected an array")
            }
            var out: [String] = []
            for (i, item) in items.enumerated() {
                guard case .string(let s) = item else {
                    throw DecodingError(path: path.appending(key: key).appending(index: i), reason: "expected a string")
                }
                out.append(s)
            }
            return out
        }
        var kinds: Set<Kind> = []
        for name in try strings("kinds") ?? [] {
            guard let kind = Kind(rawValue: name) else {
                throw DecodingError(path: path.appending(key: "kinds"), reason: "unknown kind \"\(name)\"")
            }
            kinds.insert(kind)
        }
        var string: StringShape? = nil
        if kinds.contains(.string) {
            var s = StringShape()
            if case .string(let f)? = value["format"] {
                guard let format = StringShape.Format(rawValue: f) else {
                    throw DecodingError(path: path.appending(key: "format"), reason: "unknown format \"\(f)\"")
                }
                s.format = format
            }
            if case .array(let digits)? = value["fractionDigits"] {
                s.fractionDigits = Set(digits.compactMap { if case .number(let n) = $0 { n.intValue } else { nil } })
            }
            for o in try strings("offsets") ?? [] {
                guard let style = StringShape.OffsetStyle(rawValue: o) else {
                    throw DecodingError(path: path.appending(key: "offsets"), reason: "unknown offset style \"\(o)\"")
                }
                s.offsets.insert(style)
            }
            if let values = try strings("enum") { s.enumValues = Set(values.map { JSONKey($0) }) }
            string = s
        }
        var members: [JSONKey: Member]? = nil
        if kinds.contains(.object) {
            var out: [JSONKey: Member] = [:]
            if case .object(let object)? = value["members"] {
                for member in object.members {
                    let memberPath = path.appending(key: "members").appending(key: member.key)
                    guard case .bool(let required)? = member.value["required"] else {
                        throw DecodingError(path: memberPath, reason: "expected \"required\": true or false")
                    }
                    out[JSONKey(member.key)] = Member(
                        shape: try decode(member.value, path: memberPath), required: required)
                }
            }
            members = out
        }
        let element = try value["elements"].map { v throws(DecodingError) in
            try decode(v, path: path.appending(key: "elements"))
        }
        return WireShape(kinds: kinds, string: string, members: members, element: element)
    }
}
