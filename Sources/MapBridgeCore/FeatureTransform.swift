import MapBridgeGeoJSON
import MapBridgeGeodesy
import MapBridgeModel

/// The step between reader and writer that densifies geometry as the options ask
/// (`ConvertOptions.densify`), for every output format, one feature at a time.
///
/// What an output format needs of a shape it cannot hold as it is belongs to its writer, so
/// that a writer used directly writes what a conversion writes: the GeoJSON writer turns
/// circles into their outline and cuts at the antimeridian (`GeoJSONWriter.ShapeRules`, set
/// from the options by `ConvertOptions.geoJSONWriterOptions`); the KML writer draws circles
/// as polygons itself. A feature the options do not touch is handed on as it came.
struct FeatureTransform {
    /// The largest distance, metres, between a circle's outline and the true circle in
    /// GeoJSON output.
    static let circleOutlineError = 1.0

    let densification: Densification?
    private let geodesic = Geodesic.wgs84

    init(options: ConvertOptions, outputFormat: Format, report: @escaping DiagnosticHandler) {
        // One vertex limit for a conversion: what a feature may hold read and densified.
        densification = options.densify.map { d in
            var capped = d
            capped.maximumPoints = max(options.limits.maximumVertices, 1)
            return capped
        }
    }

    /// The feature densified, or `nil` when the options leave it as it is, so that the common
    /// case hands the caller's own feature on without a copy; throws what densification
    /// throws, with the feature's location.
    func transformed(_ feature: Feature) throws -> Feature? {
        // The common case touches nothing: no copy, no allocation.
        guard let densification, let shape = feature.shape else { return nil }
        var f = feature
        do {
            f.shape = try geodesic.densify(shape, densification)
        } catch var error as MapBridgeError {
            if error.location == nil { error.location = feature.location }
            throw error
        }
        // A track whose vertices changed has new times; a `coordinateProperties.times` the
        // reader left in the properties (GeoJSON keeps them for round trips) would restate the
        // old ones, so it goes, and the writer states the shape's own.
        guard shape.hasTimedLine, f.shape != shape else { return f }
        return f.withoutStatedTimes
    }
}

/// A writer that reshapes each feature with a `FeatureTransform` before handing it on: every
/// output, a conversion's or a command's own (such as `route`), gets the same geometry rules.
struct TransformingWriter: FeatureWriter {
    var base: any FeatureWriter
    let transform: FeatureTransform

    mutating func begin(_ document: DocumentInfo) throws { try base.begin(document) }
    mutating func write(_ feature: Feature) throws {
        // The feature as it came unless the transform changed it: no copy on the common path,
        // where no densification is asked (not even of the transform's empty answer).
        if transform.densification != nil, let changed = try transform.transformed(feature) {
            try base.write(changed)
        } else {
            try base.write(feature)
        }
    }
    mutating func finish(_ document: DocumentInfo) throws { try base.finish(document) }
}
