import MapBridgeIO

/// The SVG body between `begin` and `finish`: SVG text with the geometry left in world
/// units, because the pixel scale is only known once every feature has been seen.
///
/// ## Why spool the body with world coordinates
///
/// The picture must fit the data's box, and the box is complete only at the end of the
/// stream. Writing the body in world units and fitting it with a `viewBox` would leave the
/// scale to the viewer, but then stroke widths and point symbols (pixels) scale with the
/// map, and the digits a coordinate needs depend on the zoom. So the body goes to a
/// temporary file as text with binary records where geometry belongs, and `finish` replays
/// it, turning each record into pixel coordinates with one decimal (a tenth of a pixel)
/// in a `0 0 width height` space. Text never holds a NUL byte (XML 1.0 cannot), so a NUL
/// starts a record:
///
/// | record | bytes after NUL | becomes |
/// |---|---|---|
/// | subpath | 1, count (UInt32), closed (UInt8), count × (x, y) Float64 | `M x y l dx dy … z` |
/// | centre | 2, x, y | ` cx="…" cy="…"` |
/// | label anchor | 3, x, y, dx pixels | ` x="…" y="…"` |
///
/// Memory holds only a partial record between blocks.
enum SVGRecord: UInt8 {
    case subpath = 1, centre = 2, labelAnchor = 3
}

extension ByteSink {
    /// Writes a subpath record for points in world units.
    func writeSubpath(_ points: [(x: Double, y: Double)], closed: Bool) throws {
        var bytes: [UInt8] = [0, SVGRecord.subpath.rawValue]
        bytes.reserveCapacity(7 + points.count * 16)
        withUnsafeBytes(of: UInt32(points.count).littleEndian) { bytes.append(contentsOf: $0) }
        bytes.append(closed ? 1 : 0)
        for p in points {
            withUnsafeBytes(of: p.x.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
            withUnsafeBytes(of: p.y.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
        }
        try bytes.withUnsafeBytes { try write($0) }
    }

    /// Writes a centre or label-anchor record.
    func writePosition(_ kind: SVGRecord, x: Double, y: Double, offset: Double = 0) throws {
        var bytes: [UInt8] = [0, kind.rawValue]
        var values = [x, y]
        if kind == .labelAnchor { values.append(offset) }
        for v in values { withUnsafeBytes(of: v.bitPattern.littleEndian) { bytes.append(contentsOf: $0) } }
        try bytes.withUnsafeBytes { try write($0) }
    }
}

/// Replays a spooled body into `output`, geometry records turned into pixel text.
struct SVGBodyReplay {
    let viewport: SVGViewport
    let output: ByteSink
    /// The start of a record that continues in the next block.
    private var carry: [UInt8] = []

    init(viewport: SVGViewport, output: ByteSink) {
        self.viewport = viewport
        self.output = output
    }

    /// Takes the next block of the spool.
    mutating func consume(_ block: UnsafeRawBufferPointer) throws {
        if carry.isEmpty {
            let used = try process(block)
            if used < block.count { carry = Array(block[used...]) }
        } else {
            carry.append(contentsOf: block)
            let used = try carry.withUnsafeBytes { try process($0) }
            carry.removeFirst(used)
        }
    }

    /// Whether the spool ended inside a record (it never should).
    var isIncomplete: Bool { !carry.isEmpty }

    /// Writes text and complete records; returns how many bytes it used.
    private func process(_ b: UnsafeRawBufferPointer) throws -> Int {
        var i = 0, runStart = 0
        let n = b.count
        while i < n {
            guard b[i] == 0 else { i += 1; continue }
            if i > runStart { try output.write(UnsafeRawBufferPointer(rebasing: b[runStart..<i])) }
            guard let length = Self.recordLength(b, at: i), i + length <= n else { return i }
            try emit(b, at: i)
            i += length
            runStart = i
        }
        if n > runStart { try output.write(UnsafeRawBufferPointer(rebasing: b[runStart..<n])) }
        return n
    }

    /// The length of the record at `i`, or `nil` when its header is not all here.
    private static func recordLength(_ b: UnsafeRawBufferPointer, at i: Int) -> Int? {
        guard i + 1 < b.count else { return nil }
        switch SVGRecord(rawValue: b[i + 1]) {
        case .subpath:
            guard i + 6 < b.count else { return nil }
            let count = UInt32(littleEndian: b.loadUnaligned(fromByteOffset: i + 2, as: UInt32.self))
            return 7 + Int(count) * 16
        case .centre: return 18
        case .labelAnchor: return 26
        case nil: return 2
        }
    }

    private func double(_ b: UnsafeRawBufferPointer, _ offset: Int) -> Double {
        Double(bitPattern: UInt64(littleEndian: b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
    }

    private func emit(_ b: UnsafeRawBufferPointer, at i: Int) throws {
        switch SVGRecord(rawValue: b[i + 1]) {
        case .subpath:
            let count = Int(UInt32(littleEndian: b.loadUnaligned(fromByteOffset: i + 2, as: UInt32.self)))
            guard count > 0 else { return }
            var text = ""
            var last = (x: 0, y: 0)
            for k in 0..<count {
                let p = viewport.tenths(x: double(b, i + 7 + k * 16), y: double(b, i + 15 + k * 16))
                if k == 0 {
                    text += "M" + SVGViewport.text(tenths: p.x) + " " + SVGViewport.text(tenths: p.y)
                } else if p != last {
                    text += (k == 1 || text.last == "z" ? "l" : " ")
                        + SVGViewport.text(tenths: p.x - last.x) + " " + SVGViewport.text(tenths: p.y - last.y)
                }
                if k == 1 && p == last { text += "l0 0" }
                last = p
            }
            if b[i + 6] != 0 { text += "z" }
            try output.write(text)
        case .centre, .labelAnchor:
            let p = viewport.tenths(x: double(b, i + 2), y: double(b, i + 10))
            if b[i + 1] == SVGRecord.centre.rawValue {
                try output.write(" cx=\"" + SVGViewport.text(tenths: p.x) + "\" cy=\"" + SVGViewport.text(tenths: p.y) + "\"")
            } else {
                let dx = Int((double(b, i + 18) * 10).rounded())
                try output.write(" x=\"" + SVGViewport.text(tenths: p.x + dx) + "\" y=\"" + SVGViewport.text(tenths: p.y) + "\"")
            }
        case nil:
            break
        }
    }
}
