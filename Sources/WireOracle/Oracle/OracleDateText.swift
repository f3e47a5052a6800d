import Foundation
import WireDates

/// Renders an instant as proleptic-Gregorian UTC with nanoseconds, without a formatter.
enum OracleDateText {
    static func utc(_ date: Date) -> String {
        let t = date.timeIntervalSinceReferenceDate
        guard t.isFinite, abs(t) < 1e15 else { return "out of range" }
        let whole = t.rounded(.down)
        var nanos = Int(((t - whole) * 1e9).rounded())
        var seconds = Int(whole)
        if nanos >= 1_000_000_000 {
            nanos -= 1_000_000_000
            seconds += 1
        }
        let civil = GregorianCalendarMath.civil(fromSecondsSinceReference: seconds)
        let fraction = nanos == 0 ? "" : "." + String(String(nanos + 1_000_000_000).dropFirst())
        return "\(civil.isoText)\(fraction)Z"
    }
}
