import Testing
import WireJSON

@testable import WireGolden

/// Counts the comparisons an algorithm makes: the work of an LCS, measured without a clock.
final class ComparisonCounter: @unchecked Sendable {
    var count = 0
}

struct Counted: Equatable {
    var value: Int
    var counter: ComparisonCounter
    static func == (lhs: Counted, rhs: Counted) -> Bool {
        lhs.counter.count += 1
        return lhs.value == rhs.value
    }
}

/// The diffs on long, nearly equal inputs: the work must follow the number of edits, not the
/// product of the lengths, and the output must stay what it was.
@Suite("Diffs at scale")
struct DiffScaleTests {
    @Test func theLCSOfTwoNearlyEqualSequencesComparesInProportionToTheEdits() {
        // 2,000 elements, two of them changed, far apart: a full table compares 4,000,000 pairs.
        let counter = ComparisonCounter()
        let a = (0..<2_000).map { Counted(value: $0, counter: counter) }
        var b = a
        b[100] = Counted(value: -1, counter: counter)
        b[1_900] = Counted(value: -2, counter: counter)
        let pairs = LongestCommonSubsequence.pairs(a, b)
        #expect(pairs.count == 1_998)
        #expect(pairs.allSatisfy { $0.0 == $0.1 && $0.0 != 100 && $0.0 != 1_900 })
        #expect(counter.count < 200_000, "\(counter.count) comparisons")
    }

    @Test func theLCSOfSequencesWithNothingInCommonStaysWithinTheFullTable() {
        let counter = ComparisonCounter()
        let a = (0..<300).map { Counted(value: $0, counter: counter) }
        let b = (0..<200).map { Counted(value: -1 - $0, counter: counter) }
        #expect(LongestCommonSubsequence.pairs(a, b).isEmpty)
        // The bands widen until they are the whole table: at most about twice its comparisons.
        #expect(counter.count <= 2 * 301 * 201, "\(counter.count) comparisons")
    }

    @Test func reorderedObjectsWithIDsArePairedByID() throws {
        // 20,000 records, reversed: beyond the LCS limit, so the gap is paired by id. Every record
        // is found again; the ones whose position changed report nothing but moves are not
        // differences, so only the changed title shows.
        let count = 20_000
        let records = (0..<count).map { #"{"id": \#($0), "title": "t\#($0)"}"# }
        let golden = try JSONValue.parse("[" + records.joined(separator: ",") + "]")
        var changed = Array(records.reversed())
        changed[10] = #"{"id": \#(count - 11), "title": "changed"}"#
        let actual = try JSONValue.parse("[" + changed.joined(separator: ",") + "]")
        let differences = JSONDiff.differences(expected: golden, actual: actual)
        #expect(differences.map(\.description) == [#"$[10].title: golden "t\#(count - 11)" ≠ actual "changed""#])
    }

    @Test func aLongNearlyEqualArrayDiffsToItsEdits() throws {
        // 100,000 integers with one insertion near each end: past the old limit of the aligned
        // middle (4,000,000 pairs), so the middle is paired by position, as before.
        let golden = JSONValue.array((0..<100_000).map { .number(JSONNumber(integerLiteral: $0)) })
        guard case .array(var elements) = golden else { return }
        elements.insert(.string("x"), at: 10)
        elements.insert(.string("y"), at: 99_990)
        let actual = JSONValue.array(elements)
        let differences = JSONDiff.differences(expected: golden, actual: actual, limit: 5)
        #expect(differences.count == 5)
        #expect(differences.first?.description == #"$[10]: golden 10 ≠ actual "x""#)
    }

    @Test func aLineDiffOfTwoLongNearlyEqualTextsShowsTheTwoChanges() {
        let old = (0..<2_500).map { "line \($0)" }
        var new = old
        new[100] = "changed 100"
        new[2_400] = "changed 2400"
        let diff = LineDiff.unified(
            old: old.joined(separator: "\n"), new: new.joined(separator: "\n"), oldName: "a", newName: "b")
        let changes = diff.split(separator: "\n").filter { $0.hasPrefix("-") || $0.hasPrefix("+") }
        #expect(changes == ["--- a", "+++ b", "-line 100", "+changed 100", "-line 2400", "+changed 2400"])
    }
}
