import MapBridgeGeoJSON
import MapBridgeGeodesy
import MapBridgeModel

/// The step between reader and writer that reshapes geometry as the options and the output
/// format ask, one feature at a time:
///
/// 1. densify (`ConvertOptions.densify`), for every output format;
/// 2. GeoJSON output only: circles become the polygon of their outline (geodesic circle,
///    chord error under 1 m) with `@geometry-type`, `radius` and `center` properties, so that
///    the GeoJSON reader restores them (see `GeoJSONMapping.circleAsPolygon`);
/// 3. GeoJSON output only, unless `cutsAtAntimeridian` is off: lines and areas crossing the
///    antimeridian are cut there (`Geodesic.cutAtAntimeridian`, RFC 7946 §3.1.9).
///
/// A feature the options do not touch is handed on as it came.
struct FeatureTransform {
    /// The largest distance, metres, between a circle's outline and the true circle.
    static let circleOutlineError = 1.0

    let densification: Densification?
    let writesGeoJSON: Bool
    let cutsAtAntimeridian: Bool
    let report: DiagnosticHandler
    private let geodesic = Geodesic.wgs84
    private let noted = NoteOnce()

    init(options: ConvertOptions, outputFormat: Format, report: @escaping DiagnosticHandler) {
        // One vertex limit for a conversion: what a feature may hold read and densified.
        densification = options.densify.map { d in
            var capped = d
            capped.maximumPoints = max(options.limits.maximumVertices, 1)
            return capped
        }
        writesGeoJSON = outputFormat.isGeoJSON
        cutsAtAntimeridian = options.cutsAtAntimeridian
        self.report = report
    }

    /// The feature reshaped; throws what densification throws, with the feature's location.
    func apply(_ feature: Feature) throws -> Feature {
        let result = try reshaped(feature)
        // A track whose vertices changed has new times; a `coordinateProperties.times` the
        // reader left in the properties (GeoJSON keeps them for round trips) would restate the
        // old ones, so it goes, and the writer states the shape's own.
        guard feature.shape?.hasTimedLine == true, result.shape != feature.shape else { return result }
        return result.withoutStatedTimes
    }

    private func reshaped(_ feature: Feature) throws -> Feature {
        guard var shape = feature.shape else { return feature }
        // The common case touches nothing: no copy, no allocation.
        if densification == nil {
            guard writesGeoJSON else { return feature }
            if case .circle = shape {} else if !cutsAtAntimeridian || !shape.crossesAntimeridian { return feature }
        }
        var f = feature
        do {
            if let densification { shape = try geodesic.densify(shape, densification) }
            f.shape = shape
            guard writesGeoJSON else { return f }
            if case .circle(let circle) = shape {
                let ring = try geodesic.ring(of: circle, maximumError: FeatureTransform.circleOutlineError)
                let outline = Shape.polygon(Polygon(outer: ring))
                return GeoJSONMapping.circleAsPolygon(f, circle: circle,
                                                      outline: cutsAtAntimeridian ? geodesic.cutAtAntimeridian(outline) : outline)
            }
            if cutsAtAntimeridian {
                guard shape.crossesAntimeridian else { return f }
                let cut = geodesic.cutAtAntimeridian(shape)
                if shape.hasTimedLine, !cut.hasTimedLine, noted.first("antimeridian-times") {
                    report(Diagnostic(code: "antimeridian-times", severity: .warning,
                                      message: "a track that crosses the antimeridian is cut there and loses its per-point times, which are not all ISO 8601 date-times to interpolate the cut point's from (use --no-antimeridian-cut to keep them)",
                                      location: feature.location))
                }
                f.shape = cut
            }
            return f
        } catch var error as MapBridgeError {
            if error.location == nil { error.location = feature.location }
            throw error
        }
    }
}

extension Feature {
    /// The feature without `times` in its `coordinateProperties` property (and without the
    /// property when nothing else is in it).
    var withoutStatedTimes: Feature {
        guard case .object(var members)? = properties["coordinateProperties"], members["times"] != nil else { return self }
        var copy = self
        members["times"] = nil
        copy.properties["coordinateProperties"] = members.isEmpty ? nil : .object(members)
        return copy
    }
}

/// Remembers which notes were given, so each is given once.
private final class NoteOnce: @unchecked Sendable {
    private var given: Set<String> = []
    func first(_ code: String) -> Bool { given.insert(code).inserted }
}

extension Shape {
    /// Whether some line or ring of the shape crosses the antimeridian (see
    /// `Geodesic.crossesAntimeridian`); checked without building anything.
    var crossesAntimeridian: Bool {
        switch self {
        case .annotation, .multiPoint, .circle: false
        case .polyline(let l): Geodesic.crossesAntimeridian(l.coordinates)
        case .multiPolyline(let ls): ls.contains { Geodesic.crossesAntimeridian($0.coordinates) }
        case .polygon(let p): p.crossesAntimeridian
        case .multiPolygon(let ps): ps.contains { $0.crossesAntimeridian }
        case .collection(let shapes): shapes.contains { $0.crossesAntimeridian }
        }
    }

    /// Whether some polyline in the shape carries per-vertex times.
    var hasTimedLine: Bool {
        switch self {
        case .polyline(let l): l.times != nil
        case .multiPolyline(let ls): ls.contains { $0.times != nil }
        case .collection(let shapes): shapes.contains { $0.hasTimedLine }
        default: false
        }
    }
}

/// A writer that reshapes each feature with a `FeatureTransform` before handing it on: every
/// output, a conversion's or a command's own (such as `route`), gets the same geometry rules.
struct TransformingWriter: FeatureWriter {
    var base: any FeatureWriter
    let transform: FeatureTransform

    mutating func begin(_ document: DocumentInfo) throws { try base.begin(document) }
    mutating func write(_ feature: Feature) throws { try base.write(try transform.apply(feature)) }
    mutating func finish(_ document: DocumentInfo) throws { try base.finish(document) }
}

extension Polygon {
    var crossesAntimeridian: Bool {
        Geodesic.crossesAntimeridian(outer) || holes.contains { Geodesic.crossesAntimeridian($0) }
    }
}
