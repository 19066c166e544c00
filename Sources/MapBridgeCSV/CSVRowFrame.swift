/// One row as the CSV writer keeps it until the header is known, already encoded: the
/// geometry fields for every layout the file may end up with, and the property fields joined
/// by the delimiter, so that writing the row copies byte runs.
///
/// | part | bytes |
/// |---|---|
/// | longitude, latitude, altitude, WKT | each a LEB128 length and the field's bytes (empty when the shape gives none) |
/// | point WKT | 1 when the WKT field is to be made from the point fields at the end (`POINT (lon lat)`: only when the layout turns out to be WKT), 2 when it is streamed from the shape when the row is written (`streamedGeometry`), 3 when that field was written just before the row (read back in pieces from the temporary file of rows), else 0 |
/// | property columns | a LEB128 count n, then the fields of property columns 0..<n joined by the delimiter, to the frame's end |
///
/// Columns after the n-th are empty in the row (a column first seen in a later row).
enum CSVRowFrame {
    /// The parts of a frame, as views into it.
    struct Parts {
        var longitude, latitude, altitude, wkt: UnsafeRawBufferPointer
        var pointWKT: Bool
        /// Whether the WKT field is streamed from the shape (`streamedGeometry`).
        var streamedWKT: Bool
        /// Whether the WKT field was written just before the row (mark 3).
        var wktBefore: Bool
        /// How many property columns `properties` covers.
        var columns: Int
        var properties: UnsafeRawBufferPointer
    }

    /// The most bytes `writeNumber` writes.
    static var maxNumberLength: Int { 10 }

    /// Writes `value` (≥ 0) in LEB128 at `out` — seven bits a byte, low bits first — and
    /// returns the byte count (at most `maxNumberLength`).
    @inline(__always)
    static func writeNumber(_ value: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var v = UInt(value)
        var n = 0
        while v >= 0x80 {
            out[n] = UInt8(v & 0x7F) | 0x80
            v >>= 7
            n += 1
        }
        out[n] = UInt8(v)
        return n + 1
    }

    /// How many bytes `writeNumber` writes for `value` (≥ 0).
    static func numberLength(_ value: Int) -> Int {
        var v = UInt(value) >> 7
        var n = 1
        while v != 0 {
            v >>= 7
            n += 1
        }
        return n
    }

    /// Appends `value` (≥ 0) in LEB128 (`writeNumber`).
    @inline(__always)
    static func appendNumber(_ value: Int, to out: inout CSVRowBytes) {
        if value < 0x80 {
            out.append(UInt8(truncatingIfNeeded: value))
        } else {
            out.withUnsafeSpace(maxNumberLength) { writeNumber(value, to: $0) }
        }
    }

    /// Reads a LEB128 number at `position` in `bytes`, moving `position` past it.
    static func number(in bytes: UnsafeRawBufferPointer, at position: inout Int) -> Int {
        var value: UInt = 0
        var shift: UInt = 0
        while position < bytes.count {
            let b = bytes[position]
            position += 1
            value |= UInt(b & 0x7F) << shift
            if b < 0x80 { break }
            shift += 7
        }
        return Int(value)
    }

    /// Appends a geometry field: its length and its bytes.
    static func appendField(_ text: String, to out: inout CSVRowBytes) {
        var t = text
        t.withUTF8 { appendField(bytes: $0, to: &out) }
    }

    /// Appends a geometry field given as bytes.
    @inline(__always)
    static func appendField(bytes: UnsafeBufferPointer<UInt8>, to out: inout CSVRowBytes) {
        appendNumber(bytes.count, to: &out)
        out.append(bytes)
    }

    /// The parts of `frame`.
    static func parts(of frame: UnsafeRawBufferPointer) -> Parts {
        var position = 0
        let longitude = field(in: frame, at: &position)
        let latitude = field(in: frame, at: &position)
        let altitude = field(in: frame, at: &position)
        let wkt = field(in: frame, at: &position)
        let mark = frame[position]
        position += 1
        let columns = number(in: frame, at: &position)
        return Parts(longitude: longitude, latitude: latitude, altitude: altitude, wkt: wkt, pointWKT: mark == 1,
                     streamedWKT: mark == 2, wktBefore: mark == 3, columns: columns,
                     properties: UnsafeRawBufferPointer(rebasing: frame[position...]))
    }

    /// The geometry part of the frame of a row whose WKT field is streamed from its shape when
    /// the row is written, so that the text of a huge shape is never held whole: empty point
    /// fields, an empty WKT field and the mark 2 (at `streamedMark`; 3 there when the field is
    /// written before the row instead).
    static var streamedGeometry: [UInt8] { [0, 0, 0, 0, 2] }

    /// Where the mark of `streamedGeometry` is.
    static var streamedMark: Int { 4 }

    /// The field at `position` in `frame` (its length and its bytes), moving `position` past it.
    @inline(__always)
    private static func field(in frame: UnsafeRawBufferPointer, at position: inout Int) -> UnsafeRawBufferPointer {
        var n: Int
        // Most fields are shorter than 128 bytes: their length is one byte.
        if position < frame.count, frame[position] < 0x80 {
            n = Int(frame[position])
            position += 1
        } else {
            n = number(in: frame, at: &position)
        }
        n = min(n, frame.count - position)
        defer { position += n }
        return UnsafeRawBufferPointer(start: frame.baseAddress.map { $0 + position }, count: n)
    }
}
