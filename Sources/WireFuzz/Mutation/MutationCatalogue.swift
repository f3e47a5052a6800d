import WireJSONCore

/// Every mutation of one seed, by mutator, in groups (a group is one variant or one truncation
/// place): the generator shuffles each group and deals from the groups in turn, so a short campaign
/// still sees every variant.
enum MutationCatalogue {
    typealias Operation = MutationOperation

    /// The unknown member added by ``Mutator/extraKey``.
    static let extraKey = "wirelockFuzzExtra"
    static let extraValue: JSONValue = .object(
        JSONObject([
            "note": .string("a member no model knows"),
            "values": .array([.number(1), .number(JSONNumber(text: "2.5")), .null]),
        ]))

    /// Values of each kind that ``Mutator/wrongType`` puts in place of a value of another kind.
    static let wrongTypeValues: [(String, JSONValue)] = [
        ("to-string", .string("wirelock")),
        ("to-number", .number(7)),
        ("to-bool", .bool(true)),
        ("to-object", .object(JSONObject())),
        ("to-array", .array([])),
    ]

    /// How many groups `mutator` has (empty ones included): one per truncation place, one per
    /// wrong-type replacement, one for every other mutator.
    static func groupCount(_ mutator: Mutator) -> Int {
        switch mutator {
        case .truncate: TruncationPlace.allCases.count
        case .wrongType: wrongTypeValues.count
        default: 1
        }
    }

    /// The groups of operations of `mutator` on `seed`, in a stable order: each group lists its
    /// operations value by value in document order (parents before children, members and elements
    /// in source order), a value's own variants in their order; truncations cut by cut.
    static func groups(_ mutator: Mutator, of seed: FuzzSeed) -> [[Operation]] {
        let sizes = groupSizes([mutator], of: seed)[mutator]!
        let found = operations(mutator, of: seed, at: sizes.map { Array(0..<$0) })
        return found.enumerated().map { group, byPosition in (0..<sizes[group]).map { byPosition[$0]! } }
    }

    /// The size of every group of each mutator, from one pass over the tree (and one over the bytes
    /// for truncations), without making the operations.
    static func groupSizes(_ mutators: [Mutator], of seed: FuzzSeed) -> [Mutator: [Int]] {
        var sizes: [Mutator: [Int]] = [:]
        for mutator in mutators { sizes[mutator] = [Int](repeating: 0, count: groupCount(mutator)) }
        if sizes[.truncate] != nil {
            var counts = [Int](repeating: 0, count: TruncationPlace.allCases.count)
            TruncationPoints.forEachCut(of: seed.bytes) { counts[$0.place.index] += 1 }
            sizes[.truncate] = counts
        }
        if sizes[.emptyBody] != nil { sizes[.emptyBody] = [2] }
        let treeMutators = mutators.filter { $0 != .truncate && $0 != .emptyBody }
        guard !treeMutators.isEmpty else { return sizes }
        var visitor = NodeItems()
        var counts = treeMutators.map { [Int](repeating: 0, count: groupCount($0)) }
        forEachValue(of: seed.value) { value, key, _ in
            visitor.enter(value)
            for (m, mutator) in treeMutators.enumerated() {
                for group in counts[m].indices {
                    counts[m][group] += visitor.count(mutator, group: group, value: value, key: key)
                }
            }
        }
        for (m, mutator) in treeMutators.enumerated() { sizes[mutator] = counts[m] }
        return sizes
    }

    /// The operations at the given positions of each group of `mutator` (`wanted[g]` for group g,
    /// in any order), from one pass: what ``groups(_:of:)`` has at those positions.
    static func operations(_ mutator: Mutator, of seed: FuzzSeed, at wanted: [[Int]]) -> [[Int: Operation]] {
        let groupCount = groupCount(mutator)
        var found = [[Int: Operation]](repeating: [:], count: groupCount)
        // Per group: the wanted positions in increasing order, the next one, and how many
        // operations of the group come before the current value.
        let sorted = (0..<groupCount).map { Array(Set(wanted.indices.contains($0) ? wanted[$0] : [])).sorted() }
        var next = [Int](repeating: 0, count: groupCount)
        var seen = [Int](repeating: 0, count: groupCount)
        var remaining = sorted.reduce(0) { $0 + $1.count }
        guard remaining > 0 else { return found }
        switch mutator {
        case .truncate:
            TruncationPoints.forEachCut(of: seed.bytes) { cut in
                let group = cut.place.index
                if next[group] < sorted[group].count && sorted[group][next[group]] == seen[group] {
                    found[group][seen[group]] = Operation(
                        mutator: .truncate, path: .root, variant: "cut-in-\(cut.place.rawValue)",
                        edit: .truncate(cut))
                    next[group] += 1
                }
                seen[group] += 1
            }
        case .emptyBody:
            let both = [
                Operation(
                    mutator: .emptyBody, path: .root, variant: "empty",
                    edit: .body([], kinds: [.emptyInput], offsets: 0...0)),
                Operation(
                    mutator: .emptyBody, path: .root, variant: "whitespace",
                    edit: .body(Array(" \n\t \r\n".utf8), kinds: [.emptyInput], offsets: 6...6)),
            ]
            for position in sorted[0] where position < both.count { found[0][position] = both[position] }
        default:
            var visitor = NodeItems()
            forEachValue(of: seed.value) { value, key, path in
                guard remaining > 0 else { return }
                visitor.enter(value)
                for group in 0..<groupCount {
                    let count = visitor.count(mutator, group: group, value: value, key: key)
                    guard count > 0 else { continue }
                    while next[group] < sorted[group].count && sorted[group][next[group]] < seen[group] + count {
                        let position = sorted[group][next[group]]
                        found[group][position] = visitor.operation(
                            mutator, group: group, variant: position - seen[group],
                            value: value, key: key, path: JSONPath(path))
                        next[group] += 1
                        remaining -= 1
                    }
                    seen[group] += count
                }
            }
        }
        return found
    }

    /// Calls `body` with every value of the tree, parents before children, members and elements in
    /// source order (repeated names included): the value, its member name when it is a member's
    /// value, and its path.
    static func forEachValue(of root: JSONValue, _ body: (JSONValue, String?, [JSONPath.Component]) -> Void) {
        var path: [JSONPath.Component] = []
        func visit(_ value: JSONValue, _ key: String?) {
            body(value, key, path)
            switch value {
            case .array(let elements):
                for (i, element) in elements.enumerated() {
                    path.append(.index(i))
                    visit(element, nil)
                    path.removeLast()
                }
            case .object(let object):
                for member in object.members {
                    path.append(.key(member.key))
                    visit(member.value, member.key)
                    path.removeLast()
                }
            default:
                break
            }
        }
        visit(root, nil)
    }

    /// Case changes and camelCase ↔ snake_case spellings of a member name, each different from it.
    static func renamings(of key: String) -> [(String, String)] {
        var out: [(String, String)] = []
        // Another name is other Unicode scalars (JSONKey), not merely a string Swift finds different.
        func add(_ name: String, _ variant: String) {
            if !JSONKey.exactlyEqual(name, key), !name.isEmpty,
                !out.contains(where: { JSONKey.exactlyEqual($0.0, name) })
            {
                out.append((name, variant))
            }
        }
        if let first = key.first {
            add(
                first.isUppercase ? first.lowercased() + key.dropFirst() : first.uppercased() + key.dropFirst(),
                "first-letter-case")
        }
        add(key.lowercased(), "lowercase")
        var snake = ""
        for character in key {
            if character.isUppercase { snake += "_" + character.lowercased() } else { snake.append(character) }
        }
        add(snake, "snake_case")
        if key.contains("_") {
            let parts = key.split(separator: "_")
            add(
                parts.enumerated().map {
                    $0.offset == 0 ? String($0.element) : $0.element.prefix(1).uppercased() + $0.element.dropFirst()
                }.joined(), "camelCase")
        }
        return out
    }

    /// The number variants for a number value (none equal to the original).
    static func numberVariants(for number: JSONNumber) -> [(String, Operation.Edit)] {
        var out: [(String, Operation.Edit)] = [
            ("2^63", .replace(.number(JSONNumber(text: "9223372036854775808")))),
            ("-2^63-1", .replace(.number(JSONNumber(text: "-9223372036854775809")))),
            ("1e309", .replace(.number(JSONNumber(text: "1e309")))),
            ("-0", .replace(.number(JSONNumber(text: "-0")))),
            ("leading-zero", .splice(.invalid(Array("01".utf8), kinds: [.invalidNumber], offsets: 1...1))),
        ]
        if number.intValue != nil || number.text.allSatisfy({ $0.isNumber || $0 == "-" }) {
            out.append(("1.5-for-integer", .replace(.number(JSONNumber(text: "1.5")))))
        }
        return out.filter { variant in
            if case .replace(.number(let replacement)) = variant.1 { return replacement.text != number.text }
            return true
        }
    }

    /// One MiB of text.
    static let hugeString = String(repeating: "wirelock fuzz ", count: 1 << 20 / 14 + 1)

    /// The string variants for a string value (none equal to the original).
    static func stringVariants(for text: String, includeHuge: Bool) -> [(String, Operation.Edit)] {
        var out: [(String, Operation.Edit)] = []
        if !text.isEmpty { out.append(("empty", .replace(.string("")))) }
        if includeHuge { out.append(("1MiB", .replace(.string(hugeString)))) }
        out.append(("escapes", .splice(.valid(Array(#""A\u00e9\n\t\"\\\/\ud83d\ude00\u0000""#.utf8)))))
        out.append(
            ("lone-surrogate", .splice(.invalid(Array(#""a\ud800b""#.utf8), kinds: [.loneSurrogate], offsets: 2...2))))
        out.append(
            (
                "invalid-utf8",
                .splice(.invalid([0x22, 0x61, 0xC3, 0x28, 0x62, 0x22], kinds: [.invalidUTF8], offsets: 2...2))
            ))
        out.append(
            (
                "control-character",
                .splice(.invalid([0x22, 0x61, 0x01, 0x62, 0x22], kinds: [.controlCharacter], offsets: 2...2))
            ))
        return out
    }
}

extension TruncationPlace {
    /// The position in ``allCases``: the truncation group of the place.
    var index: Int {
        switch self {
        case .boundary: 0
        case .string: 1
        case .escape: 2
        case .utf8: 3
        case .number: 4
        case .literal: 5
        }
    }
}
