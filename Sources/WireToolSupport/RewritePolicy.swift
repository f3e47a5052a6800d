import WireSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What WireLock checks before it replaces an existing file through a temporary file and `rename`
/// (pure: facts in, a decision out). A rename never needs the file's own write permission and
/// always gives it a new inode owned by the writer, so without these checks a rewrite would
/// silently split a hard link, rewrite a read-only file, or take someone else's file over.
///
/// A file is refused, unless forced, when
/// - its mode bits deny writing to the class the process falls in (owner, group or others; root
///   counts as the owner) — WireLock's own check, so root is refused a 0444 file too;
/// - it has more than one hard link: the other names would keep the old text;
/// - its owner or group differs from what the rewritten file would get and the process may not set
///   them back (only root may give a file to another user; a user may give it to their own groups).
///
/// ```swift
/// let file = RewritePolicy.FileFacts(mode: 0o444, owner: 1000, group: 1000, links: 1)
/// RewritePolicy.refusal(for: file, writer: .init(user: 0, groups: [0]))   // .readOnly(mode: 0o444)
/// ```
package enum RewritePolicy {
    /// The file about to be replaced.
    package struct FileFacts: Hashable, Sendable {
        /// Permission bits (`st_mode & 0o7777`).
        package var mode: UInt32
        package var owner: UInt32
        package var group: UInt32
        /// `st_nlink`.
        package var links: Int

        package init(mode: UInt32, owner: UInt32, group: UInt32, links: Int) {
            self.mode = mode
            self.owner = owner
            self.group = group
            self.links = links
        }

        package init(_ info: stat) {
            self.init(
                mode: UInt32(info.st_mode) & 0o7777, owner: UInt32(info.st_uid), group: UInt32(info.st_gid),
                links: Int(info.st_nlink))
        }
    }

    /// Who writes: the effective user and every group it is in.
    package struct Writer: Hashable, Sendable {
        package var user: UInt32
        package var groups: Set<UInt32>

        package init(user: UInt32, groups: Set<UInt32>) {
            self.user = user
            self.groups = groups
        }

        package var isSuperuser: Bool { user == 0 }

        /// This process.
        package static func current() -> Writer {
            var groups: Set<UInt32> = [UInt32(getegid())]
            let count = getgroups(0, nil)
            if count > 0 {
                var list = [gid_t](repeating: 0, count: Int(count))
                let filled = getgroups(count, &list)
                if filled > 0 { groups.formUnion(list.prefix(Int(filled)).map { UInt32($0) }) }
            }
            return Writer(user: UInt32(geteuid()), groups: groups)
        }
    }

    /// Why a file is not rewritten.
    package enum Refusal: Hashable, Sendable {
        case readOnly(mode: UInt32)
        case hardLinks(Int)
        case owner(owner: UInt32, group: UInt32, writer: UInt32)

        /// The reason, as the end of `refusing to rewrite 'PATH': …`.
        package var reason: String {
            switch self {
            case .readOnly(let mode):
                return "it is read-only (mode \(Self.octal(mode))); pass --force to rewrite it anyway"
            case .hardLinks(let links):
                return "it has \(links) hard links, and replacing it would leave the other names with the old text; "
                    + "pass --force to rewrite it anyway (splitting the links)"
            case .owner(let owner, let group, let writer):
                return "it belongs to uid \(owner), gid \(group), which a rewrite by uid \(writer) cannot keep; "
                    + "run as its owner, or pass --force to rewrite it anyway (it will then belong to uid \(writer))"
            }
        }

        private static func octal(_ mode: UInt32) -> String {
            let digits = String(mode, radix: 8)
            return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }
    }

    /// The first reason to refuse rewriting `file`, or nil when it may be rewritten.
    package static func refusal(for file: FileFacts, writer: Writer) -> Refusal? {
        if !mayWrite(file, writer: writer) { return .readOnly(mode: file.mode) }
        if file.links > 1 { return .hardLinks(file.links) }
        if !mayKeepOwner(file, writer: writer) {
            return .owner(owner: file.owner, group: file.group, writer: writer.user)
        }
        return nil
    }

    /// Whether the mode bits of the writer's class allow writing (root counts as the owner).
    package static func mayWrite(_ file: FileFacts, writer: Writer) -> Bool {
        if writer.isSuperuser || file.owner == writer.user { return file.mode & 0o200 != 0 }
        if writer.groups.contains(file.group) { return file.mode & 0o020 != 0 }
        return file.mode & 0o002 != 0
    }

    /// Whether the writer may give the new file the old one's owner and group (`fchown`).
    package static func mayKeepOwner(_ file: FileFacts, writer: Writer) -> Bool {
        writer.isSuperuser || (file.owner == writer.user && writer.groups.contains(file.group))
    }
}
