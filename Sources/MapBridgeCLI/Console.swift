#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard error and the terminal, without Foundation's globals (Swift 6 rejects Glibc's
/// `stderr` as not concurrency-safe).
enum Console {
    /// Writes `text` to standard error as is.
    static func error(_ text: String) { write(text, to: 2) }

    /// Writes `text` to standard output as is.
    static func output(_ text: String) { write(text, to: 1) }

    private static func write(_ text: String, to fd: Int32) {
        var s = text
        s.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count {
                let n = Glibc.write(fd, base + offset, bytes.count - offset)
                if n <= 0 {
                    if n < 0 && errno == EINTR { continue }
                    return
                }
                offset += n
            }
        }
    }

    /// Writes `text` and a line break to standard error.
    static func errorLine(_ text: String) { error(text + "\n") }

    /// Whether standard error is a terminal (for progress lines and colour).
    static var stderrIsTerminal: Bool { isatty(2) == 1 }

    /// Seconds on a monotonic clock.
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
