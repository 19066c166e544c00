@testable import MapBridgeKML
import MapBridgeModel
import Testing

@Suite("KML coordinate text")
struct KMLCoordinatesTextTests {
    private func parse(_ text: String) throws -> CoordinateList {
        try KMLCoordinates.parse(Array(text.utf8))
    }

    @Test("a 2D tuple after a 3D one has no altitude, in value or text")
    func mixedDimensions() throws {
        let cs = try parse("1,2,3 4,5 6.50,7,8.0")
        #expect(cs.map(\.altitude) == [3, nil, 8])
        #expect(cs.map(\.sourceText) == [
            CoordinateText(longitude: "1", latitude: "2", altitude: "3"),
            CoordinateText(longitude: "4", latitude: "5"),
            CoordinateText(longitude: "6.50", latitude: "7", altitude: "8.0"),
        ])
    }

    @Test("numbers keep their text, in fixed point or not; lenient numbers keep none")
    func texts() throws {
        let cs = try parse("-73.77810,40.6398,4 1e-7,0.10 +1,2")
        #expect(cs[0].sourceText == CoordinateText(longitude: "-73.77810", latitude: "40.6398", altitude: "4"))
        #expect(cs[1].sourceText == CoordinateText(longitude: "1e-7", latitude: "0.10"))
        #expect(cs[2].sourceText == nil)
        #expect(cs[2].longitude == 1)
    }
}

@Suite("KML coordinate fast path")
struct KMLCoordinatesFastPathTests {
    /// The coordinates by the fast path (when it takes the text), by the general parser, and
    /// as the reader reads them (into a list it keeps, the text followed by padding).
    private func bothWays(_ text: String) throws -> (fast: CoordinateList?, general: CoordinateList, reader: CoordinateList) {
        let bytes = Array(text.utf8)
        let padded = bytes + Array(repeating: 0x20, count: KMLText.padding)
        var reader: CoordinateList = [Coordinate(longitude: 9, latitude: 9)]
        var overlong: String?
        try padded.withUnsafeBufferPointer { buffer in
            try KMLCoordinates.parse(UnsafeBufferPointer(rebasing: buffer[..<bytes.count]), into: &reader,
                                     overlong: &overlong, padded: true)
        }
        return try bytes.withUnsafeBufferPointer { buffer in
            var fast: CoordinateList = []
            let taken = KMLCoordinates.parsePlainTuples(buffer, into: &fast)
            return (taken ? fast : nil, try KMLCoordinates.parse(buffer), reader)
        }
    }

    private func same(_ a: CoordinateList, _ b: CoordinateList) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { x, y in
            x.longitude.bitPattern == y.longitude.bitPattern && x.latitude.bitPattern == y.latitude.bitPattern
                && x.altitude?.bitPattern == y.altitude?.bitPattern && x.sourceText == y.sourceText
        }
    }

    @Test("plain tuples take the fast path and read as the general parser reads them")
    func plain() throws {
        for text in ["7.654124,29.384815 7.652962,29.382765", "\n  -0,0.0,12 \t1,2\r\n", "-180.000001,-90,-0.50",
                     "123456789012.345,1.2", "0.000001,-0.1000000 5,6,7", "", "  \n "] {
            let (fast, general, reader) = try bothWays(text)
            #expect(fast != nil, "\(text)")
            #expect(same(fast ?? [], general), "\(text)")
            #expect(same(reader, general), "\(text)")
        }
    }

    @Test("many generated texts read alike by the fast path and the general parser, short and long")
    func generated() throws {
        // A fixed sequence (no clock, no system randomness): the same texts every run.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: (state >> 33) % UInt64(bound))
        }
        func number() -> String {
            var text = next(4) == 0 ? "-" : ""
            let integerDigits = 1 + next(4)
            if next(5) == 0 {
                text += "0"
            } else {
                text += String(1 + next(9))
                for _ in 1..<integerDigits { text += String(next(10)) }
            }
            let fraction = next(14)
            if fraction > 0 {
                text += "."
                for _ in 0..<fraction { text += String(next(10)) }
            }
            return text
        }
        let spaces = [" ", "\n", "\t", "\r\n", "  \n\t"]
        var taken = 0
        for _ in 0..<300 {
            let tuples = next(3) == 0 ? 1 + next(2) : 1 + next(40)
            var text = next(2) == 0 ? spaces[next(spaces.count)] : ""
            for t in 0..<tuples {
                if t > 0 { text += spaces[next(spaces.count)] }
                text += number() + "," + number()
                if next(3) == 0 { text += "," + number() }
            }
            if next(2) == 0 { text += spaces[next(spaces.count)] }
            let (fast, general, reader) = try bothWays(text)
            if let fast {
                taken += 1
                #expect(same(fast, general), "\(text)")
            }
            #expect(same(reader, general), "\(text)")
        }
        // Most texts take the fast path (a number of more than 15 digits declines it).
        #expect(taken > 100)
    }

    @Test("every shape of number, read in place and near the text's end, reads as the general parser reads it")
    func numberShapes() throws {
        // Integer parts of every length the fast path reads in one word or two (and past it),
        // fractions likewise, signs, leading zeros, a trailing point and exponents.
        let integers = ["0", "00", "05", "7", "12", "180", "1234567", "12345678", "123456789", "123456789012345",
                        "1234567890123456"]
        let fractions: [String?] = [nil, "", "5", "50", "0001", "123456", "1234567", "12345678", "123456789",
                                    "12345678901234", "123456789012345", "1234567890123456"]
        let suffixes = ["", "e5", "E-3"]
        // Whole tuples after the number's, so that it is read in place (not within the last
        // `tupleReach` bytes), and before it, so that it is read from the padded copy.
        let filler = String(repeating: "3.25,4.5 ", count: 9)
        var taken = 0
        for sign in ["", "-"] {
            for integer in integers {
                for fraction in fractions {
                    for suffix in suffixes {
                        let x = sign + integer + (fraction.map { "." + $0 } ?? "") + suffix
                        let digits = integer.count + (fraction?.count ?? 0)
                        let plain = suffix.isEmpty && fraction != "" && digits <= 15
                            && (integer == "0" || !integer.hasPrefix("0"))
                        for text in ["\(x),1.5", "1.5,\(x)", "1.5,2.5,\(x)", "\(x),1.5 \(filler)", "\(filler)\(x),-2",
                                     "\(x),\(x),\(x)\n\(filler)", "\(filler)1,\(x),\(x)"] {
                            // Some texts are no coordinates (`05.e5`): the general parser throws.
                            let bytes = Array(text.utf8)
                            var fast: CoordinateList = []
                            let took = bytes.withUnsafeBufferPointer { KMLCoordinates.parsePlainTuples($0, into: &fast) }
                            let general = try? KMLCoordinates.parse(bytes)
                            if took {
                                taken += 1
                                #expect(general.map { same(fast, $0) } == true, "\(text)")
                            }
                            // A plain decimal of at most 15 digits is the fast path's to read.
                            #expect(took == plain, "\(text)")
                            var reader: CoordinateList = [Coordinate(longitude: 9, latitude: 9)]
                            var overlong: String?
                            let read: CoordinateList? = bytes.withUnsafeBufferPointer { buffer in
                                do {
                                    try KMLCoordinates.parse(buffer, into: &reader, overlong: &overlong)
                                    return reader
                                } catch {
                                    return nil
                                }
                            }
                            switch (read, general) {
                            case let (read?, general?): #expect(same(read, general), "\(text)")
                            case (nil, nil): break
                            default: Issue.record("the reader and the parser disagree on \(text)")
                            }
                        }
                    }
                }
            }
        }
        #expect(taken > 500)
    }

    @Test("texts of every length around the part read from a copy read as the general parser reads them")
    func lengths() throws {
        let tuples = ["-122.4194155,37.7749295", "0,0", "7.654124,29.384815,1200.5", "-0.5,-0,12345678.25",
                      "179.999999999999,-89.99999999999"]
        let spaces = [" ", "\n", "\t", "\r\n", "  \n\t"]
        for count in 1...24 {
            for shift in 0..<tuples.count {
                var text = shift % 2 == 0 ? "" : spaces[shift]
                for i in 0..<count {
                    if i > 0 { text += spaces[(i + shift) % spaces.count] }
                    text += tuples[(i + shift) % tuples.count]
                }
                if shift % 3 == 0 { text += spaces[count % spaces.count] }
                let (fast, general, reader) = try bothWays(text)
                #expect(fast != nil, "\(text)")
                #expect(same(fast ?? [], general), "\(text)")
                #expect(same(reader, general), "\(text)")
            }
        }
    }

    @Test("the fast path appends to what the array holds, as the parser's tuples")
    func appends() throws {
        for text in ["1,2", "1,2 3,4 5,6 7,8 9,10 11,12", "0.5,0.25,3"] {
            let bytes = Array(text.utf8)
            let head = Coordinate(longitude: 9, latitude: 9)
            var fast: CoordinateList = [head]
            let taken = bytes.withUnsafeBufferPointer { KMLCoordinates.parsePlainTuples($0, into: &fast) }
            #expect(taken)
            #expect(same(fast, [head] + (try KMLCoordinates.parse(bytes))), "\(text)")
        }
    }

    @Test("a text longer than a chunk of the list goes into it run by run, or falls back whole")
    func chunks() throws {
        let chunk = 4_096
        func tuples(_ count: Int) -> String {
            (0..<count).map { "\($0 % 360 - 180).\($0 % 97),\($0 % 170 - 85).5" }.joined(separator: " ")
        }
        // Exactly one chunk, one tuple more, and several chunks and a part.
        for count in [chunk, chunk + 1, 2 * chunk + 7] {
            let (fast, general, reader) = try bothWays(tuples(count))
            #expect(fast?.count == count)
            #expect(same(fast ?? [], general), "\(count) tuples")
            #expect(same(reader, general), "\(count) tuples, padded")
        }
        // Appended after what the list holds, across chunks.
        let bytes = Array(tuples(chunk + 3).utf8)
        let head = Coordinate(longitude: 9, latitude: 9)
        var fast: CoordinateList = [head]
        #expect(bytes.withUnsafeBufferPointer { KMLCoordinates.parsePlainTuples($0, into: &fast) })
        #expect(same(fast, [head] + (try KMLCoordinates.parse(bytes))))
        // Something the fast path declines in a later chunk: nothing of the earlier runs stays.
        let late = Array((tuples(chunk + 5) + " 1e-7,2").utf8)
        var declined: CoordinateList = [head]
        #expect(!late.withUnsafeBufferPointer { KMLCoordinates.parsePlainTuples($0, into: &declined) })
        #expect(same(declined, [head]))
    }

    @Test("anything else falls back to the general parser, which reads it as before")
    func fallback() throws {
        for text in ["1, 2", "1,2, 3", "1e-7,2", "+1,2", "01,2", "1.,2", "1,2,3,4", "1234567890123456,1",
                     "0.0000000000000001,2", "1,2,", "1,2 3,4,"] {
            let (fast, general, reader) = try bothWays(text)
            #expect(fast == nil, "\(text)")
            #expect(same(reader, general), "\(text)")
        }
    }

    @Test("a text the fast path declines still reports its problem")
    func problems() {
        for text in ["1", "1,2 3", "1,x", "-,1", "1;2"] {
            let bytes = Array(text.utf8)
            #expect(throws: KMLCoordinates.Problem.self) {
                try bytes.withUnsafeBufferPointer { buffer in
                    var result: CoordinateList = []
                    var overlong: String?
                    try KMLCoordinates.parse(buffer, into: &result, overlong: &overlong)
                }
            }
        }
    }
}

@Suite("KML numbers")
struct KMLNumberFastPathTests {
    private func number(_ text: String) -> (value: Double, isJSON: Bool)? {
        Array(text.utf8).withUnsafeBufferPointer { KMLCoordinates.number($0) }
    }

    @Test("plain decimals and other JSON numbers read correctly rounded, and as JSON")
    func json() {
        for text in ["1.1", "-0.5", "0", "-0", "12345.678901234", "0.1", "-179.9999999", "1e3", "1234567890123456", "0.30000000000000004"] {
            let read = number(text)
            #expect(read?.value.bitPattern == Double(text)?.bitPattern, "\(text)")
            #expect(read?.isJSON == true, "\(text)")
        }
    }

    @Test("lenient numbers are read but not as JSON; anything else is no number")
    func lenient() {
        for text in ["1.", ".5", "01", "+1"] {
            #expect(number(text)?.value == Double(text == "1." ? "1" : text), "\(text)")
            #expect(number(text)?.isJSON == false, "\(text)")
        }
        for text in ["x", "1,2", ""] { #expect(number(text) == nil, "\(text)") }
    }
}
