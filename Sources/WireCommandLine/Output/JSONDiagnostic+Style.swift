import WireJSON
import WireSupport

extension JSONDiagnostic {
    /// The headline with a label after the location (`error:`), styled for a terminal: the
    /// location bold, the label red.
    package func headline(label: String?, style: TerminalStyle) -> String {
        headline(label: label, marking: style.mark)
    }

    /// ``block(indent:)``, styled for a terminal: the location bold, `error:` red, the caret green.
    package func block(style: TerminalStyle, indent: String = "    ") -> String {
        block(indent: indent, marking: style.mark)
    }
}

extension TerminalStyle {
    /// The colour of each part of a diagnostic.
    func mark(_ part: JSONDiagnostic.Part, _ text: String) -> String {
        switch part {
        case .location: bold(text)
        case .label: error(text)
        case .caret: caret(text)
        }
    }
}
