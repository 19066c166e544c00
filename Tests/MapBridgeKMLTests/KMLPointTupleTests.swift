@testable import MapBridgeKML
import MapBridgeModel
import Testing

/// A Point's one tuple read on its own (`KMLCoordinates.singlePlainTuple`, the reader's direct
/// path) gives what parsing the whole text gives, and every other text is left to the parser.
@Suite("KML Point tuple")
struct KMLPointTupleTests {
    /// Texts of one tuple the direct path takes, and texts it leaves to the parser (several
    /// tuples, none, exponents, spaces after a comma, a fourth number, not numbers).
    private static let texts = [
        "-114.7445646,5.4009321", " 8.4682658,27.862848\n", "\t1,2,3 ", "0,0", "-0.0,-0.5,100.25", "180,90,-12",
        "1.123456789012,2", "1,2 3,4", "1,2\n3,4,5", "", "   ", "1", "1,", "1e3,2", "1, 2", "1,2,3,4", "a,b",
        "1.5,2.25,", "01,2", "1,2,3\u{A0}", "1.1234567890123456,2", ",1,2", "1,,2",
    ]

    @Test("one plain tuple reads as the parser reads it; anything else is left to the parser")
    func sameAsParser() throws {
        for text in Self.texts {
            let bytes = Array(text.utf8)
            let direct = bytes.withUnsafeBufferPointer { KMLCoordinates.singlePlainTuple($0) }
            var parsed: [Coordinate]?
            do { parsed = Array(try KMLCoordinates.parse(bytes)) } catch { parsed = nil }
            guard let direct else {
                // Left to the parser: a text the direct path took would have exactly one plain tuple.
                #expect(parsed?.count != 1 || !Self.isPlainSingle(text), "\(text.debugDescription)")
                continue
            }
            #expect(parsed?.count == 1, "\(text.debugDescription)")
            guard let only = parsed?.first else { continue }
            #expect(direct.longitude.bitPattern == only.longitude.bitPattern, "\(text.debugDescription)")
            #expect(direct.latitude.bitPattern == only.latitude.bitPattern)
            #expect(direct.altitude?.bitPattern == only.altitude?.bitPattern)
            #expect(direct.sourceText == only.sourceText, "\(text.debugDescription)")
        }
    }

    @Test("the texts of one plain tuple are the ones taken")
    func takes() {
        for text in Self.texts where Self.isPlainSingle(text) {
            let bytes = Array(text.utf8)
            #expect(bytes.withUnsafeBufferPointer { KMLCoordinates.singlePlainTuple($0) } != nil, "\(text.debugDescription)")
        }
    }

    /// Whether `text` is one tuple of two or three plain decimals (no exponent, no leading
    /// zero, at most 15 digits) with only whitespace around it.
    private static func isPlainSingle(_ text: String) -> Bool {
        let spaces: Set<Character> = [" ", "\t", "\n", "\r"]
        let trimmed = text.drop(while: spaces.contains).reversed().drop(while: spaces.contains).reversed()
        let parts = String(trimmed).split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else { return false }
        return parts.allSatisfy { part in
            let digits = part.hasPrefix("-") ? part.dropFirst() : part[...]
            let pieces = digits.split(separator: ".", omittingEmptySubsequences: false)
            guard pieces.count <= 2, pieces.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
            else { return false }
            guard pieces[0] == "0" || !pieces[0].hasPrefix("0") else { return false }
            return pieces.reduce(0) { $0 + $1.count } <= 15
        }
    }

    @Test("Points read through the direct path and the parser: positions, counts and warnings")
    func reader() throws {
        let r = try readKML(kml("""
            <Placemark><Point><coordinates> 1.5,2.25,3 </coordinates></Point></Placemark>
            <Placemark><Point><coordinates>4,5 6,7</coordinates></Point></Placemark>
            <Placemark><Point><coordinates>1e1,2</coordinates></Point></Placemark>
            <Placemark><MultiGeometry><Point><coordinates>8,9</coordinates></Point><Point><coordinates>10,11</coordinates></Point></MultiGeometry></Placemark>
            <Placemark><Point><coordinates>   </coordinates></Point></Placemark>
            """))
        #expect(r.features.count == 5)
        guard r.features.count == 5 else { return }
        #expect(r.features[0].shape == .annotation(Coordinate(longitude: 1.5, latitude: 2.25, altitude: 3)))
        if case .annotation(let c)? = r.features[0].shape {
            #expect(c.sourceText == CoordinateText(longitude: "1.5", latitude: "2.25", altitude: "3"))
        }
        #expect(r.features[1].shape == .annotation(Coordinate(longitude: 4, latitude: 5)))
        #expect(r.warnings.contains { $0.code == "point-extra" })
        #expect(r.features[2].shape == .annotation(Coordinate(longitude: 10, latitude: 2)))
        #expect(r.features[3].shape == .collection([.annotation(Coordinate(longitude: 8, latitude: 9)),
                                                     .annotation(Coordinate(longitude: 10, latitude: 11))]))
        #expect(r.features[4].shape == nil)
    }

    @Test("a Point held outside the frames keeps its place among them: inside a Point, around a line, inside a Style")
    func nesting() throws {
        let r = try readKML(kml("""
            <Placemark><Point><coordinates>1,2</coordinates><Point><coordinates>3,4</coordinates></Point></Point></Placemark>
            <Placemark><Point><coordinates>1,2</coordinates><LineString><coordinates>5,6 7,8</coordinates></LineString></Point></Placemark>
            <Placemark><Style><Point><coordinates>1,2</coordinates></Point></Style><LineString><coordinates>0,0 1,1</coordinates></LineString></Placemark>
            <Placemark><Point><coordinates>1,2</coordinates><coordinates>3,4</coordinates></Point></Placemark>
            """))
        #expect(r.features.count == 4)
        guard r.features.count == 4 else { return }
        let a = Coordinate(longitude: 1, latitude: 2)
        #expect(r.features[0].shape == .collection([.annotation(Coordinate(longitude: 3, latitude: 4)), .annotation(a)]))
        let line = Polyline([Coordinate(longitude: 5, latitude: 6), Coordinate(longitude: 7, latitude: 8)])
        #expect(r.features[1].shape == .collection([.polyline(line), .annotation(a)]))
        #expect(r.features[2].shape == .polyline(Polyline([Coordinate(longitude: 0, latitude: 0), Coordinate(longitude: 1, latitude: 1)])))
        #expect(r.features[3].shape == .annotation(Coordinate(longitude: 3, latitude: 4)))
    }
}
