import MapBridgeGeoJSON
import MapBridgeGeodesy
import MapBridgeModel
import Testing

/// Lines across the antimeridian are written part by part as they are cut: the output is
/// exactly that of writing the shape cut beforehand (`Geodesic.cutAtAntimeridian`) as it is.
@Suite("GeoJSONWriter lines cut as they are written")
struct GeoJSONWriterCutLineTests {
    static func c(_ longitude: Double, _ latitude: Double, _ altitude: Double? = nil) -> Coordinate {
        Coordinate(longitude: longitude, latitude: latitude, altitude: altitude)
    }

    static func times(_ count: Int) -> [String] {
        (0..<count).map { (i: Int) -> String in
            let fraction = i % 2 == 0 ? ".25" : ""
            return "2026-05-01T10:\(10 + i % 50):0\(i % 10)\(fraction)Z"
        }
    }

    /// A zigzag crossing at every vertex.
    static func zigzag(_ count: Int, altitude: Bool = false, timed: Bool = false) -> Polyline {
        let vertices = (0..<count).map { (i: Int) -> Coordinate in
            let east: Double = 179.5 - Double(i % 7) * 0.1
            let west: Double = -179.25 + Double(i % 5) * 0.1
            let height: Double? = altitude ? Double(i) * 10 : nil
            return c(i % 2 == 0 ? east : west, Double(i) * 0.5 - 20, height)
        }
        return Polyline(vertices, times: timed ? times(count) : nil)
    }

    /// The output of `features` written as they are after cutting them beforehand.
    static func writtenCutBeforehand(_ features: [Feature], options: GeoJSONWriter.Options) throws -> String {
        let cut = features.map { f -> Feature in
            guard let shape = f.shape else { return f }
            var copy = f
            copy.shape = Geodesic.wgs84.cutAtAntimeridian(shape)
            return shape.hasTimedLine && copy.shape != shape ? copy.withoutStatedTimes : copy
        }
        var asGiven = options
        asGiven.shapes = .asGiven
        return try writeAll(cut, options: asGiven).text
    }

    static var features: [Feature] {
        let perVertex: PropertyValue = .object(["heartRates": .array([1, 2, 3])])
        return [
            Feature(shape: .polyline(zigzag(9)), properties: ["name": "plain"]),
            Feature(shape: .polyline(zigzag(12, altitude: true, timed: true)),
                    properties: ["name": "track", "coordinateProperties": perVertex]),
            Feature(shape: .polyline(zigzag(5, timed: true)), properties: ["coordinateProperties": .object(["times": .array(["x"])])]),
            Feature(shape: .polyline(Polyline([c(170, 1), c(-170, 2), c(-160, 3)], times: ["dawn", "noon", "dusk"]))),
            // One part: the part before the crossing is the vertex on 180 alone.
            Feature(shape: .polyline(Polyline([c(180, 5), c(-170, 6), c(-160, 7)], times: times(3)))),
            Feature(shape: .multiPolyline([zigzag(4, timed: true), Polyline([c(1, 2), c(3, 4), c(5, 6)], times: ["a", "b"]),
                                           Polyline([c(1, 2), c(3, 4)]), Polyline([Coordinate]()), zigzag(3)])),
            Feature(shape: .multiPolyline([zigzag(4), Polyline([c(1, 2), c(3, 4)], times: times(2))])),
            Feature(shape: .collection([.polyline(zigzag(6, timed: true)), .annotation(c(1, 2)),
                                        .polyline(Polyline([c(180, 5), c(-170, 6)], times: times(2))),
                                        .polygon(Polygon(outer: [c(170, 0), c(-170, 0), c(-170, 10), c(170, 10), c(170, 0)])),
                                        .collection([.polyline(zigzag(5, altitude: true))])])),
            Feature(shape: .polygon(Polygon(outer: [c(170, 0), c(-170, 0), c(-170, 10), c(170, 10), c(170, 0)])),
                    properties: ["name": "area"]),
            Feature(shape: .polyline(Polyline([c(10, 1), c(20, 2)], times: times(2)))),
        ]
    }

    @Test("each feature is written as the shape cut beforehand, parts in order",
          arguments: [false, true])
    func sameAsCutBeforehand(pretty: Bool) throws {
        var options = GeoJSONWriter.Options()
        options.pretty = pretty
        for feature in Self.features {
            let lazy = try writeAll([feature], options: options).text
            #expect(lazy == (try Self.writtenCutBeforehand([feature], options: options)))
        }
        let all = try writeAll(Self.features, options: options)
        #expect(all.text == (try Self.writtenCutBeforehand(Self.features, options: options)))
        #expect(all.diagnostics.map(\.code) == ["antimeridian-times"])
    }

    @Test("with boxes, with a precision, and as a text sequence")
    func otherOptions() throws {
        var boxes = GeoJSONWriter.Options()
        boxes.writesBoundingBoxes = true
        var precise = GeoJSONWriter.Options()
        precise.precision = 3
        var sequence = GeoJSONWriter.Options()
        sequence.layout = .textSequence
        for options in [boxes, precise, sequence] {
            #expect(try writeAll(Self.features, options: options).text == (try Self.writtenCutBeforehand(Self.features, options: options)))
        }
    }

    @Test("a zigzag's parts are written in order, each from one crossing to the next")
    func partsInOrder() throws {
        let line = Self.zigzag(5, timed: true)
        let text = try writeAll([Feature(shape: .polyline(line))]).text
        let reader = makeReader(text)
        _ = try reader.open()
        let feature = try #require(try reader.next())
        guard case .multiPolyline(let parts)? = feature.shape else {
            Issue.record("expected parts, got \(String(describing: feature.shape))")
            return
        }
        #expect(parts.count == 5)
        for (i, part) in parts.enumerated() {
            let given = line.coordinates[i]
            #expect(part.coordinates.contains { $0.longitude == given.longitude && $0.latitude == given.latitude })
            #expect(part.coordinates.count == (i == 0 || i == 4 ? 2 : 3))
            #expect(part.times?.count == part.coordinates.count)
        }
        // Each part ends where the next starts, on the other side.
        for (a, b) in zip(parts, parts.dropFirst()) {
            let end = try #require(a.coordinates.last), start = try #require(b.coordinates.first)
            #expect(abs(end.longitude) == 180 && start.longitude == -end.longitude && start.latitude == end.latitude)
            #expect(a.times?.last == b.times?.first)
        }
    }
}
