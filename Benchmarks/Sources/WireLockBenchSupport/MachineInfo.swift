import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the numbers were measured on, for the report.
public struct MachineInfo {
    public var processors: Int
    public var cpuModel: String
    public var memory: String
    public var kernel: String
    public var swiftVersion: String
    public var yajlVersion: String

    public static func current() -> MachineInfo {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model =
            cpuinfo.split(separator: "\n")
            .first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
        let meminfo = (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8)) ?? ""
        let memTotalKiB = meminfo.split(separator: "\n")
            .first { $0.hasPrefix("MemTotal:") }
            .flatMap { $0.split(separator: " ").dropFirst().first }
            .flatMap { Int($0) }
        let memory = memTotalKiB.map { String(format: "%.1f GiB", Double($0) / 1_048_576) } ?? "unknown"

        var name = utsname()
        uname(&name)
        let release = withUnsafeBytes(of: &name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let machine = withUnsafeBytes(of: &name.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }

        let swift =
            Subprocess.output(of: ["swift", "--version"])?
            .split(separator: "\n").first { $0.contains("Swift version") }
            .map(String.init) ?? "unknown"
        let yajl =
            Subprocess.output(of: ["pkg-config", "--modversion", "yajl"])?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "unknown"

        return MachineInfo(
            processors: sysconf(Int32(_SC_NPROCESSORS_ONLN)),
            cpuModel: model,
            memory: memory,
            kernel: "Linux \(release) \(machine)",
            swiftVersion: swift,
            yajlVersion: yajl
        )
    }

    public var markdown: String {
        """
        | machine | |
        |---|---|
        | CPU | \(cpuModel) |
        | logical CPUs (`nproc`) | \(processors) |
        | memory | \(memory) |
        | kernel | \(kernel) |
        | Swift | \(swiftVersion) |
        | yajl (`pkg-config --modversion yajl`) | \(yajlVersion) |
        """
    }
}
