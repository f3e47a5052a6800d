import Testing

@testable import WireJSON

/// The tree builder on large containers: every element and member arrives, in order, once. Before
/// the builder kept its open containers in place, each append copied the container built so far,
/// so these documents took minutes to hours (quadratic); the checks here are structural only.
@Suite("Tree builder at scale")
struct TreeBuilderScaleTests {
    @Test func buildsA200kElementArrayInOrder() throws {
        let count = 200_000
        let text = "[" + (0..<count).map(String.init).joined(separator: ",") + "]"
        guard case .array(let elements) = try JSONValue.parse(text) else {
            Issue.record("root is not an array")
            return
        }
        #expect(elements.count == count)
        let mismatched = elements.indices.filter { elements[$0] != .number(JSONNumber(text: String($0))) }
        #expect(mismatched.isEmpty, "first wrong index: \(mismatched.first ?? -1)")
    }

    @Test func buildsA100kMemberObjectInSourceOrder() throws {
        let count = 100_000
        let text = "{" + (0..<count).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}"
        guard case .object(let object) = try JSONValue.parse(text) else {
            Issue.record("root is not an object")
            return
        }
        #expect(object.count == count)
        let mismatched = object.indices.filter {
            object[$0].key != "k\($0)" || object[$0].value != .number(JSONNumber(text: String($0)))
        }
        #expect(mismatched.isEmpty, "first wrong member: \(mismatched.first ?? -1)")
        #expect(object.duplicateKeys.isEmpty)
    }

    @Test func nestedLargeContainersKeepTheirPlaces() throws {
        // 1,000 objects of 200 members inside an array inside an object: a value added after a
        // large container closes goes to the right parent.
        let inner = (0..<200).map { "\"m\($0)\":[\($0),{\"x\":\"\($0)\"}]" }.joined(separator: ",")
        let text =
            #"{"before":true,"items":["# + Array(repeating: "{" + inner + "}", count: 1_000).joined(separator: ",")
            + #"],"after":null}"#
        let value = try JSONValue.parse(text)
        guard case .array(let items)? = value["items"] else {
            Issue.record("no items array")
            return
        }
        #expect(items.count == 1_000)
        #expect(value["before"] == .bool(true))
        #expect(value["after"] == .null)
        #expect(
            items.allSatisfy { item in
                guard case .object(let object) = item, object.count == 200 else { return false }
                return object.indices.allSatisfy { i in
                    object[i].key == "m\(i)"
                        && object[i].value
                            == .array([
                                .number(JSONNumber(text: String(i))), .object(JSONObject(["x": .string(String(i))])),
                            ])
                }
            })
    }
}
