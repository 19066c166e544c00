#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MapBridgeModel

/// Standard error and the terminal, without Foundation's globals (Swift 6 rejects Glibc's
/// `stderr` as not concurrency-safe).
enum Console {
    /// Writes `text` (lines the program lays out) to standard error, with control characters
    /// shown escaped (`\u{1B}`) and line feeds kept: see `String.escapedForDisplay`.
    static func error(_ text: String) { write(text.escapedForDisplay(keepingLineBreaks: true), to: 2) }

    /// Writes `text` to standard output as `error(_:)` does to standard error.
    static func output(_ text: String) { write(text.escapedForDisplay(keepingLineBreaks: true), to: 1) }

    /// Writes the program's own terminal controls (the progress line's CR and erase) as they are.
    static func terminalControl(_ text: String) { write(text, to: 2) }

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

    /// Writes `text` as one line to standard error: every control character in it, line
    /// breaks too, shown escaped (`\u{0A}`), so that a value quoted from a file can neither
    /// drive the terminal nor start a line of its own. Every diagnostic goes through here.
    static func errorLine(_ text: String) { write(text.escapedForDisplay() + "\n", to: 2) }

    /// Whether standard error is a terminal (for progress lines and colour).
    static var stderrIsTerminal: Bool { isatty(2) == 1 }

    /// Seconds on a monotonic clock.
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
