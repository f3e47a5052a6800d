/// Calendar arithmetic on the proleptic Gregorian calendar, in integers only (no Foundation).
///
/// Days are counted from 1970-01-01 (day 0); seconds from Foundation's reference date
/// 2001-01-01T00:00:00Z, which is day 11 323.
package enum GregorianCalendarMath {
    /// Day number of 2001-01-01 counted from 1970-01-01.
    package static let referenceDay = 11_323
    /// Seconds from 1970-01-01 to 2001-01-01.
    package static let referenceOffset1970 = 978_307_200

    /// A civil date and time of day in UTC.
    package struct Civil: Equatable {
        package var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int

        /// `YYYY-MM-DDTHH:MM:SS` with a sign and more digits when the year needs them.
        package var isoText: String {
            func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
            let y =
                year < 0
                ? "-" + String(String(10000 - year).dropFirst())
                : year > 9999 ? "+\(year)" : String(String(10000 + year).dropFirst())
            return "\(y)-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):\(two(second))"
        }
    }

    @inline(__always)
    package static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    @inline(__always)
    package static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to the given date (month 1...12; the day may exceed the month and
    /// then rolls over). After Howard Hinnant's `days_from_civil`.
    @inline(__always)
    package static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// Days from 1970-01-01 to a date on the Julian calendar (month 1...12).
    @inline(__always)
    package static func daysFromJulianCivil(year: Int, month: Int, day: Int) -> Int {
        // Julian day number (Fliegel–Van Flandern style), then shift to the 1970 epoch (JDN 2 440 588).
        let a = (14 - month) / 12
        let y = year + 4800 - a
        let m = month + 12 * a - 3
        let jdn = day + (153 * m + 2) / 5 + 365 * y + floorDiv(y, 4) - 32_083
        return jdn - 2_440_588
    }

    @inline(__always)
    package static func floorDiv(_ a: Int, _ b: Int) -> Int {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    /// The civil date of a day number counted from 1970-01-01 (Hinnant's `civil_from_days`).
    static func civil(fromDays z0: Int) -> (year: Int, month: Int, day: Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The UTC civil date and time of whole seconds since 2001-01-01.
    package static func civil(fromSecondsSinceReference seconds: Int) -> Civil {
        let days = floorDiv(seconds, 86_400)
        let secondOfDay = seconds - days * 86_400
        let date = civil(fromDays: days + referenceDay)
        return Civil(
            year: date.year, month: date.month, day: date.day, hour: secondOfDay / 3600,
            minute: secondOfDay / 60 % 60, second: secondOfDay % 60)
    }
}
