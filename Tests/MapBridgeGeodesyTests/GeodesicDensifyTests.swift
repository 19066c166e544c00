import MapBridgeGeodesy
import MapBridgeModel
import Testing

@Suite("Geodesic densification")
struct GeodesicDensifyTests {
    /// A coordinate remembering text different from what plain formatting would give.
    static func texted(_ latitude: Double, _ longitude: Double, _ tag: String) -> Coordinate {
        Coordinate(longitude: longitude, latitude: latitude, altitude: nil,
                   sourceText: CoordinateText(longitude: "\(longitude)\(tag)", latitude: "\(latitude)\(tag)"))
    }

    /// The longest piece between neighbours, metres.
    static func longestPiece(_ line: CoordinateList) -> Double {
        zip(line, line.dropFirst()).map { wgs84.distance(from: $0, to: $1) }.max() ?? 0
    }

    /// Whether `originals` appear in `line`, in order, with the same values and source text.
    static func keepsOriginals(_ line: CoordinateList, _ originals: CoordinateList) -> Bool {
        var rest = line[...]
        for original in originals {
            guard let index = rest.firstIndex(where: { $0 == original && $0.sourceText == original.sourceText }) else {
                return false
            }
            rest = rest[(index + 1)...]
        }
        return true
    }

    @Test("nothing or one point comes back as it is", arguments: [0, 1])
    func tiny(count: Int) throws {
        let line = CoordinateList([Self.texted(1, 2, "0")].prefix(count))
        let result = try wgs84.densify(line, maximumSegment: 1)
        #expect(result == line)
        #expect(result.map(\.sourceText) == line.map(\.sourceText))
    }

    @Test("segments already short enough are left alone")
    func shortEnough() throws {
        let line = [Place.jfk, Place.lhr, Place.sin]
        #expect(Array(try wgs84.densify(line, maximumSegment: 11_000_000)) == line)
        // A segment exactly as long as the maximum is not cut.
        let exact = wgs84.distance(from: Place.jfk, to: Place.sin)
        #expect(try wgs84.densify([Place.jfk, Place.sin], maximumSegment: exact).count == 2)
        // Repeated points have nothing to cut.
        #expect(try wgs84.densify([Place.jfk, Place.jfk], maximumSegment: 1).count == 2)
    }

    @Test("JFK to SIN in pieces of at most 100 km: 154 equal pieces on the geodesic")
    func jfkToSingapore() throws {
        let result = try wgs84.densify([Place.jfk, Place.sin], maximumSegment: 100_000)
        #expect(result.count == 155)
        #expect(result.first == Place.jfk && result.last == Place.sin)
        let pieces = zip(result, result.dropFirst()).map { wgs84.distance(from: $0, to: $1) }
        #expect(pieces.allSatisfy { abs($0 - 15348632.9495853 / 154) < distanceTolerance })
        #expect(abs(wgs84.length(of: result) - 15348632.9495853) < 1e-4)
        // The 77th point is halfway (GeographicLib's InverseLine.Position).
        #expect(abs(result[77].latitude - 70.33764964414625) < angleTolerance)
        #expect(abs(result[77].longitude - 97.04357627218076) < angleTolerance)
    }

    @Test("no piece is longer than the maximum; the vertices given are kept with their text",
          arguments: [1.0, 999.5, 12_345, 100_000, 2_500_000])
    func maximumHolds(maximumSegment: Double) throws {
        let line = [Self.texted(40.6398, -73.7789, "0"), Self.texted(51.47, -0.4543, "00"),
                    Self.texted(51.4700001, -0.4543, "0"), Self.texted(-16.5, 179.5, "0"),
                    Self.texted(-17.2, -179.8, "00"), Self.texted(-17.25, -179.7, "0")]
        let sample = maximumSegment < 1_000 ? Array(line.suffix(2)) : line
        let result = try wgs84.densify(sample, maximumSegment: maximumSegment)
        #expect(Self.longestPiece(result) <= maximumSegment)
        let keeps = Self.keepsOriginals(result, CoordinateList(sample))
        let normalised = result.allSatisfy { (-180...180).contains($0.longitude) }
        #expect(keeps)
        #expect(normalised)
        #expect(abs(wgs84.length(of: result) - wgs84.length(of: sample)) < 1e-3)
    }

    @Test("across the antimeridian and over a pole, added points stay on the geodesic")
    func onTheGeodesic() throws {
        for (a, b) in [(point(-16.5, 179.5), point(-17.2, -179.8)), (point(80, -170), point(75, 20))] {
            let result = try wgs84.densify([a, b], maximumSegment: 10_000)
            let bearing = wgs84.inverse(from: a, to: b).initialAzimuth
            for p in result.dropFirst().dropLast() {
                #expect(angleDifference(wgs84.inverse(from: a, to: p).initialAzimuth, bearing) < 1e-7)
            }
        }
    }

    @Test("a closed ring stays closed")
    func ring() throws {
        let square = [point(0, 0), point(0, 1), point(1, 1), point(1, 0), point(0, 0)]
        let result = try wgs84.densify(square, maximumSegment: 20_000)
        #expect(result.first == result.last)
        #expect(result.count > square.count)
        #expect(abs(wgs84.signedArea(of: result) - wgs84.signedArea(of: square)) < 1)
    }

    @Test("altitudes are interpolated when both ends have one")
    func altitudes() throws {
        let result = try wgs84.densify([point(0, 0, altitude: 100), point(0, 0.1, altitude: 200)], maximumSegment: 3_000)
        #expect(result.count == 5)
        #expect(result.map(\.altitude) == [100, 125, 150, 175, 200])
        let mixed = try wgs84.densify([point(0, 0, altitude: 100), point(0, 0.1)], maximumSegment: 3_000)
        #expect(mixed.dropFirst().dropLast().allSatisfy { $0.altitude == nil })
    }

    @Test("a maximum that is not a positive number is a usage error", arguments: [0, -1, Double.nan, .infinity])
    func badMaximum(maximumSegment: Double) {
        #expect { try wgs84.densify([Place.jfk, Place.sin], maximumSegment: maximumSegment) } throws: { error in
            (error as? MapBridgeError)?.kind == .usage
        }
    }

    @Test("a maximum that would need millions of points on one segment is a usage error")
    func tooManyPieces() {
        #expect { try wgs84.densify([Place.jfk, Place.sin], maximumSegment: 1) } throws: { error in
            (error as? MapBridgeError)?.kind == .usage && "\(error)".contains("segment 0")
        }
    }

    @Test("a vertex beyond the poles is a data error naming it")
    func badVertex() {
        #expect { try wgs84.densify([Place.jfk, point(95, 0)], maximumSegment: 1000) } throws: { error in
            (error as? MapBridgeError)?.kind == .data && "\(error)".contains("vertex 1")
        }
    }
}
