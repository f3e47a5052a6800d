import WireJSON

extension LintConfiguration {
    /// Reads `lint.examples`: published example values (a vendor's documented test key, a token an
    /// API reference prints) that are not secrets in this project, each with where it is published.
    ///
    /// ```json
    /// "lint": {
    ///   "examples": [
    ///     { "value": "tok_9fK2mQ7xLp4Vn8Rw", "source": "https://vendor.example/docs/auth" }
    ///   ]
    /// }
    /// ```
    ///
    /// A `secret.*` finding whose matched text or whole value equals one of them is not reported
    /// (the same as the built-in ``PublishedExample/builtIn`` list). Exact values only: no patterns,
    /// so a real key that merely resembles an example is still found.
    /// - Throws: ``LintConfiguration/Error`` naming `lint.examples[i]` (or its `value` or `source`)
    ///   when the section is not an array of objects, an entry has another field, a `value` is
    ///   missing or empty, or a `source` is missing or blank.
    static func publishedExamples(_ json: JSONValue) throws(LintConfiguration.Error) -> [PublishedExample] {
        guard case .array(let items) = json else {
            throw Error(setting: "lint.examples", reason: "expected an array of {\"value\", \"source\"} objects")
        }
        var examples: [PublishedExample] = []
        for (index, item) in items.enumerated() {
            let setting = "lint.examples[\(index)]"
            guard case .object(let object) = item else {
                throw Error(setting: setting, reason: "expected an object with value and source")
            }
            var fields: [String: String] = [:]
            for member in object.members {
                guard member.key == "value" || member.key == "source" else {
                    throw Error(
                        setting: "\(setting).\(member.key)", reason: "unknown field (expected one of source, value)",
                        path: Error.path(ofSetting: setting).appending(key: member.key))
                }
                guard case .string(let text) = member.value else {
                    throw Error(setting: "\(setting).\(member.key)", reason: "expected a string")
                }
                fields[member.key] = text
            }
            guard let value = fields["value"], !value.isEmpty else {
                throw Error(setting: "\(setting).value", reason: "required: the published value, exactly")
            }
            guard let source = fields["source"], !source.allSatisfy(\.isWhitespace) else {
                throw Error(setting: "\(setting).source", reason: "required: where the value is published")
            }
            examples.append(PublishedExample(value: value, source: source))
        }
        return examples
    }

    /// The built-in published examples and the configured ones, for a scan.
    var exampleSet: PublishedExampleSet {
        publishedExamples.isEmpty ? .builtIn : PublishedExampleSet(PublishedExample.builtIn + publishedExamples)
    }
}
