import Foundation
import WireLockBenchSupport

/// Realistic single-record API responses cut from the generator's document: the first `count`
/// records of `records-100mb.json`, each as `{"page": k, "pageSize": 1, "records": [record]}`
/// (about 2 KB each). The generator is deterministic, so these are the same bytes on every machine.
///
/// The generator writes one record per block of lines opened by `    {` and closed by `    }` or
/// `    },` (indent 4: a member of `records`; strings never hold a raw newline), so the records
/// are cut at line boundaries without parsing; the decoders then check every document.
enum SmallDocuments {
    static func cut(from path: String, count: Int) throws -> [Data] {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw BenchError("cannot open \(path)") }
        defer { try? handle.close() }
        let open = Array("    {".utf8)
        let closeLast = Array("    }".utf8)
        let closeMore = Array("    },".utf8)
        var documents: [Data] = []
        documents.reserveCapacity(count)
        var record: [UInt8]? = nil
        var pending: [UInt8] = []
        while documents.count < count, let chunk = try handle.read(upToCount: 4 << 20), !chunk.isEmpty {
            pending += chunk
            var lineStart = 0
            while documents.count < count, let newline = pending[lineStart...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = pending[lineStart..<newline]
                lineStart = newline + 1
                if record == nil {
                    if line.elementsEqual(open) { record = Array(line) + [UInt8(ascii: "\n")] }
                } else if line.elementsEqual(closeLast) || line.elementsEqual(closeMore) {
                    record! += closeLast
                    let index = documents.count + 1
                    var document = Array("{\n  \"page\": \(index),\n  \"pageSize\": 1,\n  \"records\": [\n".utf8)
                    document += record!
                    document += Array("\n  ]\n}\n".utf8)
                    documents.append(Data(document))
                    record = nil
                } else {
                    record! += line
                    record!.append(UInt8(ascii: "\n"))
                }
            }
            pending.removeFirst(lineStart)
        }
        guard documents.count == count else {
            throw BenchError("\(path) has only \(documents.count) records; asked for \(count)")
        }
        return documents
    }
}
