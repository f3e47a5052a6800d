import WireGolden
import WireJSON

extension GoldenCatalog.Error {
    /// How `diff` and `lock` show a golden file that cannot be read as a format: a syntax error as
    /// the compiler-style block every command prints (``JSONDiagnostic/block(indent:)``), any other
    /// problem as `FILE: error: REASON`.
    /// - Parameter file: the file as it is to be shown.
    func diagnostic(file: String) -> String {
        if let syntaxError { return JSONDiagnostic(syntaxError, file: file).block() }
        return "\(file): error: \(reason)\n"
    }
}
