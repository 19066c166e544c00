import MapBridgeIO

/// The SVG body between `begin` and `finish`: SVG text with the geometry left as longitude
/// and latitude, because the view is only known once every feature has been seen.
///
/// ## Why spool the body with geographic coordinates
///
/// The picture must fit the data's box (and the globe turns to face the data's centre), and
/// the box is complete only at the end of the stream. So the body goes to a temporary file
/// as text with binary records where geometry belongs, and `finish` replays it, projecting
/// each record, cutting what falls outside the view or behind the globe's horizon, and
/// writing pixel coordinates with one decimal (a tenth of a pixel) in a `0 0 width height`
/// space. Text never holds a NUL byte (XML 1.0 cannot), so a NUL starts a record:
///
/// | record | bytes after NUL | becomes |
/// |---|---|---|
/// | subpath | 1, count (UInt32), closed (UInt8), count × (lon, lat) Float64 | `M x y l dx dy … z` |
/// | centre | 2, lon, lat | ` cx="…" cy="…"` |
/// | label anchor | 3, lon, lat, dx pixels | ` x="…" y="…"` |
/// | group start | 4, kind (0 data, 1 basemap) | nothing: a feature's `<g>` follows |
/// | element start | 5 | nothing: a drawing element follows |
/// | end | 6 | nothing: ends the latest group or element |
///
/// Longitudes are unwrapped along each subpath (continuous, possibly past ±180). A group or
/// element none of whose geometry is drawn is left out of the output whole, so features
/// outside the view or behind the globe cost nothing. Memory holds one feature's text.
enum SVGRecord: UInt8 {
    case subpath = 1, centre = 2, labelAnchor = 3, groupStart = 4, elementStart = 5, end = 6
}

extension ByteSink {
    /// Writes a subpath record for longitudes (unwrapped) and latitudes in degrees.
    func writeSubpath(_ points: [(lon: Double, lat: Double)], closed: Bool) throws {
        var bytes: [UInt8] = [0, SVGRecord.subpath.rawValue]
        bytes.reserveCapacity(7 + points.count * 16)
        withUnsafeBytes(of: UInt32(points.count).littleEndian) { bytes.append(contentsOf: $0) }
        bytes.append(closed ? 1 : 0)
        for p in points {
            withUnsafeBytes(of: p.lon.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
            withUnsafeBytes(of: p.lat.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
        }
        try bytes.withUnsafeBytes { try write($0) }
    }

    /// Writes a centre or label-anchor record.
    func writePosition(_ kind: SVGRecord, lon: Double, lat: Double, offset: Double = 0) throws {
        var bytes: [UInt8] = [0, kind.rawValue]
        var values = [lon, lat]
        if kind == .labelAnchor { values.append(offset) }
        for v in values { withUnsafeBytes(of: v.bitPattern.littleEndian) { bytes.append(contentsOf: $0) } }
        try bytes.withUnsafeBytes { try write($0) }
    }

    /// Writes a group-start, element-start or end record.
    func writeMark(_ kind: SVGRecord, basemap: Bool = false) throws {
        if kind == .groupStart {
            try [0, kind.rawValue, basemap ? 1 : 0].withUnsafeBytes { try write($0) }
        } else {
            try [0, kind.rawValue].withUnsafeBytes { try write($0) }
        }
    }
}

/// Replays a spooled body into `output`, geometry records drawn through `renderer`.
struct SVGBodyReplay {
    let renderer: SVGRenderer
    let output: ByteSink
    /// The start of a record that continues in the next block.
    private var carry: [UInt8] = []
    /// Text of the open groups and elements, waiting to learn whether they draw anything.
    private var pending: [UInt8] = []
    /// For each open group or element: where its text starts in `pending`, and whether any
    /// geometry inside it was drawn.
    private var open: [(start: Int, drew: Bool)] = []
    /// Whether the open group is from the basemap (drawn in every copy of the world).
    private var basemap = false

    init(renderer: SVGRenderer, output: ByteSink) {
        self.renderer = renderer
        self.output = output
    }

    /// Takes the next block of the spool.
    mutating func consume(_ block: UnsafeRawBufferPointer) throws {
        if carry.isEmpty {
            let used = try process(block)
            if used < block.count { carry = Array(block[used...]) }
        } else {
            carry.append(contentsOf: block)
            let saved = carry
            let used = try saved.withUnsafeBytes { try process($0) }
            carry = Array(saved[used...])
        }
    }

    /// Whether the spool ended inside a record or an open group (it never should).
    var isIncomplete: Bool { !carry.isEmpty || !open.isEmpty }

    /// Writes text and complete records; returns how many bytes it used.
    private mutating func process(_ b: UnsafeRawBufferPointer) throws -> Int {
        var i = 0, runStart = 0
        let n = b.count
        while i < n {
            guard b[i] == 0 else { i += 1; continue }
            if i > runStart { try text(UnsafeRawBufferPointer(rebasing: b[runStart..<i])) }
            guard let length = Self.recordLength(b, at: i), i + length <= n else { return i }
            try emit(b, at: i)
            i += length
            runStart = i
        }
        if n > runStart { try text(UnsafeRawBufferPointer(rebasing: b[runStart..<n])) }
        return n
    }

    private mutating func text(_ bytes: UnsafeRawBufferPointer) throws {
        if open.isEmpty { try output.write(bytes) } else { pending.append(contentsOf: bytes) }
    }

    private mutating func text(_ string: String) throws {
        if open.isEmpty { try output.write(string) } else { pending.append(contentsOf: string.utf8) }
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
        case .groupStart: return 3
        case .elementStart, .end: return 2
        case nil: return 2
        }
    }

    private func double(_ b: UnsafeRawBufferPointer, _ offset: Int) -> Double {
        Double(bitPattern: UInt64(littleEndian: b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
    }

    private mutating func emit(_ b: UnsafeRawBufferPointer, at i: Int) throws {
        switch SVGRecord(rawValue: b[i + 1]) {
        case .subpath:
            let count = Int(UInt32(littleEndian: b.loadUnaligned(fromByteOffset: i + 2, as: UInt32.self)))
            guard count > 0 else { return }
            var points: [(lon: Double, lat: Double)] = []
            points.reserveCapacity(count)
            for k in 0..<count { points.append((double(b, i + 7 + k * 16), double(b, i + 15 + k * 16))) }
            let d = renderer.pathData(points, closed: b[i + 6] != 0, everyCopy: basemap)
            if !d.isEmpty { try drew(d) }
        case .centre, .labelAnchor:
            let isCentre = b[i + 1] == SVGRecord.centre.rawValue
            guard let p = renderer.position(lon: double(b, i + 2), lat: double(b, i + 10)) else { return }
            if isCentre {
                try drew(" cx=\"" + SVGViewport.text(tenths: p.x) + "\" cy=\"" + SVGViewport.text(tenths: p.y) + "\"")
            } else {
                let dx = Int((double(b, i + 18) * 10).rounded())
                try drew(" x=\"" + SVGViewport.text(tenths: p.x + dx) + "\" y=\"" + SVGViewport.text(tenths: p.y) + "\"")
            }
        case .groupStart:
            basemap = b[i + 2] != 0
            open.append((pending.count, false))
        case .elementStart:
            open.append((pending.count, false))
        case .end:
            guard let last = open.popLast() else { return }
            if !last.drew {
                pending.removeSubrange(last.start...)
            } else if !open.isEmpty {
                open[open.count - 1].drew = true
            }
            if open.isEmpty {
                try pending.withUnsafeBytes { try output.write($0) }
                pending.removeAll(keepingCapacity: pending.count < 1 << 20)
            }
        case nil:
            break
        }
    }

    /// Writes drawn geometry and marks the open group or element as drawing something.
    private mutating func drew(_ string: String) throws {
        if !open.isEmpty { open[open.count - 1].drew = true }
        try text(string)
    }
}
