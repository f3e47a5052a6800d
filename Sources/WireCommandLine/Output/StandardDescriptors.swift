#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard input, output and error as the process found them.
package enum StandardDescriptors {
    /// Gives `/dev/null` to each of descriptors 0, 1 and 2 that is closed, lowest first, so that the
    /// next file opened cannot become "standard output" (`fmt` would then write its report into the
    /// file it is rewriting).
    /// - Returns: the descriptors that were closed.
    package static func reopenClosed() -> Set<Int32> {
        var closed: Set<Int32> = []
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO]
        where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            closed.insert(descriptor)
            let opened = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if opened >= 0 && opened != descriptor {
                // open(2) takes the lowest free number, which is this one as the lower ones are open.
                dup2(opened, descriptor)
                close(opened)
            }
        }
        return closed
    }
}
