import Testing
import WireJSON
import WireLockTestSupport

@testable import WireFuzz

/// The model campaign's value comparison looks names up in dictionaries and ignored paths in a set;
/// it must find the same paths, in the same order, as the searches it replaced.
@Suite("Model value diff")
struct ValueDiffTests {
    static func edited(_ value: JSONValue, _ rng: inout SplitMix64) -> JSONValue {
        let paths = value.allPaths()
        let target = paths[rng.next(below: paths.count)].path
        let replacement: JSONValue? =
            rng.next(below: 3) == 0 ? nil : (try? JSONValue.parse(RandomDocument.text(&rng))) ?? .null
        return value.replacing(at: target) { _ in replacement } ?? .null
    }

    @Test(arguments: 0..<200)
    func pathsAreThePreviousOnes(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed))
        let options = JSONParseOptions(allowDuplicateKeys: true)
        let a = try JSONValue.parse(RandomDocument.text(&rng), options: options)
        var b = a
        for _ in 0..<(1 + rng.next(below: 3)) { b = Self.edited(b, &rng) }
        #expect(ValueDiff.paths(a, b) == _ReferenceValueDiff.paths(a, b), "seed \(seed)")
        #expect(ValueDiff.paths(b, a) == _ReferenceValueDiff.paths(b, a), "seed \(seed)")
    }

    @Test func wideObjectsAreComparedNameByName() {
        // 30,000 members each side, one value changed, one member only on each side.
        let count = 30_000
        var left = (0..<count).map { JSONObject.Member(key: "k\($0)", value: .number(JSONNumber(integerLiteral: $0))) }
        var right = left
        right[17].value = .string("changed")
        left.append(.init(key: "onlyLeft", value: .bool(true)))
        right.append(.init(key: "onlyRight", value: .bool(false)))
        let paths = ValueDiff.paths(.object(JSONObject(left)), .object(JSONObject(right)))
        #expect(paths.map(\.description) == ["$.k17", "$.onlyLeft", "$.onlyRight"])
    }

    @Test func manyIgnoredPathsAndDifferencesAreFilteredAsFewAre() throws {
        // 60 × 40 ignored paths against 2,400 differences: the set path, against the search.
        var wire: [JSONObject.Member] = []
        var model: [JSONObject.Member] = []
        var ignoring: [JSONPath] = []
        for i in 0..<60 {
            let values = (0..<40).map { JSONValue.number(JSONNumber(integerLiteral: $0)) }
            wire.append(.init(key: "m\(i)", value: .array(values)))
            model.append(.init(key: "m\(i)", value: .array(values.map { _ in .null })))
            if i % 2 == 0 {
                ignoring.append([.key("m\(i)")])
            } else {
                ignoring += (0..<40).filter { $0 % 3 == 0 }.map { [.key("m\(i)"), .index($0)] }
            }
        }
        let expectation = ModelExpectation(rejections: [], path: .root, acceptable: true, ignoring: ignoring)
        let verdict = expectation.judge(
            .accepted(view: .object(JSONObject(model)), encodingError: nil), mutant: .object(JSONObject(wire)))
        #expect(verdict.outcome == .silentlyAccepted)
        #expect(verdict.seen.hasPrefix("accepted: at $.m1[1] "), "\(verdict.seen)")
    }

    @Test func ignoredPathsHideWhatIsAtAndBelowThem() {
        let expectation = ModelExpectation(
            rejections: [], path: .root, acceptable: true,
            ignoring: [[.key("a")], [.key("b"), .index(1)]])
        let wire = try! JSONValue.parse(#"{"a": {"x": 1}, "b": [1, 2, 3], "c": 1}"#)
        let model = try! JSONValue.parse(#"{"a": {"x": 2}, "b": [1, 9, 3], "c": 1}"#)
        #expect(expectation.judge(.accepted(view: model, encodingError: nil), mutant: wire).outcome == .lossless)
        let other = try! JSONValue.parse(#"{"a": {"x": 2}, "b": [0, 9, 3], "c": 1}"#)
        let verdict = expectation.judge(.accepted(view: other, encodingError: nil), mutant: wire)
        #expect(verdict.outcome == .silentlyAccepted)
        #expect(verdict.seen.contains("$.b[0]"))
    }
}

// MARK: - The previous comparison, unchanged but for its name.

enum _ReferenceValueDiff {
    static func paths(_ a: JSONValue, _ b: JSONValue) -> [JSONPath] {
        var out: [JSONPath] = []
        var stack: [JSONPath.Component] = []
        func visit(_ a: JSONValue?, _ b: JSONValue?) {
            switch (a, b) {
            case (nil, nil), (nil, .null?), (.null?, nil): return
            case (.object(let x)?, .object(let y)?):
                var names: [String] = []
                for member in x.members where !names.contains(member.key) { names.append(member.key) }
                for member in y.members where !names.contains(member.key) { names.append(member.key) }
                for name in names {
                    stack.append(.key(name))
                    visit(x[name], y[name])
                    stack.removeLast()
                }
            case (.array(let x)?, .array(let y)?):
                for i in 0..<max(x.count, y.count) {
                    stack.append(.index(i))
                    visit(i < x.count ? x[i] : nil, i < y.count ? y[i] : nil)
                    stack.removeLast()
                }
            case (.number(let x)?, .number(let y)?):
                if !numbersEqual(x.text, y.text) { out.append(JSONPath(stack)) }
            default:
                if a != b { out.append(JSONPath(stack)) }
            }
        }
        visit(a, b)
        return out
    }

    static func numbersEqual(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        let integer: (String) -> Bool = { !$0.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) }
        if integer(a) && integer(b) {
            func normal(_ s: String) -> String {
                var digits = s.hasPrefix("-") ? String(s.dropFirst()) : s
                while digits.count > 1 && digits.hasPrefix("0") { digits.removeFirst() }
                return digits == "0" ? "0" : (s.hasPrefix("-") ? "-" : "") + digits
            }
            return normal(a) == normal(b)
        }
        guard let x = Double(a), let y = Double(b), x.isFinite, y.isFinite else { return false }
        return x == y
    }
}
