// The reads of one decode folded by path in one walk over the part of the tape the model reached:
// a folded path (`$.items[*].owner.login`) is interned once and named by a number, so a page of
// 100,000 reads makes a few dozen paths and groups, not 100,000 JSON paths.
import WireJSONCore

struct ReadFolding {
    /// One group of reads: same folded path, type, method, wire kind, outcome and form.
    struct Group {
        var first: ReportRecorder.RawRead
        /// The first read's tape entry for its path and place (its container's for an absent
        /// member or element), or -1.
        var target: Int
        var folded: Int32
        var wire: WireDecodingReport.Kind?
        var form: String?
        var count: Int
    }

    private struct StepKey: Hashable {
        var parent: Int32
        /// 0: a named member, 1: any element, 2: any member.
        var kind: UInt8
        var name: String
    }

    let tape: TapeView
    let base: UnsafePointer<UInt8>
    let reached: [Int: Any.Type]
    let dictionaries: Set<Int>
    /// Each interned path's parent and step; path 0 is the root.
    private var steps: [(parent: Int32, step: JSONPathPattern.Step)] = [(-1, .anyElement)]
    private var table: [StepKey: Int32] = [:]
    /// Each interned path as a ``JSONPathPattern``, made when first asked for (by number).
    private var built: [JSONPathPattern?] = [.root]
    /// The folded path of each tape entry the walk assigned, by tape index (-1: none).
    private var ids: [Int32] = []
    /// Per folded object path, the names of the last object seen there by position (where the
    /// name's bytes are, and the path below it): the objects of one array mostly repeat their
    /// members in one order, so a name is compared in place instead of decoded and hashed.
    private var lastNames: [Int32: [(offset: Int, length: Int, child: Int32)]] = [:]

    init(tape: TapeView, base: UnsafePointer<UInt8>, reached: [Int: Any.Type], dictionaries: Set<Int>) {
        self.tape = tape
        self.base = base
        self.reached = reached
        self.dictionaries = dictionaries
        steps.reserveCapacity(64)
        table.reserveCapacity(64)
    }

    /// The folded path one step below `parent`.
    mutating func child(_ parent: Int32, _ step: JSONPathPattern.Step) -> Int32 {
        let key: StepKey
        switch step {
        case .key(let name): key = StepKey(parent: parent, kind: 0, name: name)
        case .anyElement: key = StepKey(parent: parent, kind: 1, name: "")
        default: key = StepKey(parent: parent, kind: 2, name: "")  // .anyMember: folding makes no other step
        }
        if let known = table[key] { return known }
        steps.append((parent, step))
        let id = Int32(steps.count - 1)
        table[key] = id
        return id
    }

    /// The folded path of an interned number.
    mutating func path(_ id: Int32) -> JSONPathPattern {
        let index = Int(id)
        if index < built.count, let known = built[index] { return known }
        var reversed: [JSONPathPattern.Step] = []
        var current = id
        while current > 0 {
            let entry = steps[Int(current)]
            reversed.append(entry.step)
            current = entry.parent
        }
        let result = JSONPathPattern(reversed.reversed())
        while built.count <= index { built.append(nil) }
        built[index] = result
        return result
    }

    /// A concrete path for a folded one (`[*]` as `[0]`), for a read no tape entry stands for.
    mutating func concretePath(_ id: Int32) -> JSONPath { path(id).samplePath }

    /// The folded path the walk gave a tape entry, or nil.
    func id(of index: Int) -> Int32? {
        index < ids.count && ids[index] >= 0 ? ids[index] : nil
    }

    /// Walks the reached containers from the root, giving a folded path to every entry in
    /// `wanted` and every reached container below the root.
    private mutating func assign(wanted: [Bool]) {
        ids = [Int32](repeating: -1, count: tape.count)
        guard tape.count > 0 else { return }
        ids[0] = 0
        var stack: [(index: Int, id: Int32)] = [(0, 0)]
        while let (index, id) = stack.popLast() {
            let kind = tape.kind(index)
            guard kind == .object || kind == .array, reached[index] != nil else { continue }
            func wants(_ value: Int) -> Bool {
                if wanted[value] { return true }
                let valueKind = tape.kind(value)
                return (valueKind == .object || valueKind == .array) && reached[value] != nil
            }
            if kind == .array {
                var element = index + 1
                var elementID: Int32?
                for _ in 0..<tape.count(index) {
                    if wants(element) {
                        let child = elementID ?? self.child(id, .anyElement)
                        elementID = child
                        ids[element] = child
                        stack.append((element, child))
                    }
                    element = tape.end(element)
                }
            } else {
                let isDictionary = dictionaries.contains(index)
                // Taken out while it is updated, so the update does not copy it.
                var names = isDictionary ? [] : lastNames.removeValue(forKey: id) ?? []
                var member = index + 1
                for position in 0..<tape.count(index) {
                    let value = member + 1
                    if wants(value) {
                        let child: Int32
                        if isDictionary {
                            child = self.child(id, .anyMember)
                        } else {
                            let offset = tape.offset(member)
                            let length = tape.length(member)
                            if position < names.count, names[position].length == length, tape.flags(member) == 0,
                                length == 0 || memcmpBytes(base + names[position].offset, base + offset, length)
                            {
                                child = names[position].child
                            } else {
                                let name =
                                    StringDecoding.decode(base: base, offset: offset, length: length)
                                    ?? NumberText.text(base, offset, length)
                                child = self.child(id, .key(name))
                                if tape.flags(member) == 0 {
                                    while names.count <= position { names.append((0, -1, -1)) }
                                    names[position] = (offset, length, child)
                                }
                            }
                        }
                        ids[value] = child
                        stack.append((value, child))
                    }
                    member = tape.end(value)
                }
                if !isDictionary { lastNames[id] = names }
            }
        }
    }

    /// The reads grouped, in the order each group's first read was made.
    mutating func group(
        _ reads: [ReportRecorder.RawRead], nullIndex: Int, form: (Int, Any.Type) -> String?
    ) -> [Group] {
        guard !reads.isEmpty else { return [] }
        var wanted = [Bool](repeating: false, count: tape.count)
        func target(_ read: ReportRecorder.RawRead) -> Int {
            switch read.place {
            case .value(let index): index < tape.count && index != nullIndex ? index : -1
            case .member(let container, _), .element(let container, _): container < tape.count ? container : -1
            case .path: -1
            }
        }
        for read in reads {
            let index = target(read)
            if index >= 0 { wanted[index] = true }
        }
        for index in dictionaries where index < tape.count { wanted[index] = true }
        assign(wanted: wanted)
        var groups: [Group] = []
        // The groups of each folded path (most have one or two), compared field by field.
        var byPath: [[Int]] = []
        for read in reads {
            let entry = target(read)
            var folded: Int32
            var wire: WireDecodingReport.Kind?
            var readForm: String?
            switch read.place {
            case .value:
                if entry >= 0, let id = id(of: entry) {
                    folded = id
                    wire = ReportRecorder.kind(tape.kind(entry))
                    if read.outcome == .value { readForm = form(entry, read.type) }
                } else {
                    folded = 0
                }
            case .member(_, let key):
                folded = child(entry >= 0 ? id(of: entry) ?? 0 : 0, .key(key))
            case .element:
                folded = child(entry >= 0 ? id(of: entry) ?? 0 : 0, .anyElement)
            case .path(let path):
                folded = 0
                for component in path.components {
                    switch component {
                    case .key(let name): folded = child(folded, .key(name))
                    case .index: folded = child(folded, .anyElement)
                    }
                }
            }
            let type = ObjectIdentifier(read.type)
            while byPath.count <= Int(folded) { byPath.append([]) }
            if let known = byPath[Int(folded)].first(where: { candidate in
                let group = groups[candidate]
                return group.wire == wire && group.first.method == read.method && group.first.outcome == read.outcome
                    && ObjectIdentifier(group.first.type) == type && group.form == readForm
            }) {
                groups[known].count += 1
            } else {
                byPath[Int(folded)].append(groups.count)
                groups.append(
                    Group(first: read, target: entry, folded: folded, wire: wire, form: readForm, count: 1))
            }
        }
        return groups
    }
}
