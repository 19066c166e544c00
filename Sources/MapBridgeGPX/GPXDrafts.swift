import MapBridgeJSON
import MapBridgeModel
import MapBridgeXML

/// What an element with GPX's common children holds while it is read: a waypoint or point, a
/// route or track, or the metadata.
struct GPXChildren {
    /// Simple children in document order (`name`, `desc`, `cmt`, `ele`, …), numbers typed.
    var fields: [(tag: GPXTag, value: PropertyValue)] = []
    /// `link` elements (and GPX 1.0 `url`/`urlname`) as `{"href", "text", "type"}` objects.
    var links: [PropertyValue] = []
    /// Leaves of `extensions`, in document order.
    var extensions: [GPXExtensionLeaf] = []

    /// Whether there are none.
    var isEmpty: Bool { fields.isEmpty && links.isEmpty && extensions.isEmpty }

    /// The text of the first child `tag`, if any.
    func text(_ tag: GPXTag) -> String? {
        fields.first { $0.tag == tag }?.value.stringValue
    }

    /// The links, GPX 1.0's `url` and `urlname` included.
    var allLinks: [PropertyValue] {
        guard let url = text(.url) else { return links }
        var link: Properties = ["href": .string(url)]
        if let name = text(.urlname) { link["text"] = .string(name) }
        return links + [.object(link)]
    }
}

/// A `wpt`, `rtept` or `trkpt` being read.
///
/// The reader keeps the draft of route and track points in one place and starts it afresh at
/// each point (`start(latitude:longitude:location:)`): a draft is some 180 bytes, and moving
/// one into an optional and out again cost a point more than several of its numbers.
struct GPXPointDraft {
    /// `lon` and `lat`: their values, with their texts when `keepsText`.
    private var longitude: Coordinate.Number, latitude: Coordinate.Number
    /// Whether both are JSON numbers, whose texts the coordinate keeps.
    private var keepsText: Bool
    private(set) var location: SourceLocation
    var children = GPXChildren()
    /// A route or track point's first `ele` that is a number, as its coordinate keeps it
    /// (`elevation(_:)`); a waypoint's stays among `children.fields`, where its properties
    /// come from.
    var elevation: Coordinate.Number?
    /// Whether the route or track point's first `time` has been added to its line (a
    /// waypoint's stays among `children.fields`).
    var hasTime = false

    /// Reads `lat` and `lon`; `nil` when either is missing or not a number.
    init?(attributes: [(name: String, value: String)], location: SourceLocation) {
        guard var lat = attributes.first(where: { $0.name == "lat" })?.value,
            var lon = attributes.first(where: { $0.name == "lon" })?.value
        else { return nil }
        let draft = lat.withUTF8 { lat in lon.withUTF8 { lon in Self(latitude: lat, longitude: lon, location: location) } }
        guard let draft else { return nil }
        self = draft
    }

    /// Reads the texts of `lat` and `lon` (bytes of an attribute list, say: no string is
    /// made), spaces at either end ignored; `nil` when either is not a number.
    init?(latitude lat: UnsafeBufferPointer<UInt8>, longitude lon: UnsafeBufferPointer<UInt8>,
          location: SourceLocation) {
        self.init(location: location)
        guard start(latitude: lat, longitude: lon, location: location) else { return nil }
    }

    /// A draft of no point yet, at `location`: what `start(latitude:longitude:location:)` starts.
    init(location: SourceLocation) {
        let zero = Coordinate.Number(value: 0, spelling: FixedPointSpelling(shortDecimalFractionDigits: 0))
        longitude = zero
        latitude = zero
        keepsText = false
        self.location = location
    }

    /// Starts the draft afresh, in place, as the point whose `lat` and `lon` have the texts
    /// `lat` and `lon` (read as `init(latitude:longitude:location:)` reads them); whether both
    /// are numbers (when not, the draft is left in no particular state).
    mutating func start(latitude lat: UnsafeBufferPointer<UInt8>, longitude lon: UnsafeBufferPointer<UInt8>,
                        location: SourceLocation) -> Bool {
        guard let latitude = Self.number(lat), let longitude = Self.number(lon) else { return false }
        keepsText = latitude.isJSON && longitude.isJSON
        self.latitude = latitude.number
        self.longitude = longitude.number
        self.location = location
        if !children.isEmpty { children = GPXChildren() }
        elevation = nil
        hasTime = false
        return true
    }

    /// The number `text` spells, spaces at either end ignored, with its text when it is a
    /// JSON number (`isJSON`; else the number holds its value alone).
    private static func number(_ text: UnsafeBufferPointer<UInt8>) -> (number: Coordinate.Number, isJSON: Bool)? {
        let bytes = NumberParsing.trimmingSpaces(text)
        // One pass for the grammar, the value (exact on the fast path, as `strtod` gives it)
        // and the digits the spelling is told from.
        let scan = NumberParsing.scanPrefixWithDigits(bytes)
        let value: Double
        switch scan.analysis {
        case .value(let v) where scan.length == bytes.count && bytes.count < 64:
            value = v
        case .value, .valid:
            guard scan.length == bytes.count else { fallthrough }
            guard let v = NumberParsing.lenientDouble(bytes) else { return nil }
            value = v
        case .invalid:
            guard let v = NumberParsing.lenientDouble(bytes) else { return nil }
            return (Coordinate.Number(value: v, spelling: FixedPointSpelling(shortDecimalFractionDigits: 0)), false)
        }
        return (Coordinate.Number(value: value, text: bytes, scanned: scan.fixedPoint), true)
    }

    /// The altitude the text of an `ele` gives a route or track point, read as
    /// `NumberParsing.lenientNumber` reads it (spaces at either end ignored, under 64 bytes, a
    /// JSON number kept with its text) and kept as the point's coordinate keeps it: the text
    /// is scanned once, for the value and the spelling together. `nil` when it is not a number.
    static func elevation(_ text: UnsafeBufferPointer<UInt8>) -> Coordinate.Number? {
        let bytes = NumberParsing.trimmingSpaces(text)
        guard !bytes.isEmpty, bytes.count < 64 else { return nil }
        let scan = NumberParsing.scanPrefixWithDigits(bytes)
        if scan.length == bytes.count {
            switch scan.analysis {
            case .value(let v):
                return Coordinate.Number(value: v, text: bytes, scanned: scan.fixedPoint)
            case .valid:
                let v = NumberParsing.double(from: bytes)
                return v.isFinite ? Coordinate.Number(value: v, text: bytes) : nil
            case .invalid:
                break
            }
        }
        // Not JSON (`+45.1`, `45.`): the value, spelt as the shortest text that gives it back.
        guard let v = NumberParsing.lenientDouble(bytes) else { return nil }
        return Self.number(NumberValue(v))
    }

    /// `number` as a coordinate keeps it, its text its spelling.
    private static func number(_ number: NumberValue) -> Coordinate.Number {
        var text = number.text
        return text.withUTF8 { Coordinate.Number(value: number.value, text: $0) }
    }

    /// The coordinate, with the altitude from `ele` when it has one (a route or track
    /// point's `elevation`, a waypoint's first `ele` among its fields).
    var positioned: Coordinate {
        var altitude = elevation
        if altitude == nil, case .number(let ele)? = children.fields.first(where: { $0.tag == .ele })?.value {
            altitude = Self.number(ele)
        }
        guard keepsText else {
            return Coordinate(longitude: longitude.value, latitude: latitude.value, altitude: altitude?.value)
        }
        return Coordinate(longitude: longitude, latitude: latitude, altitude: altitude)
    }

    /// The point's `time`, trimmed.
    var time: String? { children.text(.time) }
}

/// Values that belong to the points of one line, by name, in the order the names were first
/// met. A name that every point from the first has (heart rate, say) keeps just its values,
/// ready to be the column; any other is kept sparse, each value with its point's row: a file
/// whose every point carries a name of its own takes memory for its values, not for
/// points × names.
struct GPXPerPointValues {
    private(set) var keys: [String] = []
    private var columns: [Column] = []
    private var indexByKey: [String: Int] = [:]

    /// One name's values.
    private struct Column {
        var values: [PropertyValue] = []
        /// The row of each value; `nil` while the value at `k` is row `k`'s.
        var rows: [Int]?

        /// The row of the latest value, if any.
        var lastRow: Int? { values.isEmpty ? nil : rows?.last ?? values.count - 1 }
    }

    /// Sets the value of `key` for the point at `row` (rows come in increasing order).
    mutating func set(_ key: String, _ value: PropertyValue, row: Int) {
        let column: Int
        if let known = indexByKey[key] {
            column = known
        } else {
            column = keys.count
            keys.append(key)
            columns.append(Column())
            indexByKey[key] = column
        }
        if columns[column].lastRow == row {
            columns[column].values[columns[column].values.count - 1] = value
            return
        }
        if columns[column].rows == nil, columns[column].values.count != row {
            columns[column].rows = Array(0..<columns[column].values.count)
        }
        columns[column].values.append(value)
        columns[column].rows?.append(row)
    }

    /// Whether the point at `row` (the latest one) has a value of `key` already.
    func has(_ key: String, row: Int) -> Bool {
        guard let index = indexByKey[key] else { return false }
        return columns[index].lastRow == row
    }

    /// The values of `key` for `count` points (`null` where a point has none), or `nil` when
    /// no point has one.
    func column(_ key: String, count: Int) -> [PropertyValue]? {
        guard let index = indexByKey[key] else { return nil }
        let column = columns[index]
        guard let rows = column.rows else {
            if column.values.count == count { return column.values }
            guard column.values.count < count else { return Array(column.values.prefix(count)) }
            return column.values + repeatElement(.null, count: count - column.values.count)
        }
        var values = [PropertyValue](repeating: .null, count: count)
        for (row, value) in zip(rows, column.values) where row < count { values[row] = value }
        return values
    }
}

/// One `trkseg`, or a route's points.
struct GPXLineDraft {
    var coordinates = CoordinateList()
    /// Each point's time: its text, or an empty text for a point in `untimed`.
    var times = VertexTimes()
    /// The rows of the points without a time, in increasing order.
    var untimed: [Int] = []
    var values = GPXPerPointValues()

    var isLine: Bool { coordinates.count >= 2 }

    /// The per-vertex times when every point has one.
    var completeTimes: VertexTimes? {
        !times.isEmpty && untimed.isEmpty ? times : nil
    }

    /// Whether some point has a time.
    var hasTimes: Bool { untimed.count < times.count }

    /// The time of the point at `row`, `nil` when it has none.
    func time(at row: Int) -> String? {
        hasTime(at: row) ? times[row] : nil
    }

    /// Whether the point at `row` has a time.
    func hasTime(at row: Int) -> Bool {
        guard !untimed.isEmpty else { return true }
        var low = 0, high = untimed.count
        while low < high {
            let mid = (low + high) / 2
            if untimed[mid] < row { low = mid + 1 } else { high = mid }
        }
        return low == untimed.count || untimed[low] != row
    }

    /// The time of the first point that has one.
    var firstTime: String? {
        var row = 0
        for u in untimed {
            guard u == row else { break }
            row += 1
        }
        return row < times.count ? times[row] : nil
    }
}

/// A `rte` or `trk` being read.
struct GPXLineFeatureDraft {
    let kind: GPXFeatureKind
    let location: SourceLocation
    var children = GPXChildren()
    /// The route's points, or one line per `trkseg`.
    var lines: [GPXLineDraft] = []
    /// Segments left out for holding fewer than two points.
    var shortSegments = 0
    /// Points read so far, in all its segments.
    var pointCount = 0

    /// Adds the time of the point being read to the last segment's (`GPXLineDraft.append`
    /// then knows it has one).
    mutating func appendTime(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard !lines.isEmpty else { return }
        lines[lines.count - 1].times.append(utf8: bytes)
    }

    /// Adds a finished point to the last segment; the number of points read so far.
    mutating func appendPoint(_ p: borrowing GPXPointDraft, notes: GPXNotes) -> Int {
        if !lines.isEmpty { lines[lines.count - 1].append(p, notes: notes) }
        pointCount += 1
        return pointCount
    }
}
