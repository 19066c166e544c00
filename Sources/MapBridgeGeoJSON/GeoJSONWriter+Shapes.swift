import MapBridgeGeodesy
import MapBridgeModel

/// The shapes GeoJSON has no object for, written so that reading the file back gives what was
/// meant — by a writer used directly just as by a conversion:
///
/// | shape | written as |
/// |---|---|
/// | a circle (the feature's shape) | the Polygon of its geodesic outline, within `circleOutlineError` metres, with `@geometry-type`, `radius` and `center` properties (`GeoJSONMapping.circleAsPolygon`), which the reader turns back into the circle |
/// | a geodesic polyline | its vertices with points added along the geodesic, so that GeoJSON's straight segments stray at most `geodesicLines`' error from it |
/// | a line or area across the antimeridian | cut there into parts that end on it (RFC 7946 §3.1.9) |
///
///     var options = GeoJSONWriter.Options()
///     options.shapes.geodesicLines = nil      // keep a geodesic line's vertices as they are
///     let writer = GeoJSONWriter(sink: sink, options: options)
///
/// A track (a line with per-vertex times) whose vertices change gets times for the new ones;
/// a `coordinateProperties.times` property restating the old ones is then left out.
extension GeoJSONWriter {
    /// How the writer reshapes what GeoJSON cannot hold as it is (see the table above).
    public struct ShapeRules: Hashable, Sendable {
        /// Circles: the largest distance, metres (> 0), between the written outline and the
        /// true circle (default 1); `nil` writes the centre Point with the radius in a
        /// `radius` property instead, which reads back as a point (with a `circle` warning).
        public var circleOutlineError: Double? = 1
        /// Geodesic polylines: how to add points along them (default: within 100 m of the
        /// geodesic, geodesic lines only); `nil` writes their vertices as they are, with a
        /// `geodesic-line` warning, and the file draws them straight.
        public var geodesicLines: Densification? = Densification(limit: .maximumError(100), onlyGeodesic: true)
        /// Cut lines and areas that cross the antimeridian (default `true`).
        public var cutsAtAntimeridian = true

        /// The faithful defaults above.
        public init() {}

        /// Every shape written as it is: circles as their centre, geodesic lines with their
        /// own vertices, nothing cut.
        public static var asGiven: ShapeRules {
            var rules = ShapeRules()
            rules.circleOutlineError = nil
            rules.geodesicLines = nil
            rules.cutsAtAntimeridian = false
            return rules
        }
    }

    /// The feature as `options.shapes` asks it written, or `nil` when nothing in it needs
    /// reshaping, so that the caller writes its own feature without a copy. When lines cross the
    /// antimeridian, `cut` is what to write as the geometry (`WrittenShape`: lines cut as they
    /// are written), the feature keeping the shape uncut.
    /// - Throws: `.data` with the feature's location when a circle's outline or a geodesic
    ///   line's points cannot be computed (a radius too large, a vertex off the ellipsoid).
    func reshaped(_ feature: Feature) throws -> (feature: Feature, cut: WrittenShape?)? {
        guard let shape = feature.shape else { return nil }
        // A point is never reshaped (the commonest shape: no need to look further).
        if case .annotation = shape { return nil }
        let rules = options.shapes
        let isCircle: Bool
        if case .circle = shape { isCircle = rules.circleOutlineError != nil } else { isCircle = false }
        let densifies = rules.geodesicLines != nil && shape.hasGeodesicLine
        let cuts = rules.cutsAtAntimeridian && !isCircle && shape.crossesAntimeridian
        guard isCircle || densifies || cuts else { return nil }
        let geodesic = Geodesic.wgs84
        do {
            var f = feature
            if case .circle(let circle) = shape, let error = rules.circleOutlineError {
                let outline = Shape.polygon(Polygon(outer: try geodesic.ring(of: circle, maximumError: error)))
                return (GeoJSONMapping.circleAsPolygon(
                    f, circle: circle, outline: rules.cutsAtAntimeridian ? geodesic.cutAtAntimeridian(outline) : outline), nil)
            }
            var result = shape
            if densifies, let densification = rules.geodesicLines {
                var d = densification
                d.onlyGeodesic = true
                result = try geodesic.densify(result, d)
            }
            var changed = result != shape
            var written: WrittenShape?
            if rules.cutsAtAntimeridian, result.crossesAntimeridian {
                // Lines are cut as they are written, unless a box around the parts is asked for.
                let cut = options.writesBoundingBoxes
                    ? WrittenShape.whole(geodesic.cutAtAntimeridian(result)) : WrittenShape(cutting: result, geodesic: geodesic)
                if result.hasTimedLine, !cut.hasTimedLine, reported.insert("antimeridian-times").inserted {
                    report(Diagnostic(code: "antimeridian-times", severity: .warning,
                                      message: "a track that crosses the antimeridian is cut there and loses its per-point times, which are not all ISO 8601 date-times to interpolate the cut point's from (use \(Setting.cutsAtAntimeridian.mention(value: "false")) to keep them)",
                                      location: feature.location))
                }
                changed = changed || cut.differs(from: result)
                if case .whole(let s) = cut { result = s } else { written = cut }
            }
            f.shape = result
            return (shape.hasTimedLine && changed ? f.withoutStatedTimes : f, written)
        } catch var error as MapBridgeError {
            if error.location == nil { error.location = feature.location }
            throw error
        }
    }
}

extension Feature {
    /// The feature without `times` in its `coordinateProperties` property (and without the
    /// property when nothing else is in it): what a track whose vertices changed keeps, since
    /// the writer states the shape's own times.
    public var withoutStatedTimes: Feature {
        guard case .object(var members)? = properties["coordinateProperties"], members["times"] != nil else { return self }
        var copy = self
        members["times"] = nil
        copy.properties["coordinateProperties"] = members.isEmpty ? nil : .object(members)
        return copy
    }
}
