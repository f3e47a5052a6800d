import Foundation
import WireSupport

/// Oracle reports as one JSON file, with the toolchain and the operating system they ran on, so two
/// runs (the macOS and the Linux job of one CI run) can be compared: `wirelock oracle compare A B`
/// fails naming each class whose count differs.
///
/// ```swift
/// let report = assertOracle(oracle, over: corpus, intended: [.candidateAcceptsMore])
/// try OracleReportFile(reports: [report]).write(toFile: "oracle-reports/dates-\(platform).json")
/// ```
public struct OracleReportFile: Hashable, Sendable, Codable {
    /// Always `wirelock-oracle-report`.
    public var format: String
    /// The file format's version: 1.
    public var version: Int
    /// The Swift compiler that built the run (`Swift 6.3`).
    public var toolchain: String
    /// The operating system it ran on (`ProcessInfo.operatingSystemVersionString`, with `Linux` or
    /// `macOS` in front).
    public var os: String
    /// The reports, in the order given.
    public var reports: [OracleReport]

    /// Reports from this process, with its toolchain and operating system.
    ///
    /// - Parameter reports: The reports to keep together.
    public init(reports: [OracleReport]) {
        format = "wirelock-oracle-report"
        version = 1
        toolchain = Self.toolchain
        #if os(Linux)
            os = "Linux " + ProcessInfo.processInfo.operatingSystemVersionString
        #elseif os(macOS)
            os = "macOS " + ProcessInfo.processInfo.operatingSystemVersionString
        #else
            os = ProcessInfo.processInfo.operatingSystemVersionString
        #endif
        self.reports = reports
    }

    static var toolchain: String {
        #if compiler(>=6.4)
            "Swift 6.4 or later"
        #elseif compiler(>=6.3)
            "Swift 6.3"
        #else
            "Swift 6.2"
        #endif
    }

    /// The file's bytes: pretty-printed JSON with sorted keys, the same for the same reports.
    ///
    /// - Throws: `EncodingError` (never for reports an oracle made).
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return try encoder.encode(self) + Data("\n".utf8)
    }

    /// Writes the file atomically (a temporary beside it, then a rename), making its folder.
    ///
    /// - Parameter path: Where to write.
    /// - Throws: The encoding error, or the write's error naming the step and the path.
    public func write(toFile path: String) throws {
        try AtomicFile.write(Array(jsonData()), to: RawPath(path), options: .golden)
    }

    /// Reads a file ``write(toFile:)`` wrote.
    ///
    /// - Parameter path: The file.
    /// - Throws: The read error, or `DecodingError` naming where the JSON is not a report file.
    public static func read(fromFile path: String) throws -> OracleReportFile {
        try decode(Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// A report file from its bytes.
    ///
    /// - Parameter data: What ``jsonData()`` wrote.
    /// - Throws: `DecodingError` naming where the JSON is not a report file.
    public static func decode(_ data: Data) throws -> OracleReportFile {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        let file = try decoder.decode(Self.self, from: data)
        guard file.format == "wirelock-oracle-report" else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: [],
                    debugDescription: "format is \(file.format.debugDescription), not \"wirelock-oracle-report\""))
        }
        return file
    }
}
