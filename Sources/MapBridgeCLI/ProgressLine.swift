/// A progress line on standard error for long jobs: shown only on a terminal, only after
/// about a second, refreshed a few times a second, and cleared at the end.
final class ProgressLine {
    private let enabled: Bool
    private let start = Console.now()
    private var lastShown = 0.0
    private var shown = false
    private var calls = 0

    init(quiet: Bool) { enabled = !quiet && Console.stderrIsTerminal }

    /// Notes progress; cheap enough to call after every feature.
    func update(features: Int, bytesRead: Int64, totalBytes: Int64?) {
        guard enabled else { return }
        calls += 1
        guard calls & 1023 == 0 else { return }
        let now = Console.now()
        let elapsed = now - start
        guard elapsed >= 1, now - lastShown >= 0.25 else { return }
        lastShown = now
        shown = true
        let mb = Double(bytesRead) / 1_000_000
        var text = "\r\u{1B}[K" + "\(Int(mb)) MB"
        if let total = totalBytes, total > 0 {
            text += " of \(Int(Double(total) / 1_000_000)) MB (\(Int(100 * Double(bytesRead) / Double(total)))%)"
        }
        text += " · \(features) features · \(Int(mb / elapsed)) MB/s"
        Console.terminalControl(text)
    }

    /// Clears the line if it was shown.
    func finish() {
        if shown { Console.terminalControl("\r\u{1B}[K") }
    }
}
