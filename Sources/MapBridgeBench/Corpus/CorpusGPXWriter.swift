import MapBridgeIO

/// Writes the tracks data set as `NAME.gpx`: GPX 1.1 with the data set's name in `metadata`,
/// then one `trk` per track (`name`, `type`, one or more `trkseg`), one `trkpt` per line with
/// `ele` (one decimal) and `time` (ISO 8601 in UTC, `Z`). The file appears only once complete.
final class CorpusGPXWriter {
    private let gpx: AtomicOutputFile
    private var line: [UInt8] = []

    /// Creates the file in `directory` and writes its header.
    /// - Throws: `MapBridgeError` of kind `.outputUnavailable` when the file cannot be created.
    init(directory: String, name: String) throws {
        gpx = try AtomicOutputFile(path: "\(directory)/\(name).gpx")
        line.reserveCapacity(1 << 16)
        try gpx.sink.write("""
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="mapbridge-bench corpus" xmlns="http://www.topografix.com/GPX/1/1">
            <metadata><name>\(name)</name></metadata>

            """)
    }

    func write(_ track: CorpusTrack) throws {
        line.removeAll(keepingCapacity: true)
        line.append("<trk><name>")
        line.appendXMLText(track.name)
        line.append("</name><type>")
        line.appendXMLText(track.type)
        line.append("</type>\n")
        for segment in track.segments {
            line.append("<trkseg>\n")
            for point in segment {
                appendPoint(point)
                // Written a few thousand points at a time, so a long track needs no long buffer.
                if line.count >= 1 << 16 { try flush() }
            }
            line.append("</trkseg>\n")
        }
        line.append("</trk>\n")
        try flush()
    }

    /// Writes the file's end and moves it into place.
    func finish() throws {
        try gpx.sink.write("</gpx>\n")
        try gpx.commit()
    }

    private func flush() throws {
        try line.withUnsafeBytes { try gpx.sink.write($0) }
        line.removeAll(keepingCapacity: true)
    }

    private func appendPoint(_ p: CorpusTrackPoint) {
        line.append("<trkpt lat=\"")
        line.appendFixed(p.position.lat, decimals: 7)
        line.append("\" lon=\"")
        line.appendFixed(p.position.lon, decimals: 7)
        line.append("\"><ele>")
        line.appendFixed(p.decimetres, decimals: 1)
        line.append("</ele><time>")
        appendTime(p.seconds)
        line.append("</time></trkpt>\n")
    }

    /// `seconds` since 1970 as `YYYY-MM-DDThh:mm:ssZ` (years 1970 to 9999).
    private func appendTime(_ seconds: Int) {
        let (year, month, day) = CorpusTime.civil(days: seconds / 86400)
        let s = seconds % 86400
        appendDigits(year, 4)
        line.append(UInt8(ascii: "-"))
        appendDigits(month, 2)
        line.append(UInt8(ascii: "-"))
        appendDigits(day, 2)
        line.append(UInt8(ascii: "T"))
        appendDigits(s / 3600, 2)
        line.append(UInt8(ascii: ":"))
        appendDigits(s / 60 % 60, 2)
        line.append(UInt8(ascii: ":"))
        appendDigits(s % 60, 2)
        line.append(UInt8(ascii: "Z"))
    }

    /// `value` (≥ 0) in exactly `width` decimal digits, zero-padded.
    private func appendDigits(_ value: Int, _ width: Int) {
        var divisor = CorpusFixed.powers[width - 1]
        for _ in 0..<width {
            line.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }
}
