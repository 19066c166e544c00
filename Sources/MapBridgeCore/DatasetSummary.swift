import MapBridgeGeodesy
import MapBridgeModel

/// What `mapbridge info` reports about a dataset, gathered one feature at a time in memory
/// that does not grow with the number of features (only with distinct property names and
/// styles, both capped).
public struct DatasetSummary: Sendable {
    /// Statistics of one property name.
    public struct PropertyStatistics: Sendable {
        public var name: String
        /// Features that have the property.
        public var count = 0
        /// How many values of each JSON type (`string`, `integer`, `number`, `boolean`, `null`,
        /// `array`, `object`), in first-seen order.
        public var types: [(type: String, count: Int)] = []
    }

    public var document = DocumentInfo()
    public private(set) var featureCount = 0
    /// Features by shape kind; features without geometry are counted in `withoutGeometry`.
    public private(set) var shapeCounts: [ShapeKind: Int] = [:]
    public private(set) var withoutGeometry = 0
    /// Vertices in all shapes.
    public private(set) var vertexCount = 0
    /// Across the antimeridian (west > east) when features span it.
    public private(set) var boundingBox: BoundingBox?
    /// The geodesic length of every polyline (alone, in multi-lines and collections), metres
    /// on WGS 84; vertices joined by geodesics whatever the line's interpolation.
    public private(set) var lineLength = 0.0
    /// The geodesic area of every polygon (outer ring less holes), square metres on WGS 84.
    public private(set) var polygonArea = 0.0
    /// Features with a title, subtitle, time or folder.
    public private(set) var titled = 0, described = 0, timed = 0, inFolders = 0
    /// Property names in first-seen order (at most `maximumPropertyNames`).
    public private(set) var properties: [PropertyStatistics] = []
    /// Distinct property names beyond the cap.
    public private(set) var propertyNamesNotShown = 0
    /// Distinct styles with how many features use each (at most `maximumStyles`).
    public private(set) var styles: [(style: Style, count: Int)] = []
    public private(set) var styledFeatures = 0
    public private(set) var stylesNotShown = 0

    public let maximumPropertyNames = 10_000
    public let maximumStyles = 1_000
    private var propertyIndex: [String: Int] = [:]
    private var styleIndex: [Style: Int] = [:]

    public init() {}

    /// Adds one feature to the summary.
    public mutating func add(_ feature: Feature) {
        featureCount += 1
        if let shape = feature.shape {
            shapeCounts[shape.kind, default: 0] += 1
            vertexCount += shape.coordinateCount
            if let box = BoundingBox(shape) {
                if boundingBox == nil { boundingBox = box } else { boundingBox?.extend(box) }
            }
            measure(shape)
        } else {
            withoutGeometry += 1
        }
        if feature.title != nil { titled += 1 }
        if feature.subtitle != nil { described += 1 }
        if feature.time != nil { timed += 1 }
        if !feature.folderPath.isEmpty { inFolders += 1 }
        // The keys as the source had them: the properties, and those the reader moved into fields.
        feature.forEachSourceEntry { entry, _ in addProperty(entry.key, entry.value.typeName) }
        if let style = feature.style {
            styledFeatures += 1
            var key = style
            key.id = nil
            if let i = styleIndex[key] {
                styles[i].count += 1
            } else if styles.count < maximumStyles {
                styleIndex[key] = styles.count
                styles.append((key, 1))
            } else {
                stylesNotShown += 1
            }
        }
    }

    /// Adds the shape's geodesic line lengths and polygon areas; paths with a latitude
    /// outside [-90, 90] measure NaN and are left out.
    private mutating func measure(_ shape: Shape) {
        let geodesic = Geodesic.wgs84
        func add(_ polygon: Polygon) {
            let area = geodesic.area(of: polygon.outer) - polygon.holes.map { geodesic.area(of: $0) }.reduce(0, +)
            if area.isFinite { polygonArea += max(area, 0) }
        }
        func add(_ line: Polyline) {
            let length = geodesic.length(of: line.coordinates)
            if length.isFinite { lineLength += length }
        }
        switch shape {
        case .polyline(let l): add(l)
        case .multiPolyline(let ls): ls.forEach(add)
        case .polygon(let p): add(p)
        case .multiPolygon(let ps): ps.forEach(add)
        case .collection(let shapes): shapes.forEach { measure($0) }
        case .annotation, .multiPoint, .circle: break
        }
    }

    private mutating func addProperty(_ name: String, _ type: String) {
        let index: Int
        if let i = propertyIndex[name] {
            index = i
        } else {
            guard properties.count < maximumPropertyNames else {
                propertyNamesNotShown += 1
                return
            }
            index = properties.count
            propertyIndex[name] = index
            properties.append(PropertyStatistics(name: name))
        }
        properties[index].count += 1
        if let t = properties[index].types.firstIndex(where: { $0.type == type }) {
            properties[index].types[t].count += 1
        } else {
            properties[index].types.append((type, 1))
        }
    }
}

extension DatasetSummary {
    /// Reads a whole file and summarises it, streaming.
    /// - Throws: `MapBridgeError` as the reader does.
    public static func summarize(path: String, format: Format, options: ConvertOptions = ConvertOptions(),
                                 report: @escaping DiagnosticHandler,
                                 progress: (Conversion.Progress) -> Void = { _ in }) throws -> DatasetSummary
    {
        guard format.isReadable else {
            throw MapBridgeError(.usage, "reading \(format.rawValue.uppercased()) is not supported yet; readable formats: \(Format.supportedNames)")
        }
        var reader = try FeatureSources.reader(for: path, format: format, options: options, report: report)
        var summary = DatasetSummary()
        _ = try reader.open()
        while let feature = try reader.next() {
            summary.add(feature)
            let p = reader.progress
            progress(Conversion.Progress(features: summary.featureCount, bytesRead: p.bytesRead, totalBytes: p.totalBytes))
        }
        summary.document = reader.document
        return summary
    }
}
