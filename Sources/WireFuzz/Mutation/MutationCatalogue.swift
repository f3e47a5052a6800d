import WireJSON

/// Every mutation of one seed, by mutator, in groups (a group is one variant or one truncation
/// place): the generator shuffles each group and deals from the groups in turn, so a short campaign
/// still sees every variant.
enum _MutationCatalogue {
    typealias Operation = MutationOperation

    /// The unknown member added by ``Mutator/extraKey``.
    static let extraKey = "wirelockFuzzExtra"
    static let extraValue: JSONValue = .object(JSONObject([
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

    /// The groups of operations of `mutator` on `seed`, in a stable order.
    static func groups(_ mutator: Mutator, of seed: FuzzSeed) -> [[Operation]] {
        let paths = seed.value._allPaths()
        switch mutator {
        case .truncate:
            let cuts = _TruncationPoints.cuts(of: seed.bytes)
            return TruncationPlace.allCases.map { place in
                cuts.filter { $0.place == place }.map {
                    Operation(mutator: .truncate, path: .root, variant: "cut-in-\(place.rawValue)", edit: .truncate($0))
                }
            }
        case .wrongType:
            return wrongTypeValues.map { name, replacement in
                paths.filter { $0.value.kindName != replacement.kindName }
                    .map { Operation(mutator: .wrongType, path: $0.path, variant: name, edit: .replace(replacement)) }
            }
        case .dropKey:
            return [memberPaths(paths).map { Operation(mutator: .dropKey, path: $0, variant: "drop", edit: .remove) }]
        case .renameKey:
            return [memberPaths(paths).flatMap { path -> [Operation] in
                guard case .key(let key)? = path.components.last else { return [] }
                return renamings(of: key).map { name, variant in
                    Operation(mutator: .renameKey, path: path, variant: variant, edit: .rename(name))
                }
            }]
        case .null:
            return [paths.filter { $0.value != .null }.map {
                Operation(mutator: .null, path: $0.path, variant: "null", edit: .replace(.null))
            }]
        case .duplicateKey:
            return [memberPaths(paths).map {
                Operation(mutator: .duplicateKey, path: $0, variant: "repeat", edit: .splice(.duplicateMember))
            }]
        case .extraKey:
            return [paths.filter { if case .object = $0.value { return true } else { return false } }.map {
                Operation(mutator: .extraKey, path: $0.path, variant: "add", edit: .add(key: extraKey, value: extraValue))
            }]
        case .numbers:
            return [paths.flatMap { entry -> [Operation] in
                guard case .number(let number) = entry.value else { return [] }
                return numberVariants(for: number).map { Operation(mutator: .numbers, path: entry.path, variant: $0.0, edit: $0.1) }
            }]
        case .strings:
            let stringPaths = paths.filter { if case .string = $0.value { return true } else { return false } }
            return [stringPaths.enumerated().flatMap { i, entry -> [Operation] in
                guard case .string(let text) = entry.value else { return [] }
                return stringVariants(for: text, includeHuge: i == 0).map {
                    Operation(mutator: .strings, path: entry.path, variant: $0.0, edit: $0.1)
                }
            }]
        case .depth:
            return [paths.filter { entry in
                switch entry.value { case .array, .object: true; default: false }
            }.map { Operation(mutator: .depth, path: $0.path, variant: "nest-past-limit", edit: .splice(.nesting)) }]
        case .emptyBody:
            return [[
                Operation(mutator: .emptyBody, path: .root, variant: "empty",
                          edit: .body([], kinds: [.emptyInput], offsets: 0...0)),
                Operation(mutator: .emptyBody, path: .root, variant: "whitespace",
                          edit: .body(Array(" \n\t \r\n".utf8), kinds: [.emptyInput], offsets: 6...6)),
            ]]
        }
    }

    private static func memberPaths(_ paths: [(path: JSONPath, value: JSONValue)]) -> [JSONPath] {
        paths.compactMap { entry in
            if case .key? = entry.path.components.last { return entry.path }
            return nil
        }
    }

    /// Case changes and camelCase ↔ snake_case spellings of a member name, each different from it.
    static func renamings(of key: String) -> [(String, String)] {
        var out: [(String, String)] = []
        func add(_ name: String, _ variant: String) {
            if name != key, !name.isEmpty, !out.contains(where: { $0.0 == name }) { out.append((name, variant)) }
        }
        if let first = key.first {
            add(first.isUppercase ? first.lowercased() + key.dropFirst() : first.uppercased() + key.dropFirst(), "first-letter-case")
        }
        add(key.lowercased(), "lowercase")
        var snake = ""
        for character in key {
            if character.isUppercase { snake += "_" + character.lowercased() } else { snake.append(character) }
        }
        add(snake, "snake_case")
        if key.contains("_") {
            let parts = key.split(separator: "_")
            add(parts.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.prefix(1).uppercased() + $0.element.dropFirst() }.joined(), "camelCase")
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
        out.append(("lone-surrogate", .splice(.invalid(Array(#""a\ud800b""#.utf8), kinds: [.loneSurrogate], offsets: 2...2))))
        out.append(("invalid-utf8", .splice(.invalid([0x22, 0x61, 0xC3, 0x28, 0x62, 0x22], kinds: [.invalidUTF8], offsets: 2...2))))
        out.append(("control-character", .splice(.invalid([0x22, 0x61, 0x01, 0x62, 0x22], kinds: [.controlCharacter], offsets: 2...2))))
        return out
    }
}
