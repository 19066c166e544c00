import Foundation
import MapBridgeCore
import MapBridgeGeodesy
import MapBridgeModel
import Testing

@Suite("RoutePlanner: geodesic routes, end circles and progress")
struct RoutePlannerTests {
    static let jfk = RoutePlace(label: "JFK", title: "John F. Kennedy International",
                                coordinate: Coordinate(longitude: -73.7789, latitude: 40.6398))
    static let sin = RoutePlace(label: "SIN", title: "Singapore Changi",
                                coordinate: Coordinate(longitude: 103.994, latitude: 1.35019))
    static let route = Route(from: jfk, to: sin)

    static func polyline(_ feature: Feature) throws -> Polyline {
        guard case .polyline(let line)? = feature.shape else { throw MapBridgeError(.data, "not a polyline") }
        return line
    }

    static func number(_ feature: Feature, _ key: String) -> Double? { feature.properties[key]?.doubleValue }

    @Test("JFK → SIN is 15,348,632.95 m within 1 cm, leaving almost due north")
    func distanceAndAzimuths() {
        #expect(abs(Self.route.distance - 15_348_632.95) < 0.01)
        let inverse = Geodesic.wgs84.inverse(from: Self.jfk.coordinate, to: Self.sin.coordinate)
        #expect(abs(Self.route.initialAzimuth - inverse.initialAzimuth) < 1e-9)
        #expect(abs(Self.route.finalAzimuth - (inverse.finalAzimuth + 360).truncatingRemainder(dividingBy: 360)) < 1e-9)
        #expect(abs(Self.route.initialAzimuth - 3.302125) < 1e-6)
        #expect(abs(Self.route.finalAzimuth - 177.490614) < 1e-6)
    }

    @Test("azimuths west of north read 180–360, not negative")
    func compassAzimuths() {
        let back = Route(from: Self.sin, to: Self.jfk)
        #expect(back.initialAzimuth >= 0 && back.initialAzimuth < 360)
        #expect(back.initialAzimuth > 180)
        #expect(abs(back.distance - Self.route.distance) < 1e-6)
    }

    @Test("the route feature: a geodesic polyline densified to 100 km, with its measures and style")
    func routeFeature() throws {
        let features = try RoutePlanner().features(for: Self.route)
        #expect(features.map { $0.id?.description } == ["origin", "destination", "route"])
        let route = features[2]
        let line = try Self.polyline(route)
        #expect(line.interpolation == .geodesic)
        #expect(line.coordinates.first == Self.jfk.coordinate)
        #expect(line.coordinates.last == Self.sin.coordinate)
        #expect(line.coordinates.count == 155)  // 154 pieces of at most 100 km
        for i in 1..<line.coordinates.count {
            #expect(Geodesic.wgs84.distance(from: line.coordinates[i - 1], to: line.coordinates[i]) <= 100_000)
        }
        #expect(Self.number(route, "distance_m") == 15_348_632.95)
        #expect(Self.number(route, "distance_km") == 15_348.633)
        #expect(Self.number(route, "initial_azimuth") == 3.302125)
        #expect(Self.number(route, "final_azimuth") == 177.490614)
        #expect(route.properties["from"] == "JFK")
        #expect(route.properties["to"] == "SIN")
        #expect(route.properties["from_name"] == "John F. Kennedy International")
        #expect(route.style?.strokeColor == Color(hex: "#d1242f"))
        #expect(route.style?.strokeWidth == 3)
    }

    @Test("--max-segment: shorter pieces give more vertices")
    func maximumSegment() throws {
        var planner = RoutePlanner()
        planner.maximumSegment = 1_000_000
        let line = try Self.polyline(planner.routeFeature(Self.route))
        #expect(line.coordinates.count == 17)
    }

    @Test("endpoint radius auto is a hundredth of the distance; metres are taken as given")
    func endpointRadius() throws {
        let features = try RoutePlanner().features(for: Self.route)
        for (feature, place) in zip(features[0...1], [Self.jfk, Self.sin]) {
            guard case .circle(let circle)? = feature.shape else {
                Issue.record("not a circle")
                continue
            }
            #expect(circle.center == place.coordinate)
            #expect(abs(circle.radius - 153_486.3295) < 0.001)
            #expect(feature.title == place.label)
        }
        var planner = RoutePlanner()
        planner.endpointRadius = .metres(5_000)
        guard case .circle(let circle)? = try planner.features(for: Self.route).first?.shape else {
            Issue.record("no circle")
            return
        }
        #expect(circle.radius == 5_000)
        planner.endpointRadius = nil
        #expect(try planner.features(for: Self.route).count == 1)
        planner.endpointRadius = .metres(30_000_000)
        #expect(throws: MapBridgeError.self) { try planner.features(for: Self.route) }
    }

    @Test("progress splits the route on its geodesic at the right distance", arguments: [0.4, 0.01, 0.5, 0.99])
    func progressSplit(fraction: Double) throws {
        var planner = RoutePlanner()
        planner.progress = fraction
        let features = try planner.features(for: Self.route)
        #expect(features.map { $0.id?.description } == ["origin", "destination", "flown", "remaining", "position"])
        let flown = try Self.polyline(features[2]), remaining = try Self.polyline(features[3])
        guard case .annotation(let position)? = features[4].shape else {
            Issue.record("no position point")
            return
        }
        let g = Geodesic.wgs84
        let expected = fraction * Self.route.distance
        // On the geodesic: distances from both ends add up to the whole, and the split is
        // `fraction` of the way.
        let fromStart = g.distance(from: Self.jfk.coordinate, to: position)
        let toEnd = g.distance(from: position, to: Self.sin.coordinate)
        #expect(abs(fromStart - expected) < 1e-6)
        #expect(abs(fromStart + toEnd - Self.route.distance) < 1e-6)
        #expect(flown.coordinates.last == position)
        #expect(remaining.coordinates.first == position)
        #expect(flown.coordinates.first == Self.jfk.coordinate)
        #expect(remaining.coordinates.last == Self.sin.coordinate)
        // The flown part's vertices lie on the route too.
        let line = g.line(from: Self.jfk.coordinate, to: Self.sin.coordinate)
        for c in flown.coordinates.dropFirst().prefix(5) {
            let along = g.distance(from: Self.jfk.coordinate, to: c)
            #expect(g.distance(from: c, to: line.coordinate(atDistance: along)) < 1e-3)
        }
        // Heading: the direction of travel there.
        let heading = try #require(Self.number(features[4], "heading"))
        var expectedHeading = line.azimuth(atDistance: expected)
        if expectedHeading < 0 { expectedHeading += 360 }
        #expect(abs(heading - expectedHeading) < 1e-6)
        #expect(features[4].style?.marker?.heading == heading)
        #expect(features[2].properties["part"] == "flown")
        #expect(abs((Self.number(features[2], "distance_m") ?? 0) - expected) < 0.001)
        #expect(features[3].style != features[2].style)
    }

    @Test("progress 0 and 1 leave out the empty part")
    func progressEnds() throws {
        var planner = RoutePlanner()
        planner.endpointRadius = nil
        planner.progress = 0
        #expect(try planner.features(for: Self.route).map { $0.id?.description } == ["remaining", "position"])
        planner.progress = 1
        let features = try planner.features(for: Self.route)
        #expect(features.map { $0.id?.description } == ["flown", "position"])
        guard case .annotation(let end)? = features[1].shape else { return }
        #expect(end == Self.sin.coordinate)
    }

    @Test("a route from a place to itself is an error")
    func samePlace() {
        let error = #expect(throws: MapBridgeError.self) {
            try RoutePlanner().features(for: Route(from: Self.jfk, to: Self.jfk))
        }
        #expect(error?.kind == .data)
    }
}
