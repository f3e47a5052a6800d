// A payload held against a reader contract: everything the model reads is there, with a kind it
// accepted; and whether a change at a folded path can touch what the model reads.
import WireDecoder
import WireJSONCore

extension ReaderContract {
    /// One way a payload breaks what the model reads.
    public struct Violation: Hashable, Sendable, CustomStringConvertible {
        /// What is wrong.
        public enum Problem: Hashable, Sendable {
            /// A member the model reads and needs is absent.
            case absent
            /// `null` where the model never accepted one.
            case null
            /// Another JSON kind than the ones the model accepted.
            case kind(found: ReaderContract.Kind, accepted: [ReaderContract.Kind])
        }

        /// Where, in the payload (`$.items[3].owner.login`).
        public var path: JSONPath
        /// The contract's entry it breaks (`$.items[*].owner.login`).
        public var entry: JSONPathPattern
        /// What is wrong.
        public var problem: Problem

        /// Creates a violation.
        public init(path: JSONPath, entry: JSONPathPattern, problem: Problem) {
            self.path = path
            self.entry = entry
            self.problem = problem
        }

        /// `absent, and the model reads it as required`.
        public var explanation: String {
            switch problem {
            case .absent: "absent, and the model reads it as required"
            case .null: "null, and the model never accepted null there"
            case .kind(let found, let accepted):
                "\(found.rawValue), and the model accepts \(accepted.map(\.rawValue).joined(separator: " or "))"
            }
        }

        /// `$.items[3].owner.login: absent, and the model reads it as required`.
        public var description: String { "\(path): \(explanation)" }
    }

    /// Where `value` breaks what the model reads: each entry's members are looked up in every
    /// container its parent path reaches (an absent parent is the parent's entry's business); a
    /// member may be absent or null only where the contract says so, and must have one of the kinds
    /// the model accepted. A lenient entry (an error the model swallows there) accepts anything.
    /// The root is not checked. Violations come in entry order, then document order.
    ///
    /// ```swift
    /// let live = try JSONValue.parse(Array(data))
    /// for violation in contract.violations(in: live) { print(violation) }
    /// // $.owner.login: absent, and the model reads it as required
    /// ```
    public func violations(in value: JSONValue) -> [Violation] {
        var found: [Violation] = []
        for entry in sortedEntries where !entry.path.steps.isEmpty && !entry.lenient {
            let parentSteps = entry.path.steps.dropLast()
            guard let last = entry.path.steps.last else { continue }
            var parents: [(JSONPath, JSONValue)] = [(.root, value)]
            for step in parentSteps { parents = Self.step(parents, step) }
            for (path, parent) in parents {
                switch last {
                case .key(let name):
                    guard case .object(let object) = parent else { continue }
                    check(object[name], at: path.appending(key: name), entry, into: &found)
                case .anyElement:
                    guard case .array(let elements) = parent else { continue }
                    for (index, element) in elements.enumerated() {
                        check(element, at: path.appending(index: index), entry, into: &found)
                    }
                case .anyMember:
                    guard case .object(let object) = parent else { continue }
                    for member in object.members {
                        check(member.value, at: path.appending(key: member.key), entry, into: &found)
                    }
                default: continue  // a contract's paths are folded: members, [*] and .* only
                }
            }
        }
        return found
    }

    private func check(_ value: JSONValue?, at path: JSONPath, _ entry: Entry, into found: inout [Violation]) {
        guard let value else {
            if !entry.mayBeAbsent { found.append(Violation(path: path, entry: entry.path, problem: .absent)) }
            return
        }
        let kind = Kind(of: value)
        if kind == .null {
            if !entry.mayBeNull { found.append(Violation(path: path, entry: entry.path, problem: .null)) }
            return
        }
        // An entry read only through `contains` or `decodeNil` took no kind: any is accepted.
        if !entry.kinds.isEmpty, !entry.kinds.contains(kind) {
            found.append(Violation(path: path, entry: entry.path, problem: .kind(found: kind, accepted: entry.kinds)))
        }
    }

    /// The containers one step further from each of `parents`.
    private static func step(_ parents: [(JSONPath, JSONValue)], _ step: JSONPathPattern.Step) -> [(
        JSONPath, JSONValue
    )] {
        var next: [(JSONPath, JSONValue)] = []
        for (path, value) in parents {
            switch (step, value) {
            case (.key(let name), .object(let object)):
                if let member = object[name] { next.append((path.appending(key: name), member)) }
            case (.anyElement, .array(let elements)):
                for (index, element) in elements.enumerated() { next.append((path.appending(index: index), element)) }
            case (.anyMember, .object(let object)):
                for member in object.members { next.append((path.appending(key: member.key), member.value)) }
            default:
                break
            }
        }
        return next
    }

    /// Whether the model reads anything at or below a folded path given without dictionaries (as
    /// a shape names it: members by name, `[*]` for elements): a named step matches the entry's
    /// name or a dictionary's `.*`.
    ///
    /// ```swift
    /// contract.reads(atOrBelow: JSONPathPattern([.key("owner")]))        // true when owner.login is read
    /// contract.reads(atOrBelow: JSONPathPattern([.key("mirror_url")]))   // false: never read
    /// ```
    public func reads(atOrBelow path: JSONPathPattern) -> Bool {
        entries.keys.contains { entry in
            guard entry.steps.count >= path.steps.count else { return false }
            for (step, read) in zip(path.steps, entry.steps) {
                switch (step, read) {
                case (.anyElement, .anyElement), (.key, .anyMember), (.anyMember, .anyMember): continue
                case (.key(let name), .key(let other)) where JSONKey.exactlyEqual(name, other): continue
                default: return false
                }
            }
            return true
        }
    }
}

extension ReaderContract.Kind {
    /// The kind of a JSON value.
    public init(of value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool: self = .bool
        case .number: self = .number
        case .string: self = .string
        case .array: self = .array
        case .object: self = .object
        }
    }
}
