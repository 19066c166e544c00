import MapBridgeJSON
import MapBridgeModel

/// What an element with GPX's common children holds while it is read: a waypoint or point, a
/// route or track, or the metadata.
struct GPXChildren {
    /// Simple children in document order (`name`, `desc`, `cmt`, `ele`, …), numbers typed.
    var fields: [(tag: GPXTag, value: PropertyValue)] = []
    /// `link` elements (and GPX 1.0 `url`/`urlname`) as `{"href", "text", "type"}` objects.
    var links: [PropertyValue] = []
    /// Leaves of `extensions`, in document order.
    var extensions: [GPXExtensionLeaf] = []

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
struct GPXPointDraft {
    /// `lon` and `lat`, trimmed, and their values.
    private var longitudeText: String, latitudeText: String
    private let longitude: Double, latitude: Double
    /// Whether both are JSON numbers, whose text the coordinate keeps.
    private let keepsText: Bool
    let location: SourceLocation
    var children = GPXChildren()

    /// Reads `lat` and `lon`; `nil` when either is missing or not a number.
    init?(attributes: [(name: String, value: String)], location: SourceLocation) {
        guard var lat = attributes.first(where: { $0.name == "lat" })?.value.trimmingSpaces(),
            var lon = attributes.first(where: { $0.name == "lon" })?.value.trimmingSpaces()
        else { return nil }
        func read(_ bytes: UnsafeBufferPointer<UInt8>) -> (value: Double?, isJSON: Bool) {
            // A JSON number's value from the grammar's pass when exact (as `strtod` gives it).
            switch NumberParsing.analyze(bytes) {
            case .value(let v) where bytes.count < 64: return (v, true)
            case .value, .valid: return (NumberParsing.lenientDouble(bytes), true)
            case .invalid: return (NumberParsing.lenientDouble(bytes), false)
            }
        }
        let (latitude, latIsJSON) = lat.withUTF8(read)
        let (longitude, lonIsJSON) = lon.withUTF8(read)
        guard let latitude, let longitude else { return nil }
        (latitudeText, longitudeText) = (lat, lon)
        (self.latitude, self.longitude) = (latitude, longitude)
        keepsText = latIsJSON && lonIsJSON
        self.location = location
    }

    /// The coordinate, with the altitude from `ele` when it has one.
    var positioned: Coordinate {
        var altitude: NumberValue?
        if case .number(let ele)? = children.fields.first(where: { $0.tag == .ele })?.value { altitude = ele }
        guard keepsText else { return Coordinate(longitude: longitude, latitude: latitude, altitude: altitude?.value) }
        var (lon, lat, alt) = (longitudeText, latitudeText, altitude?.text)
        return lon.withUTF8 { lonBytes in
            lat.withUTF8 { latBytes in
                let lonNumber = Coordinate.Number(value: longitude, text: lonBytes)
                let latNumber = Coordinate.Number(value: latitude, text: latBytes)
                guard let value = altitude?.value, alt != nil else {
                    return Coordinate(longitude: lonNumber, latitude: latNumber, altitude: nil)
                }
                let altNumber = alt?.withUTF8 { Coordinate.Number(value: value, text: $0) }
                return Coordinate(longitude: lonNumber, latitude: latNumber, altitude: altNumber)
            }
        }
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
}
