import MapBridgeModel

/// A `coordinates` value as read, before the geometry's type says what it must be.
enum CoordinateTree: Sendable {
    /// One position: `[lon, lat]` or `[lon, lat, alt]`.
    case position(Coordinate)
    /// An array of positions (a LineString's, a MultiPoint's, a ring).
    case positions(CoordinateList)
    /// An array of arrays (rings, lines, polygons), or the empty array.
    case lists([CoordinateTree])

    /// The positions of a LineString or MultiPoint (`[]` counts as none).
    var positionList: CoordinateList? {
        switch self {
        case .positions(let list): list
        case .lists(let children) where children.isEmpty: []
        default: nil
        }
    }

    /// The position lists of a Polygon or MultiLineString.
    var listOfPositionLists: [CoordinateList]? {
        guard case .lists(let children) = self else {
            if case .positions(let list) = self, list.isEmpty { return [] }
            return nil
        }
        var result: [CoordinateList] = []
        result.reserveCapacity(children.count)
        for child in children {
            guard let list = child.positionList else { return nil }
            result.append(list)
        }
        return result
    }

    /// The polygons of a MultiPolygon.
    var listOfListsOfPositionLists: [[CoordinateList]]? {
        guard case .lists(let children) = self else { return nil }
        var result: [[CoordinateList]] = []
        for child in children {
            guard let rings = child.listOfPositionLists else { return nil }
            result.append(rings)
        }
        return result
    }

    /// The same value as a plain JSON value (for a `coordinates` member where it means nothing).
    var propertyValue: PropertyValue {
        switch self {
        case .position(let c): GeoJSONMapping.propertyValue(of: c)
        case .positions(let list): .array(list.map { GeoJSONMapping.propertyValue(of: $0) })
        case .lists(let children): .array(children.map(\.propertyValue))
        }
    }
}
