import Foundation
import WireCommandLine
import WireOracle
import WireSupport

/// `wirelock oracle compare A B`: two oracle report files (the same oracles run on two platforms,
/// say macOS and Linux in one CI run) must find the same classes with the same counts.
struct OracleCompareCommand: ParsableCommand {
    static var about: CommandConfiguration {
        CommandConfiguration(
            commandName: "compare",
            abstract: "Check that two oracle report files found the same differences.",
            discussion: """
                Reads two report files (written by 'wirelock oracle dates --report FILE' or by \
                OracleReportFile.write(toFile:) in a test) and compares, report by report (matched by name), the \
                inputs checked, the inputs with the same value and both rejected, each class's count and \
                intended count, and each shape's count and delta range. Examples are not compared.

                Exit status: 0 when the two agree, 1 when a count differs (each difference is printed, naming \
                its class), 2 for a usage error or a file that cannot be read or is no report file.
                """)
    }

    @Argument("a", help: "The first report file (JSON).") var first: RawPath
    @Argument("b", help: "The second report file (JSON).") var second: RawPath

    func run(in context: CommandContext) -> ExitCode {
        var files: [OracleReportFile] = []
        for path in [first, second] {
            do {
                let bytes = try FileSystem.readFile(path).get()
                files.append(try OracleReportFile.decode(Data(bytes)))
            } catch {
                context.reportError("cannot read oracle report '\(path.displayed)': \(error)")
                return .failure
            }
        }
        let names = (first.displayed, second.displayed)
        var out =
            "\(names.0): \(files[0].toolchain) on \(files[0].os)\n\(names.1): \(files[1].toolchain) on \(files[1].os)\n"
        let comparison = OracleReportComparison(files[0], files[1], names: names)
        for difference in comparison.differences { out += difference.line + "\n" }
        let count = Text.pluralized(max(files[0].reports.count, files[1].reports.count), "report")
        if comparison.differences.isEmpty {
            out += "\(count) compared: the same classes, counts and shapes\n"
        } else {
            let reports = Set(comparison.differences.map(\.report)).count
            let kinds = comparison.kinds.map(\.description)
            out += "\(count) compared: \(reports) " + (reports == 1 ? "differs" : "differ")
            out += kinds.isEmpty ? "\n" : " (\(kinds.joined(separator: ", ")))\n"
        }
        context.output.write(out)
        return comparison.differences.isEmpty ? .success : .findings
    }
}
