import MapBridgeModel

/// Place candidates held compactly, for scans of many places (`validate`'s `duplicate-place`
/// holds up to half a million): each name's UTF-8 bytes in one byte arena and a 64-byte record
/// (index, position, property count, start) in a `ChunkedArray` (which grows without copying),
/// about 75 bytes for a place with a 12-byte name,
/// where `[PlaceCandidate]` took about 170. Reading a candidate back builds it anew: the same
/// index, name, property count and location, and a coordinate with the same longitude, latitude
/// and altitude (not the source's spelling of them, which clustering never reads).
///
///     var store = PlaceCandidateStore()
///     store.append(candidate)
///     let again = store[0]          // == candidate, but for the coordinate's spelling
public struct PlaceCandidateStore: Sendable {
    private struct Record: Sendable {
        /// Where the name's bytes end in `names`.
        var nameEnd: Int
        var index: Int
        var line: Int
        var column: Int
        var longitude: Double
        var latitude: Double
        /// The altitude, or `Self.noAltitude`'s bit pattern for none.
        var altitude: Double
        var propertyCount: Int32
        /// The location's file in `files`, or -1 for a candidate without a location.
        var file: Int32
    }

    /// A NaN that stands for "no altitude" (parsers never produce this payload).
    private static let noAltitude: UInt64 = 0x7FF8_0000_00A1_7101

    private var names: [UInt8] = []
    private var records = ChunkedArray<Record>()
    /// The distinct file names of the locations (one, for a scan of one file).
    private var files: [String] = []
    /// The locations' pointers, by candidate (none, for a scan: it leaves them out).
    private var pointers: [Int: String] = [:]

    public init() {}

    /// How many candidates are held.
    public var count: Int { records.count }

    /// Adds `place` at the end.
    /// - Complexity: amortised O(length of its name); O(distinct files) for its file name.
    public mutating func append(_ place: PlaceCandidate) {
        names.append(contentsOf: place.name.utf8)
        var file: Int32 = -1
        if let location = place.location {
            if let k = files.lastIndex(of: location.file) {
                file = Int32(k)
            } else {
                file = Int32(files.count)
                files.append(location.file)
            }
        }
        if let pointer = place.location?.pointer { pointers[records.count] = pointer }
        let c = place.coordinate
        records.append(Record(
            nameEnd: names.count, index: place.index,
            line: place.location?.line ?? 0, column: place.location?.column ?? 0,
            longitude: c.longitude, latitude: c.latitude,
            altitude: c.altitude ?? Double(bitPattern: Self.noAltitude),
            propertyCount: Int32(clamping: place.propertyCount), file: file))
    }

    /// The name of candidate `k` (0 ≤ k < count), without building the rest of it.
    /// - Complexity: O(length of the name).
    public func name(at k: Int) -> String {
        let start = k == 0 ? 0 : records[k - 1].nameEnd
        return String(decoding: names[start..<records[k].nameEnd], as: UTF8.self)
    }

    /// The longitude and latitude of candidate `k` (0 ≤ k < count), without building it.
    public func position(at k: Int) -> Coordinate {
        Coordinate(longitude: records[k].longitude, latitude: records[k].latitude)
    }

    /// Candidate `k` (0 ≤ k < count), built anew.
    public subscript(k: Int) -> PlaceCandidate {
        let r = records[k]
        let altitude: Double? = r.altitude.bitPattern == Self.noAltitude ? nil : r.altitude
        let location = r.file < 0 ? nil : SourceLocation(file: files[Int(r.file)], line: r.line, column: r.column,
                                                                     pointer: pointers[k])
        return PlaceCandidate(index: r.index, name: name(at: k),
                              coordinate: Coordinate(longitude: r.longitude, latitude: r.latitude, altitude: altitude),
                              propertyCount: Int(r.propertyCount), location: location)
    }
}
