import MapBridgeModel

/// KML has one container for several geometries, `MultiGeometry`; the model (like GeoJSON) also
/// has MultiPoint, MultiLineString and MultiPolygon. So that a Multi* geometry written to KML
/// comes back as the same type, the writer adds the property `@geometry-type` with the GeoJSON
/// type name (the key MapBridge already uses for circles and overlays), and the reader turns a
/// MultiGeometry whose data says so back into that type and drops the property. A MultiGeometry
/// without the property, or whose members do not fit the named type, stays a collection.
enum KMLMultiGeometryMarker {
    /// The property that names the geometry type.
    static let key = OverlayKind.geometryTypeKey

    /// `feature` with the marker added when its shape is a Multi* geometry and the key is free;
    /// `nil` when it needs none (most features: no copy is made of them).
    static func marked(_ feature: Feature) -> Feature? {
        guard let name = name(of: feature.shape), !feature.properties.contains(key: key) else { return nil }
        var marked = feature
        marked.properties[key] = .string(name)
        return marked
    }

    /// The GeoJSON type name of a Multi* shape, or `nil` for any other shape. Inlined, so that
    /// a feature's shape is looked at where it is, not copied for the call.
    @inline(__always)
    static func name(of shape: Shape?) -> String? {
        switch shape {
        case .multiPoint?: "MultiPoint"
        case .multiPolyline?: "MultiLineString"
        case .multiPolygon?: "MultiPolygon"
        default: nil
        }
    }

    /// The Multi* shape `name` stands for, built from what the reader made of the MultiGeometry
    /// (a collection, a single member, or nothing for an empty one); `nil` when `name` is not a
    /// Multi* type name or a member is of another kind.
    static func restore(_ name: String, from shape: Shape?) -> Shape? {
        let members: [Shape]
        switch shape {
        case nil: members = []
        case .collection(let list)?: members = list
        case let single?: members = [single]
        }
        switch name {
        case "MultiPoint":
            var points = CoordinateList()
            for member in members {
                guard case .annotation(let c) = member else { return nil }
                points.append(c)
            }
            return .multiPoint(points)
        case "MultiLineString":
            var lines: [Polyline] = []
            for member in members {
                guard case .polyline(let line) = member else { return nil }
                lines.append(line)
            }
            return .multiPolyline(lines)
        case "MultiPolygon":
            var polygons: [Polygon] = []
            for member in members {
                guard case .polygon(let polygon) = member else { return nil }
                polygons.append(polygon)
            }
            return .multiPolygon(polygons)
        default:
            return nil
        }
    }
}
