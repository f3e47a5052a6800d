/// One page of a paged list endpoint (`GET /api/v3/movie?page=1&pageSize=20`).
///
/// ```swift
/// let page = try JSONDecoder.sampleAPI.decode(Page<Movie>.self, from: data)
/// page.records.count <= page.pageSize
/// ```
public struct Page<Record: Codable & Equatable & Sendable>: Codable, Equatable, Sendable {
    /// The 1-based page number.
    public var page: Int
    /// The requested page size.
    public var pageSize: Int
    /// The member records are sorted by.
    public var sortKey: String
    /// The sort direction.
    public var sortDirection: SortDirection
    /// Filters the server applied.
    public var filters: [PageFilter]
    /// How many records match in all pages.
    public var totalRecords: Int
    /// This page's records.
    public var records: [Record]
}

/// A sort direction.
public enum SortDirection: OpenEnum {
    case ascending, descending, `default`
    case unknown(String)

    public static let knownCases: [SortDirection] = [.ascending, .descending, .default]

    public var rawValue: String {
        switch self {
        case .ascending: "ascending"
        case .descending: "descending"
        case .default: "default"
        case .unknown(let raw): raw
        }
    }
}

/// A filter the server applied to a paged list.
public struct PageFilter: Codable, Equatable, Sendable {
    /// The member filtered on.
    public var key: String
    /// The value it must have.
    public var value: String
}
