import MapBridgeModel

/// Circles in GeoJSON, which has none: a circle travels as the Polygon of its outline with
/// three properties that say what it was, so that reading it back restores the circle.
///
///     "properties": {"@geometry-type": "circle", "radius": 5000, "center": [-73.7789, 40.6398]}
///
/// `@geometry-type` follows togeojson and MapBridge's KML reader (`groundoverlay`,
/// `networklink`); `radius` is in metres along the ellipsoid; `center` is `[longitude,
/// latitude]` (and altitude), with the numbers' source text. The outline itself is computed
/// by the conversion (`MapBridgeCore`, with geodesy), not by this module.
extension GeoJSONMapping {
    /// The property naming what a geometry stands for.
    public static let geometryTypeKey = OverlayKind.geometryTypeKey
    /// Its value for a circle.
    public static let circleGeometryType = "circle"

    /// The feature with `circle` replaced by `outline` (a closed ring, or several polygons
    /// when cut at the antimeridian) and the circle's properties added where absent.
    public static func circleAsPolygon(_ feature: Feature, circle: Circle, outline: Shape) -> Feature {
        var f = feature
        f.shape = outline
        f.properties[geometryTypeKey] = .string(circleGeometryType)
        if !f.properties.contains(key: "radius") { f.properties["radius"] = .number(NumberValue(circle.radius)) }
        f.properties["center"] = propertyValue(of: circle.center)
        return f
    }

    /// Gives a feature written by `circleAsPolygon` its circle back: a Polygon or MultiPolygon
    /// whose properties say `"@geometry-type": "circle"` with a positive `radius` and a
    /// `center` position. Those three properties are removed; anything else is left alone.
    static func restoreCircle(of feature: inout Feature) {
        guard feature.properties[geometryTypeKey]?.stringValue == circleGeometryType,
              let radius = feature.properties["radius"]?.doubleValue, radius > 0, radius.isFinite,
              case .array(let position)? = feature.properties["center"], position.count >= 2,
              case .number(let lon) = position[0], case .number(let lat) = position[1]
        else { return }
        switch feature.shape {
        case .polygon?, .multiPolygon?: break
        default: return
        }
        var altitude: NumberValue?
        if position.count > 2, case .number(let alt) = position[2] { altitude = alt }
        let center = Coordinate(longitude: lon.value, latitude: lat.value, altitude: altitude?.value,
                                sourceText: CoordinateText(longitude: lon.text, latitude: lat.text, altitude: altitude?.text))
        feature.shape = .circle(Circle(center: center, radius: radius))
        feature.properties[geometryTypeKey] = nil
        feature.properties["radius"] = nil
        feature.properties["center"] = nil
    }
}
