@testable import MapBridgeKML
import MapBridgeIO
import MapBridgeModel
import TestSupport
import Testing

/// What a coordinate text reads as, exactly: each coordinate's values (as bit patterns) and
/// kept text, the note on an overlong tuple, or the problem.
private func outcome(_ body: (inout CoordinateList) throws(KMLCoordinates.Problem) -> String?) -> String {
    var result: CoordinateList = [Coordinate(longitude: 9, latitude: 9)]
    do throws(KMLCoordinates.Problem) {
        let overlong = try body(&result)
        return described(result) + " | \(overlong ?? "-")"
    } catch {
        return "problem: \(error.message)"
    }
}

private func described(_ coordinates: CoordinateList) -> String {
    coordinates.map { c in
        "\(c.longitude.bitPattern),\(c.latitude.bitPattern),\(c.altitude.map { "\($0.bitPattern)" } ?? "-") \(String(describing: c.sourceText))"
    }.joined(separator: "; ")
}

/// The text read whole, as the reader reads a text it does not stream.
private func whole(_ bytes: [UInt8]) -> String {
    outcome { (result: inout CoordinateList) throws(KMLCoordinates.Problem) -> String? in
        var overlong: String?
        let read = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(KMLCoordinates.Problem) in try KMLCoordinates.parse(buffer, into: &result, overlong: &overlong) }
        }
        try read.get()
        return overlong
    }
}

/// The text handed to a stream in the pieces that `cuts` (ascending offsets) make, gathered
/// in a text buffer as the reader gathers it.
private func streamed(_ bytes: [UInt8], cuts: [Int], block: Int) -> String {
    outcome { (result: inout CoordinateList) throws(KMLCoordinates.Problem) -> String? in
        var stream = KMLCoordinateStream(block: block)
        var text = KMLText()
        var from = 0
        for to in cuts + [bytes.count] {
            bytes[from..<to].withUnsafeBufferPointer { text.append($0) }
            if text.count >= stream.nextCut {
                if !stream.isActive { stream.start(depth: 1) }
                stream.cut(&text, into: &result)
            }
            from = to
        }
        let held = stream.consumed + text.count
        #expect(held == bytes.count)
        var overlong: String?
        // Followed by padding, as the reader hands it over (`whole` reads the text without).
        try stream.finish(text.paddedBytes(), padded: true, depth: 1, into: &result, overlong: &overlong)
        let (active, touched, consumed) = (stream.isActive, stream.touched, stream.consumed)
        #expect(!active && !touched && consumed == 0)
        return overlong
    }
}

@Suite("KML coordinates read as the text arrives")
struct KMLCoordinateStreamTests {
    /// Texts for the fast path and the general parser, with problems, spaces after commas,
    /// overlong tuples, lenient numbers and numbers too long for any path.
    static let tricky = [
        "1,2 3,4", " 1,2\n3,4 ", "\r\n1.5,2.25,0\r\n 3,4\t5,6 ", "1, 2 3 ,4", "1,2 ,3 4,5", "1 ,2 5,6", ", ,1,2 3,4",
        "1,2,3,4,5 6,7 8,9,10,11", "1e-7,2 3,4 +5,6 7,8", "01,2 1.,2 .5,3 -0,0.0,12", "1,2 3", "1,2 3 4,5", "1,2 x,4",
        "1,,2 3,4", "1,2, 3,4", "1,2 3,4,", "-,1", "1;2 3,4", "12345678901234567,1 2,3", "0.0000000000000001,2 3,4",
        String(repeating: "7", count: 70) + ",1 2,3", "1,2 " + String(repeating: "x", count: 70), "", "   ", ",",
        "-73.77810,40.6398,4 -73.7781,40.64 1e3,2E-2,3 -179.9999999,-89.5,0 180,90",
    ]

    @Test("a text cut at any byte reads as the whole text, for every block size")
    func everyCut() {
        for text in Self.tricky {
            let bytes = Array(text.utf8)
            let expected = whole(bytes)
            for block in [1, 2, 5, 16] {
                for cut in 0...bytes.count {
                    #expect(streamed(bytes, cuts: [cut], block: block) == expected, "\(text) cut at \(cut), block \(block)")
                }
                // A byte at a time.
                #expect(streamed(bytes, cuts: Array(0..<bytes.count), block: block) == expected, "\(text) bytewise, block \(block)")
            }
        }
    }

    @Test("numbers of one word and of two, cut at any byte, read as the whole text")
    func longNumbers() {
        // Eight digits and more (the scanner's second word), fifteen, and sixteen (declined).
        let texts = ["-122.4194155,37.7749295 29.384815,-7.654124,1200.5\n", "1234567.12345678,0.12345678901234 1,2",
                     "7.1234567,-8.12345678\t12345678.25,1.123456789012345 0,0", "1.234567890123456,2 3,4"]
        for text in texts {
            let bytes = Array(text.utf8)
            let expected = whole(bytes)
            for block in [1, 5, 16] {
                for cut in 0...bytes.count {
                    #expect(streamed(bytes, cuts: [cut], block: block) == expected, "\(text) cut at \(cut), block \(block)")
                }
            }
        }
    }

    @Test("tricky texts joined into a long one read alike, however cut, and a problem is the whole text's")
    func joined() {
        // Every pair of tricky texts, run together after a plain run: the cut places fall
        // before, inside and after the tricky part.
        let plain = (0..<12).map { "\($0).25,-\($0).5" }.joined(separator: " ")
        for a in Self.tricky {
            for b in ["1,2 3,4,5", "1, 2", "x"] {
                let bytes = Array((plain + " " + a + " " + b + "\n").utf8)
                let expected = whole(bytes)
                for step in [1, 3, 7] {
                    let cuts = Array(stride(from: step, to: bytes.count, by: step))
                    #expect(streamed(bytes, cuts: cuts, block: 8) == expected, "\(a) + \(b), step \(step)")
                }
            }
        }
    }

    @Test("the fast path reads alike into a fresh list, one kept from an earlier text, and one another value shares")
    func keptLists() {
        var kept: CoordinateList = []
        for text in Self.tricky + ["1,2 3,4 5,6 7,8 9,10 11,12", String(repeating: "1.5,2.25 ", count: 100), "1,2,3 4,5"] {
            let bytes = Array(text.utf8)
            var own: CoordinateList = [], shared: CoordinateList = [Coordinate(longitude: 9, latitude: 9)]
            let other = shared
            shared.removeAll(keepingCapacity: true)
            kept.removeAll(keepingCapacity: true)
            let (a, b, c) = bytes.withUnsafeBufferPointer { buffer in
                (KMLCoordinates.parsePlainTuples(buffer, into: &own),
                 KMLCoordinates.parsePlainTuples(buffer, into: &kept),
                 KMLCoordinates.parsePlainTuples(buffer, into: &shared))
            }
            #expect(a == b && b == c, "\(text)")
            #expect(described(own) == described(kept) && described(own) == described(shared), "\(text)")
            #expect(other.count == 1 && other[0] == Coordinate(longitude: 9, latitude: 9))
            _ = kept.takeCompacted()
        }
    }

    @Test("the place where a tuple surely starts: after whitespace, with no comma back to the number before")
    func tupleStarts() {
        func start(_ text: String) -> Int? {
            Array(text.utf8).withUnsafeBufferPointer { KMLCoordinates.lastTupleStart(in: $0) }
        }
        #expect(start("1,2 3,4") == 4)
        #expect(start("1,2 3,4 ") == 4)
        #expect(start("1,2 3,4 5") == 8)
        #expect(start("1,2 ,3") == nil)
        #expect(start("1,2 , 3 4") == 8)
        #expect(start("1, 2") == nil)
        #expect(start("  1,2") == nil)
        #expect(start("1,2") == nil)
        #expect(start("") == nil)
    }

    @Test("a tuple longer than the block waits whole; the buffer is tried again once it has doubled")
    func longTuple() {
        let numbers = (0..<2000).map { "\($0 % 90)" }.joined(separator: ",")
        let bytes = Array(("1,2 " + numbers + " 3,4").utf8)
        let expected = whole(bytes)
        #expect(expected.contains("tuple 2 has 2000 numbers"))
        #expect(streamed(bytes, cuts: Array(stride(from: 5, to: bytes.count, by: 5)), block: 16) == expected)
    }

    @Test("a cancelled stream starts afresh, its text and problem forgotten; a text not cut reads whole")
    func lifecycle() throws {
        var stream = KMLCoordinateStream(block: 4)
        var text = KMLText()
        var result: CoordinateList = []
        stream.start(depth: 3)
        var active = stream.isActive
        #expect(active)
        text.append("1,2 3,4 5,6 x 7,8 ")
        stream.cut(&text, into: &result)
        let consumed = stream.consumed
        #expect(consumed > 0)
        stream.cancel()
        text.removeAll()
        let state = (stream.isActive, stream.touched, stream.consumed, stream.nextCut)
        #expect(state == (false, false, 0, 4))
        text.append("7,8 9,10")
        var overlong: String?
        try stream.finish(text.bytes, depth: 3, into: &result, overlong: &overlong)
        #expect(result.map(\.longitude) == [7, 9])
        active = stream.isActive
        #expect(!active)
    }
}

@Suite("KML reader: coordinates cut anywhere by the parser")
struct KMLReaderCoordinateCutTests {
    /// The features' coordinates (values and text), the warnings and the error, as read from
    /// `text` handed over `step` bytes at a time.
    static func read(_ text: String, step: Int) -> String {
        let bytes = Array(text.utf8)
        var out: [String] = []
        let reader = KMLReader(path: "t.kml", report: { out.append("warning \($0.code) \($0.message) \(String(describing: $0.location))") },
                               source: { _ in ByteSource.trickling(bytes, step: step, name: "t.kml") })
        do {
            while let feature = try reader.next() {
                var coordinates: CoordinateList = []
                feature.shape?.forEachCoordinate { coordinates.append($0) }
                out.append("feature \(feature.title ?? "") \(described(coordinates))")
            }
        } catch let error as MapBridgeError {
            out.append("error \(error.message) \(String(describing: error.location))")
        } catch {
            out.append("error \(error)")
        }
        return out.joined(separator: "\n")
    }

    @Test("long lines with entity references, CR LF and problems read alike in one piece and a byte at a time")
    func longLines() throws {
        // More than the stream's block (16 KiB), so that the text is parsed in pieces.
        let long = (0..<1500).map { k in "\(k % 360 - 180).\(k % 1000),\(k % 170 - 85).5\(k % 3 == 0 ? ",12" : "")" }
        let plain = long.joined(separator: " ")
        let escaped = long.joined(separator: "&#x20;").replacingOccurrences(of: ",", with: "&#44;")
        #expect(plain.utf8.count > 20_000)
        func placemark(_ name: String, _ coordinates: String) -> String {
            "<Placemark><name>\(name)</name><LineString><coordinates>\(coordinates)</coordinates></LineString></Placemark>"
        }
        let cases = [
            placemark("plain", "\r\n  " + plain + "\r\n"),
            placemark("escaped", escaped),
            placemark("overlong", plain + " 1,2,3,4 " + plain),
            placemark("spaces", plain.replacingOccurrences(of: ",", with: ", ")),
            placemark("lenient", plain + " +1,2 1e-7,2"),
            placemark("bad", plain + "\n 1,2 3 4,5"),
            "<Placemark><name>inside</name><LineString><coordinates>\(plain) <b/>1,2 3,4</coordinates></LineString></Placemark>",
            // Inside an element the reader does not know, and a long text that is no coordinates:
            // read whole, not cut.
            "<Placemark><name>wrapped</name><LineString><extra><coordinates>\(plain)</coordinates></extra></LineString></Placemark>",
            "<Placemark><name>long</name><description>\(plain)</description><Point><coordinates>1,2</coordinates></Point></Placemark>",
        ]
        for body in cases {
            let document = kml(body)
            let expected = Self.read(document, step: 1 << 20)
            #expect(!expected.isEmpty)
            for step in [1, 13, 4096] {
                #expect(Self.read(document, step: step) == expected, "\(body.prefix(60)) step \(step)")
            }
        }
        // An element inside the text: what follows it is the text.
        let inside = try readKML(kml(cases[6]))
        #expect(inside.features.first?.shape?.coordinateCount == 2)
        // The problem is reported at the end of the coordinates, as for a text read whole.
        let bad = Self.read(kml(cases[5]), step: 1)
        #expect(bad.contains("tuple 1502 has one number"))
        #expect(Self.read(kml(cases[2]), step: 7).contains("warning tuple-length coordinate tuple 1501 has 4 numbers"))
    }
}
