import WireJSONCore

/// The goldens of one wire format: its name and its sample documents.
public struct GoldenFormat: Hashable, Sendable {
    /// One sample: its path relative to the golden directory, and its document.
    public struct Sample: Hashable, Sendable {
        /// The file's path relative to the golden directory, with `/` separators (`movies-page.json`,
        /// `sync-record/v1.json`); the content fingerprint uses it as the sample's key.
        public var path: String
        /// The sample's parsed content.
        public var document: JSONValue
        /// A sample from a relative path and its already parsed document. Nothing is checked: the path
        /// need not follow the layout of WireGolden's `GoldenCatalog`.
        public init(path: String, document: JSONValue) {
            self.path = path
            self.document = document
        }
    }

    /// The format's name (`movies-page`).
    public var name: String
    /// Its samples, sorted by path.
    public var samples: [Sample]

    /// A format from its name and samples, which are sorted by path so the shape, fingerprint and
    /// lock line do not depend on the order the files were listed in.
    ///
    /// ```swift
    /// let format = GoldenFormat(name: "movie", samples: [
    ///     .init(path: "movie/b.json", document: try JSONValue.parse(#"{"id": 2}"#)),
    ///     .init(path: "movie/a.json", document: try JSONValue.parse(#"{"id": 1}"#)),
    /// ])
    /// format.samples.map(\.path)        // ["movie/a.json", "movie/b.json"]
    /// let shape = format.shape()
    /// ```
    public init(name: String, samples: [Sample]) {
        self.name = name
        self.samples = samples.sorted { $0.path < $1.path }
    }

    /// The shape inferred from all samples.
    public func shape(enumRule: WireShape.EnumRule = .standard) -> WireShape {
        WireShape.infer(from: samples.map(\.document), enumRule: enumRule)
    }
}
