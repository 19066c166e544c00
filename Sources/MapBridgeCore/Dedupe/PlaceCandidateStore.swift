import MapBridgeModel

/// Place candidates held compactly, for scans of many places (`validate`'s `duplicate-place`
/// holds up to half a million): each name's UTF-8 bytes in 64 KiB chunks (which, unlike one array
/// that doubles, never hold a copy beside the original while they grow) and a 40-byte record
/// (where the name ends, position, index, line, column, property count) in a `ChunkedArray`
/// (which grows without copying), about 50 bytes for a place with a 12-byte name, where
/// `[PlaceCandidate]` took about 170. Altitudes take 8 bytes more per place once one place has
/// one; a place whose index, line or column does not fit in 32 bits, or whose file is not the
/// first place's, keeps those in a side table. Reading a candidate back builds it anew: the same
/// index, name, property count and location, and a coordinate with the same longitude, latitude
/// and altitude (not the source's spelling of them, which clustering never reads).
///
///     var store = PlaceCandidateStore()
///     store.append(candidate)
///     let again = store[0]          // == candidate, but for the coordinate's spelling
public struct PlaceCandidateStore: Sendable {
    private struct Record: Sendable {
        /// Where the name's bytes end in `names`, as `ChunkedTexts.append` gave it.
        var nameEnd: Int
        var longitude: Double
        var latitude: Double
        /// The index, line and column, when `line` is not `Self.rare` (line and column 0: no location).
        var index: UInt32
        var line: UInt32
        var column: UInt32
        var propertyCount: Int32
    }

    /// The index and location of a place that does not fit in a record (`Record.line == rare`).
    private struct RareFields: Sendable {
        var index: Int
        var location: SourceLocation?
    }

    /// A record's `line` for a place whose index and location are in `rareFields`.
    private static let rare = UInt32.max

    /// A NaN that stands for "no altitude" (parsers never produce this payload).
    private static let noAltitude: UInt64 = 0x7FF8_0000_00A1_7101

    /// The names' UTF-8 bytes, one after another (a name longer than a chunk kept aside).
    private var names = ChunkedTexts()
    private var records = ChunkedArray<Record>()
    /// The altitudes by candidate (`noAltitude` for none), from the first candidate that has one
    /// on; empty before.
    private var altitudes = ChunkedArray<Double>()
    /// The file of the locations held in records (the first candidate's with a location).
    private var file: SourceFile?
    /// The index and location of the candidates that do not fit in a record.
    private var rareFields: [Int: RareFields] = [:]
    /// The locations' pointers, by candidate (none, for a scan: it leaves them out).
    private var pointers: [Int: String] = [:]

    public init() {}

    /// How many candidates are held.
    public var count: Int { records.count }

    /// Adds `place` at the end.
    /// - Complexity: amortised O(length of its name).
    public mutating func append(_ place: PlaceCandidate) {
        let k = records.count
        let nameEnd = names.append(place.name, as: k)
        if let pointer = place.location?.pointer { pointers[k] = pointer }
        let c = place.coordinate
        if let altitude = c.altitude {
            while altitudes.count < k { altitudes.append(Double(bitPattern: Self.noAltitude)) }
            altitudes.append(altitude)
        } else if !altitudes.isEmpty {
            altitudes.append(Double(bitPattern: Self.noAltitude))
        }
        var record = Record(nameEnd: nameEnd, longitude: c.longitude, latitude: c.latitude, index: 0, line: 0,
                            column: 0, propertyCount: Int32(clamping: place.propertyCount))
        if let location = place.location, file == nil { file = location.source }
        let fits: Bool
        if let location = place.location {
            fits = location.source == file && (1..<Int(Self.rare)).contains(location.line)
                && (0...Int(UInt32.max)).contains(location.column)
        } else {
            fits = true
        }
        if fits, let index = UInt32(exactly: place.index) {
            record.index = index
            record.line = UInt32(truncatingIfNeeded: place.location?.line ?? 0)
            record.column = UInt32(truncatingIfNeeded: place.location?.column ?? 0)
        } else {
            record.line = Self.rare
            var location = place.location
            location?.pointer = nil
            rareFields[k] = RareFields(index: place.index, location: location)
        }
        records.append(record)
    }

    /// The name of candidate `k` (0 ≤ k < count), without building the rest of it.
    /// - Complexity: O(length of the name).
    public func name(at k: Int) -> String {
        String(decoding: names.bytes(of: k, from: k == 0 ? 0 : records[k - 1].nameEnd, to: records[k].nameEnd), as: UTF8.self)
    }

    /// The longitude and latitude of candidate `k` (0 ≤ k < count), without building it.
    public func position(at k: Int) -> Coordinate {
        Coordinate(longitude: records[k].longitude, latitude: records[k].latitude)
    }

    /// Candidate `k` (0 ≤ k < count), built anew.
    public subscript(k: Int) -> PlaceCandidate {
        let r = records[k]
        let stored = k < altitudes.count ? altitudes[k] : Double(bitPattern: Self.noAltitude)
        let altitude: Double? = stored.bitPattern == Self.noAltitude ? nil : stored
        let index: Int
        var location: SourceLocation?
        if r.line == Self.rare, let fields = rareFields[k] {
            index = fields.index
            location = fields.location
        } else {
            index = Int(r.index)
            if r.line != 0, let file {
                location = SourceLocation(source: file, line: Int(r.line), column: Int(r.column))
            }
        }
        location?.pointer = pointers[k]
        return PlaceCandidate(index: index, name: name(at: k),
                              coordinate: Coordinate(longitude: r.longitude, latitude: r.latitude, altitude: altitude),
                              propertyCount: Int(r.propertyCount), location: location)
    }
}
