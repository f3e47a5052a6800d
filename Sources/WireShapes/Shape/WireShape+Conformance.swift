import WireDecoder
import WireJSONCore

extension WireShape {
    /// What an *old reader* expecting this shape would trip over in `payload` (the forward
    /// direction): required members missing (`member-removed`, or `member-renamed` when exactly one
    /// unknown member with a fitting value sits beside it), kinds it never saw (`type-changed`),
    /// unexpected nulls (`nullability-added`), strings outside its format (`date-format-changed`,
    /// `string-format-changed`) or enum (`enum-value-added`). Extra members are ignored, as Codable
    /// readers ignore them. One change per path and rule, at shape paths (`[*]` for elements).
    ///
    /// It judges one concrete document, so it does not depend on how many samples the payload side
    /// has (the command line's shape diff compares two inferred shapes).
    public func violations(of payload: JSONValue) -> [WireChange] {
        var out: [WireChange] = []
        var seen = Set<JSONKey>()
        check(payload, against: self, at: .root, into: &out, seen: &seen)
        return out.sorted { ($0.path, $0.rule) < ($1.path, $1.rule) }
    }

    private static func kind(of value: JSONValue) -> Kind {
        switch value {
        case .null: .null
        case .bool: .bool
        case .number(let n):
            n.text.utf8.contains(where: {
                $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E")
            }) ? .number : .integer
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }

    private func check(
        _ value: JSONValue, against shape: WireShape, at path: JSONPathPattern,
        into out: inout [WireChange], seen: inout Set<JSONKey>
    ) {
        func add(_ rule: WireRule, _ detail: String) {
            if seen.insert(JSONKey("\(path)\u{0}\(rule)")).inserted {
                out.append(WireChange(path: path, rule: rule, breaks: .forward, detail: detail))
            }
        }
        guard !shape.kinds.isEmpty else { return }
        let kind = Self.kind(of: value)
        if kind == .null {
            if !shape.isNullable {
                add(
                    .nullabilityAdded,
                    "null where the old shape has \(shape.kinds.sorted().map(\.rawValue).joined(separator: " | "))")
            }
            return
        }
        guard Self.accepts(shape.kinds, kind) else {
            add(
                .typeChanged,
                "\(kind.rawValue) where the old shape has \(shape.kinds.sorted().map(\.rawValue).joined(separator: " | "))"
            )
            return
        }
        switch value {
        case .string(let s):
            guard let reader = shape.string else { return }
            if reader.format != nil {
                var written = StringShape()
                if let match = StringFormatDetector.detect(s) {
                    written.format = match.format
                    if match.format == .dateTime {
                        written.fractionDigits = [match.fractionDigits]
                        written.offsets = match.offset.map { [$0] } ?? []
                    }
                }
                if !Self.stringsFit(written, reader: reader) {
                    let dates: Set<StringShape.Format?> = [.dateTime, .date]
                    add(
                        dates.contains(reader.format) || dates.contains(written.format)
                            ? .dateFormatChanged : .stringFormatChanged,
                        "\"\(s)\" is \(written.formatDescription); the old shape has \(reader.formatDescription)")
                }
            }
            if let values = reader.enumValues, !values.contains(JSONKey(s)) {
                add(
                    .enumValueAdded,
                    "\"\(s)\" is not one of \(WireShape.sortedUTF16(values).map { "\"\($0)\"" }.joined(separator: ", "))"
                )
            }
        case .array(let elements):
            guard let element = shape.element else { return }
            let elementPath = path.appending(.anyElement)
            for e in elements { check(e, against: element, at: elementPath, into: &out, seen: &seen) }
        case .object(let object):
            guard let members = shape.members else { return }
            var present = Set<JSONKey>()
            for member in object.members { present.insert(JSONKey(member.key)) }
            let missing = members.filter { $0.value.required && !present.contains($0.key) }.map(\.key).sorted()
            let unknown = object.members.filter { members[JSONKey($0.key)] == nil }
            for key in missing {
                let memberPath = path.appending(.key(key.string))
                // A rename needs exactly one missing and one unknown member, so only then is the
                // unknown one's value inferred (for every pair it would be missing × unknown).
                if missing.count == 1, unknown.count == 1,
                    WireShape.infer(from: [unknown[0].value], enumRule: .none).fitsWithoutEnums(members[key]!.shape)
                {
                    if seen.insert(JSONKey("\(memberPath)\u{0}\(WireRule.memberRenamed)")).inserted {
                        out.append(
                            WireChange(
                                path: memberPath, rule: .memberRenamed, breaks: .forward,
                                detail:
                                    "required member is missing and \"\(unknown[0].key)\" appeared beside it with a fitting value"
                            ))
                    }
                } else if seen.insert(JSONKey("\(memberPath)\u{0}\(WireRule.memberRemoved)")).inserted {
                    out.append(
                        WireChange(
                            path: memberPath, rule: .memberRemoved, breaks: .forward,
                            detail: "required member is missing; old readers that need it fail"))
                }
            }
            for member in object.members {
                if let expected = members[JSONKey(member.key)] {
                    check(
                        member.value, against: expected.shape, at: path.appending(.key(member.key)), into: &out,
                        seen: &seen)
                }
            }
        default:
            break
        }
    }

    /// Whether a single value's shape has kinds and formats a reader of `reader` accepts.
    private func fitsWithoutEnums(_ reader: WireShape) -> Bool {
        let kinds = self.kinds.subtracting([.null])
        guard kinds.allSatisfy({ Self.accepts(reader.kinds, $0) }) else { return false }
        if let string, let readerString = reader.string {
            return Self.stringsFit(string, reader: readerString)
        }
        return true
    }

    /// Whether a reader expecting `reader` reads a value of `kind`: an integer reads as a number,
    /// never the other way round.
    package static func accepts(_ reader: Set<WireShape.Kind>, _ kind: WireShape.Kind) -> Bool {
        reader.contains(kind) || (kind == .integer && reader.contains(.number))
    }

    /// Whether strings written as `payload` read with a reader expecting `reader`.
    package static func stringsFit(_ payload: StringShape, reader: StringShape) -> Bool {
        guard let format = reader.format else { return true }
        guard payload.format == format else { return false }
        guard format == .dateTime else { return true }
        return payload.fractionDigits.isSubset(of: reader.fractionDigits)
            && payload.offsets.isSubset(of: reader.offsets)
    }

    /// The strings in UTF-16 code-unit order (RFC 8785's order of member names).
    package static func sortedUTF16(_ values: Set<JSONKey>) -> [String] {
        values.map(\.string).sorted { JSONObject.utf16Order($0, $1) < 0 }
    }
}
