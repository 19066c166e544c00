import MapBridgeJSON
import MapBridgeModel

/// The state of one `<coordinates>` element read a byte at a time: tuples `lon,lat[,alt]`
/// separated by whitespace (spaces after a comma are tolerated, as KML readers do). Only the
/// current tuple and the first and last are kept, so a line of a million tuples costs nothing.
struct CoordinateScan {
    /// Where the next byte is.
    var line: Int
    var column: Int
    /// The element holding the coordinates (`LinearRing`, `LineString`, `Point`…).
    var parent: String
    /// Where the element's text starts, for findings about all of it.
    let start: (line: Int, column: Int)

    var number: [UInt8] = []
    var values: [Double] = []
    /// Numbers in the current tuple, including any that did not parse.
    var count = 0
    /// The first problem of the current tuple.
    var problem: String?
    var tupleStart: (line: Int, column: Int) = (1, 1)
    var afterComma = false
    var pendingSpace = false
    /// Tuples finished (good or bad), and those that were good.
    var tuples = 0
    var goodTuples = 0
    var first: [Double]?
    var last: [Double]?
    /// The first latitude beyond ±90, and whether every tuple would be in range swapped.
    var latitudeBeyond90: Double?
    var allSwappable = true

    init(line: Int, column: Int, parent: String) {
        self.line = line
        self.column = column
        self.parent = parent
        start = (line, column)
    }

    var inTuple: Bool { count > 0 || !number.isEmpty }
}

extension KMLValidator {
    /// Feeds coordinate text to the scan in progress.
    func scanText(_ bytes: UnsafeBufferPointer<UInt8>) {
        // Taken out while it runs, so that its arrays are not shared and grow in place.
        guard var s = scan else { return }
        scan = nil
        for byte in bytes { scanByte(&s, byte) }
        scan = s
    }

    private func scanByte(_ s: inout CoordinateScan, _ byte: UInt8) {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D:
            if s.inTuple { s.pendingSpace = true }
        case UInt8(ascii: ","):
            if !s.inTuple { s.tupleStart = (s.line, s.column) }
            if s.number.isEmpty {
                if s.problem == nil { s.problem = Messages.emptyNumber(tuple: s.tuples + 1) }
                s.count += 1
            } else {
                finishNumber(&s)
            }
            s.afterComma = true
            s.pendingSpace = false
        default:
            if s.pendingSpace && !s.afterComma { finishTuple(&s) }
            if !s.inTuple { s.tupleStart = (s.line, s.column) }
            s.pendingSpace = false
            s.afterComma = false
            if s.number.count < 64 { s.number.append(byte) }
        }
        if byte == 0x0A {
            s.line += 1
            s.column = 1
        } else {
            s.column += 1
        }
    }

    private func finishNumber(_ s: inout CoordinateScan) {
        guard !s.number.isEmpty else { return }
        s.count += 1
        if let value = NumberParsing.lenientDouble(s.number) {
            s.values.append(value)
        } else if s.problem == nil {
            s.problem = Messages.notANumber(String(decoding: s.number, as: UTF8.self), tuple: s.tuples + 1)
        }
        s.number.removeAll(keepingCapacity: true)
    }

    private func finishTuple(_ s: inout CoordinateScan) {
        if s.afterComma && s.number.isEmpty && s.problem == nil { s.problem = Messages.emptyNumber(tuple: s.tuples + 1) }
        finishNumber(&s)
        guard s.count > 0 else { return }
        s.tuples += 1
        let tuple = s.tuples
        defer {
            s.values.removeAll(keepingCapacity: true)
            s.count = 0
            s.problem = nil
            s.afterComma = false
            s.pendingSpace = false
        }
        if let problem = s.problem {
            return report(.kmlCoordinates, problem, at: s.tupleStart)
        }
        if s.count == 1 { return report(.kmlCoordinates, Messages.oneNumber(tuple: tuple), at: s.tupleStart) }
        if s.count > 3 {
            return report(.kmlCoordinates, Messages.tooManyNumbers(s.count, tuple: tuple), at: s.tupleStart)
        }
        let lon = s.values[0], lat = s.values[1]
        if !(-180...180).contains(lon) { report(.lonOutOfRange, Messages.longitude(lon, tuple: tuple), at: s.tupleStart) }
        if !(-90...90).contains(lat) {
            report(.latOutOfRange, Messages.latitude(lat, tuple: tuple), at: s.tupleStart)
            if s.latitudeBeyond90 == nil { s.latitudeBeyond90 = lat }
        }
        if !(abs(lon) <= 90 && abs(lat) <= 180) { s.allSwappable = false }
        s.goodTuples += 1
        if s.first == nil { s.first = s.values }
        s.last = s.values
    }

    /// The checks at `</coordinates>`: the last tuple, then the line or ring as a whole.
    func finishCoordinates(_ s: inout CoordinateScan) {
        finishTuple(&s)
        if let lat = s.latitudeBeyond90, s.allSwappable { report(.swappedAxes, Messages.swapped(lat), at: s.start) }
        // Counts and closure say something only when every tuple could be read.
        guard s.goodTuples == s.tuples else { return }
        switch s.parent.split(separator: ":").last.map(String.init) ?? "" {
        case "LinearRing":
            if s.tuples < 4 {
                report(.ringTooShort, Messages.ringTooShort(s.tuples), at: s.start)
            } else if let first = s.first, let last = s.last, !sameTuple(first, last) {
                report(.ringNotClosed, Messages.notClosed(first: first, last: last), at: s.start)
            }
        case "LineString":
            if s.tuples < 2 { report(.lineTooShort, Messages.lineTooShort(s.tuples), at: s.start) }
        default:
            break
        }
    }

    /// Whether two tuples are the same place: longitude and latitude equal, and altitude
    /// too when both have one.
    private func sameTuple(_ a: [Double], _ b: [Double]) -> Bool {
        a[0] == b[0] && a[1] == b[1] && (a.count < 3 || b.count < 3 || a[2] == b[2])
    }
}
