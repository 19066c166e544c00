import MapBridgeGeodesy
import MapBridgeModel

/// Turns a route into features, as the MapKit flight sample draws one: the geodesic between
/// two places (marked `.geodesic` and densified, so that straight-line formats draw it
/// too), a circle at each end, and for a flight under way the part flown, the part to fly
/// and the current position with its heading.
///
///     var planner = RoutePlanner()
///     planner.progress = 0.4
///     let features = try planner.features(for: Route(from: jfk, to: sin))
///     // origin circle, destination circle, flown part, remaining part, position
///
/// Line properties: `from`, `to` (the labels), `from_name`, `to_name` (the places' titles,
/// when known), `distance_m`, `distance_km`, `initial_azimuth`, `final_azimuth` (degrees
/// clockwise from north, [0, 360)); the parts add `part` (`flown` or `remaining`),
/// `progress`, `route_distance_m` and `route_distance_km`, their own distances and azimuths
/// being those of the part. Metres are rounded to the millimetre, degrees to 1e-6.
public struct RoutePlanner: Sendable {
    /// The size of the circles at the ends of a route.
    public enum EndpointRadius: Hashable, Sendable {
        /// A hundredth of the route's length, as in the MapKit sample (153 km for JFK → SIN).
        case auto
        /// Metres, in (0, `Geodesic.maximumCircleRadius`].
        case metres(Double)
    }

    public var geodesic = Geodesic.wgs84
    /// The longest piece between neighbouring vertices of a route line, metres, > 0.
    public var maximumSegment = 100_000.0
    /// The circles at the ends, or `nil` for none.
    public var endpointRadius: EndpointRadius? = .auto
    /// How far along the flight is, in [0, 1], or `nil` to draw the route whole.
    public var progress: Double?
    public var styles = RouteStyles()

    public init() {}

    /// The features that draw `route`: the end circles, then the route (or its flown and
    /// remaining parts and the current position).
    /// - Throws: `MapBridgeError` of kind `.data` when both ends are the same point, `.usage`
    ///   when `progress` is outside [0, 1] or a radius or segment length is out of range.
    public func features(for route: Route) throws -> [Feature] {
        guard route.distance > 0 else {
            throw MapBridgeError(.data, "'\(route.from.label)' and '\(route.to.label)' are the same point; a route needs two different places")
        }
        var features: [Feature] = []
        if let endpointRadius {
            let radius = try self.radius(endpointRadius, for: route)
            features.append(endpointFeature(route.from, role: "origin", radius: radius))
            features.append(endpointFeature(route.to, role: "destination", radius: radius))
        }
        guard let progress else {
            features.append(try routeFeature(route))
            return features
        }
        guard (0...1).contains(progress) else {
            throw MapBridgeError(.usage, "the progress must be a fraction from 0 to 1, not \(progress)")
        }
        let position = route.position(atFraction: progress)
        let start = Route.flat(route.from.coordinate), end = Route.flat(route.to.coordinate)
        if progress > 0 {
            features.append(try partFeature(route, "flown", from: start, to: position.coordinate, progress: progress))
        }
        if progress < 1 {
            features.append(try partFeature(route, "remaining", from: position.coordinate, to: end, progress: progress))
        }
        features.append(positionFeature(route, position, progress: progress))
        return features
    }

    /// The route as one densified geodesic polyline with its properties and style.
    /// - Throws: `MapBridgeError` of kind `.usage` when `maximumSegment` is out of range.
    public func routeFeature(_ route: Route) throws -> Feature {
        let coordinates = try geodesic.densify([Route.flat(route.from.coordinate), Route.flat(route.to.coordinate)],
                                               maximumSegment: maximumSegment)
        var properties = RoutePlanner.endpointProperties(route)
        RoutePlanner.addMeasures(distance: route.distance, initial: route.initialAzimuth, final: route.finalAzimuth,
                                 to: &properties)
        return Feature(id: .string("route"), title: "\(route.from.label) → \(route.to.label)",
                       shape: .polyline(Polyline(coordinates, interpolation: .geodesic)), properties: properties,
                       style: styles.route)
    }

    /// The endpoint circle radius for `route`, metres.
    func radius(_ choice: EndpointRadius, for route: Route) throws -> Double {
        let radius = switch choice {
        case .auto: route.distance / 100
        case .metres(let m): m
        }
        guard radius > 0, radius <= geodesic.maximumCircleRadius else {
            throw MapBridgeError(.usage, "an endpoint circle's radius must be more than 0 and at most \(Int(geodesic.maximumCircleRadius)) m, not \(radius) m")
        }
        return radius
    }

    private func endpointFeature(_ place: RoutePlace, role: String, radius: Double) -> Feature {
        var properties = Properties()
        properties.append(key: "role", value: .string(role))
        properties.append(key: "place", value: .string(place.label))
        if let title = place.title { properties.append(key: "place_name", value: .string(title)) }
        return Feature(id: .string(role), title: place.label,
                       shape: .circle(Circle(center: place.coordinate, radius: RoutePlanner.rounded(radius, 3))),
                       properties: properties, style: styles.endpoint)
    }

    private func partFeature(_ route: Route, _ part: String, from start: Coordinate, to end: Coordinate,
                             progress: Double) throws -> Feature
    {
        let coordinates = try geodesic.densify([start, end], maximumSegment: maximumSegment)
        let measure = geodesic.inverse(from: start, to: end)
        var properties = RoutePlanner.endpointProperties(route)
        properties.append(key: "part", value: .string(part))
        properties.append(key: "progress", value: .number(NumberValue(progress)))
        RoutePlanner.addMeasures(distance: measure.distance, initial: Route.compass(measure.initialAzimuth),
                                 final: Route.compass(measure.finalAzimuth), to: &properties)
        properties.append(key: "route_distance_m", value: RoutePlanner.number(route.distance, 3))
        properties.append(key: "route_distance_km", value: RoutePlanner.number(route.distance / 1000, 3))
        return Feature(id: .string(part), title: "\(route.from.label) → \(route.to.label) (\(part))",
                       shape: .polyline(Polyline(coordinates, interpolation: .geodesic)), properties: properties,
                       style: part == "flown" ? styles.route : styles.remaining)
    }

    private func positionFeature(_ route: Route, _ position: Route.Position, progress: Double) -> Feature {
        var properties = RoutePlanner.endpointProperties(route)
        properties.append(key: "progress", value: .number(NumberValue(progress)))
        properties.append(key: "heading", value: RoutePlanner.number(position.heading, 6))
        properties.append(key: "distance_flown_m", value: RoutePlanner.number(position.distance, 3))
        properties.append(key: "distance_remaining_m", value: RoutePlanner.number(route.distance - position.distance, 3))
        var style = styles.position
        var marker = style.marker ?? MarkerStyle()
        marker.heading = RoutePlanner.rounded(position.heading, 6)
        style.marker = marker
        return Feature(id: .string("position"), title: "\(route.from.label) → \(route.to.label) at \(Int((progress * 100).rounded()))%",
                       shape: .annotation(position.coordinate), properties: properties, style: style)
    }

    /// `from`, `to`, and the places' titles when known.
    static func endpointProperties(_ route: Route) -> Properties {
        var properties = Properties()
        properties.append(key: "from", value: .string(route.from.label))
        properties.append(key: "to", value: .string(route.to.label))
        if let t = route.from.title { properties.append(key: "from_name", value: .string(t)) }
        if let t = route.to.title { properties.append(key: "to_name", value: .string(t)) }
        return properties
    }

    /// `distance_m`, `distance_km`, `initial_azimuth`, `final_azimuth`.
    static func addMeasures(distance: Double, initial: Double, final: Double, to properties: inout Properties) {
        properties.append(key: "distance_m", value: number(distance, 3))
        properties.append(key: "distance_km", value: number(distance / 1000, 3))
        properties.append(key: "initial_azimuth", value: number(initial, 6))
        properties.append(key: "final_azimuth", value: number(final, 6))
    }

    static func number(_ value: Double, _ decimals: Int) -> PropertyValue {
        .number(NumberValue(rounded(value, decimals)))
    }

    /// `value` rounded to `decimals` places (the shortest text that reads back as it).
    static func rounded(_ value: Double, _ decimals: Int) -> Double {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        return (value * scale).rounded() / scale
    }
}
