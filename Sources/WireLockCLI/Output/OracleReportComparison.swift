import WireOracle

/// What differs between two oracle report files (the same oracles run on two platforms): per
/// report, the counts, each class's count and intended count, and each group's count and Δ.
/// Examples and reproduction lines are left out (they name paths and builds).
struct OracleReportComparison {
    /// One difference, as a line: `name: legacy only accepts: 48474 in a.json, 48470 in b.json`.
    struct Difference: Hashable {
        var report: String
        /// The class it is about, when it is about one.
        var kind: OracleDifference?
        var line: String
    }

    var differences: [Difference] = []

    init(_ a: OracleReportFile, _ b: OracleReportFile, names: (String, String)) {
        func values<T: Equatable>(_ what: String, _ x: T, _ y: T, report: String, kind: OracleDifference? = nil) {
            guard x != y else { return }
            differences.append(
                Difference(
                    report: report, kind: kind, line: "\(report): \(what): \(x) in \(names.0), \(y) in \(names.1)"))
        }
        let second = Dictionary(b.reports.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let firstNames = Set(a.reports.map(\.name))
        for x in a.reports {
            guard let y = second[x.name] else {
                differences.append(Difference(report: x.name, kind: nil, line: "\(x.name): only in \(names.0)"))
                continue
            }
            values("inputs", x.checked, y.checked, report: x.name)
            values("same value", x.sameValue, y.sameValue, report: x.name)
            values("both rejected", x.bothRejected, y.bothRejected, report: x.name)
            for kind in OracleDifference.allCases {
                let (cx, cy) = (x[kind], y[kind])
                values("\(kind)", cx.count, cy.count, report: x.name, kind: kind)
                values("\(kind), intended", cx.intended, cy.intended, report: x.name, kind: kind)
                let gy = Dictionary(cy.groups.map { (Self.key($0), $0) }, uniquingKeysWith: { first, _ in first })
                let gx = Dictionary(cx.groups.map { (Self.key($0), $0) }, uniquingKeysWith: { first, _ in first })
                for key in Set(gx.keys).union(gy.keys).sorted() {
                    let what = "\(kind), shape \(key)"
                    values(what, gx[key]?.count ?? 0, gy[key]?.count ?? 0, report: x.name, kind: kind)
                    values("\(what), Δ s", Self.range(gx[key]), Self.range(gy[key]), report: x.name, kind: kind)
                    values("\(what), max ulps", Self.ulps(gx[key]), Self.ulps(gy[key]), report: x.name, kind: kind)
                }
            }
        }
        for y in b.reports where !firstNames.contains(y.name) {
            differences.append(Difference(report: y.name, kind: nil, line: "\(y.name): only in \(names.1)"))
        }
    }

    static func key(_ group: OracleGroup) -> String {
        group.shape.debugDescription + (group.intendedBy.map { " (intended by \($0))" } ?? "")
    }

    static func range(_ group: OracleGroup?) -> String {
        group?.deltaSeconds.map { "\($0.lowerBound)…\($0.upperBound)" } ?? "none"
    }

    static func ulps(_ group: OracleGroup?) -> String { group?.maxUlps.map { "\($0)" } ?? "none" }

    /// The classes that differ, in class order.
    var kinds: [OracleDifference] {
        OracleDifference.allCases.filter { kind in differences.contains { $0.kind == kind } }
    }
}
