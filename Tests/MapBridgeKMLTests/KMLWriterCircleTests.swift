import MapBridgeKML
import MapBridgeModel
import Testing

/// Circles, which KML lacks, as polygons that follow them, with the radius kept as data.
@Suite("KMLWriter circles")
struct KMLWriterCircleTests {
    private static let jfk = Coordinate(longitude: -73.7781, latitude: 40.6413)

    /// The coordinate tuples of the first `<coordinates>` in `text`.
    private func tuples(_ text: String) -> [[Double]] {
        guard let start = text.firstRange(of: "<coordinates>"), let end = text.firstRange(of: "</coordinates>") else { return [] }
        return text[start.upperBound..<end.lowerBound].split(separator: " ").map { tuple in
            tuple.split(separator: ",").compactMap { Double($0) }
        }
    }

    @Test("a circle is a polygon of the asked segments with its radius as Data, reported once")
    func segments() throws {
        var options = KMLWriter.Options()
        options.circleRing = .segments(8)
        let circle = Feature(shape: .circle(Circle(center: Self.jfk, radius: 1000)))
        let output = try writeKMLDocument([circle, circle], options: options)
        let line = placemarkLines(output.text).first ?? ""
        #expect(line.hasPrefix("<Placemark>" + simpleDataXML(("radius", "1000")) + "<Polygon><outerBoundaryIs><LinearRing><coordinates>"))
        let ring = tuples(line)
        #expect(ring.count == 9)
        #expect(ring.first == ring.last)
        // The first vertex lies due north, about 1000 m / 111 km per degree away.
        #expect(abs((ring.first?[0] ?? 0) - Self.jfk.longitude) < 1e-9)
        #expect(abs((ring.first?[1] ?? 0) - Self.jfk.latitude - 0.009) < 0.0002)
        #expect(output.codes == ["circle"])
        expectSchemaValid(output)
    }

    @Test("by default the ring keeps within a metre of the circle: more vertices for larger circles")
    func maximumError() throws {
        let small = try writeKMLDocument([Feature(shape: .circle(Circle(center: Self.jfk, radius: 100)))])
        let large = try writeKMLDocument([Feature(shape: .circle(Circle(center: Self.jfk, radius: 10_000)))])
        #expect(tuples(small.text).count >= 9)
        #expect(tuples(large.text).count == 225)
        expectSchemaValid(large)
    }

    @Test("the ring carries the centre's altitude and the feature's altitude mode; a radius property wins")
    func altitude() throws {
        var options = KMLWriter.Options()
        options.circleRing = .segments(4)
        let center = Coordinate(longitude: 10, latitude: 50, altitude: 120)
        let feature = Feature(shape: .circle(Circle(center: center, radius: 500)), properties: ["radius": "half a km"],
                              altitudeMode: .relativeToGround)
        let output = try writeKMLDocument([feature], options: options)
        let line = placemarkLines(output.text).first ?? ""
        #expect(line.contains(#"<SimpleData name="radius">half a km</SimpleData>"#))
        #expect(!line.contains(">500<"))
        #expect(line.contains("<Polygon><altitudeMode>relativeToGround</altitudeMode>"))
        #expect(tuples(line).allSatisfy { $0.count == 3 && $0[2] == 120 })
        expectSchemaValid(output)
    }

    @Test("a circle no ring can be drawn for is its centre point, reported", arguments: [0.0, -5, 3e7])
    func badRadius(radius: Double) throws {
        let output = try writeKMLDocument([Feature(shape: .circle(Circle(center: Self.jfk, radius: radius)))])
        #expect(placemarkLines(output.text).first?.contains("<Point><coordinates>-73.7781,40.6413</coordinates></Point>") == true)
        #expect(output.codes == ["circle-point"])
        expectSchemaValid(output)
    }

    @Test("a segment count out of range is a usage error")
    func badOptions() throws {
        var options = KMLWriter.Options()
        options.circleRing = .segments(2)
        #expect {
            try writeKMLDocument([Feature(shape: .circle(Circle(center: Self.jfk, radius: 10)))], options: options)
        } throws: { error in
            (error as? MapBridgeError)?.kind == .usage
        }
    }
}
