@testable import MapBridgeKML
import MapBridgeModel
import Testing

/// The edges of the coordinate scanner's fast path (`KMLCoordinates.parsePlainTuples`): every
/// plain decimal it takes reads as the correctly rounded double of its text (what `Double(_:)`
/// gives), its text kept exactly, wherever it stands in the text; anything else it declines.
@Suite("KML tuple scanner edges")
struct KMLTupleScannerTests {
    /// Whole tuples, so that a number after them is read in place and one before them from the
    /// copy of the text's last bytes.
    private let filler = String(repeating: "3.25,4.5 ", count: 9)

    /// Plain decimals of 1 to 15 digits, every split between the integer part (1 to 7 digits)
    /// and the fraction, with and without a sign: one word, two words, and integers.
    private var plainNumbers: [String] {
        var numbers: [String] = []
        for integer in ["0", "7", "12", "180", "1234", "98765", "123456", "1234567"] {
            for fraction in 0...(15 - integer.count) {
                let digits = String("98765432109876543210".prefix(fraction))
                let x = fraction == 0 ? integer : integer + "." + digits
                numbers += [x, "-" + x]
            }
        }
        return numbers
    }

    /// The fast path's coordinates of `text`, or `nil` when it declines the text; the same
    /// (checked here) whether the text is followed by padding, and read in place to its end,
    /// or not, and its last tuples read from a copy.
    private func fast(_ text: String) -> CoordinateList? {
        let bytes = Array(text.utf8)
        var result: CoordinateList = []
        let taken = bytes.withUnsafeBufferPointer { KMLCoordinates.parsePlainTuples($0, into: &result) }
        let padded = bytes + Array(repeating: 0x20, count: KMLText.padding)
        var inPlace: CoordinateList = []
        let takenInPlace = padded.withUnsafeBufferPointer {
            KMLCoordinates.parsePlainTuples(UnsafeBufferPointer(rebasing: $0[..<bytes.count]), into: &inPlace, padded: true)
        }
        #expect(taken == takenInPlace, "\(text)")
        #expect(!taken || same(result, inPlace), "\(text)")
        return taken ? result : nil
    }

    /// Whether `c` holds exactly the numbers `texts` spell (correctly rounded) and keeps them.
    private func holds(_ c: Coordinate, _ texts: [String]) -> Bool {
        let values = [c.longitude, c.latitude] + (c.altitude.map { [$0] } ?? [])
        guard values.count == texts.count, let text = c.sourceText else { return false }
        let kept = [text.longitude, text.latitude] + (text.altitude.map { [$0] } ?? [])
        return kept == texts
            && zip(values, texts).allSatisfy { value, text in value.bitPattern == Double(text)?.bitPattern }
    }

    @Test("every plain decimal, as longitude, latitude or altitude, at the text's end or not, reads as its text")
    func plainDecimals() {
        for x in plainNumbers {
            // (text, the tuples it holds)
            let cases: [(String, [[String]])] = [
                ("\(x),1.5", [[x, "1.5"]]),
                ("1.5,\(x) ", [["1.5", x]]),
                ("1.5,2.5,\(x)", [["1.5", "2.5", x]]),
                ("\(x),\(x),\(x)\r\n", [[x, x, x]]),
                ("\t\(x),-2\n3,\(x)", [[x, "-2"], ["3", x]]),
                ("\(x),\(x)\r\n\(filler)", [[x, x]] + Array(repeating: ["3.25", "4.5"], count: 9)),
                ("\(filler)\(x),0,\(x)", Array(repeating: ["3.25", "4.5"], count: 9) + [[x, "0", x]]),
            ]
            for (text, tuples) in cases {
                guard let read = fast(text) else {
                    Issue.record("declined: \(text)")
                    continue
                }
                #expect(read.count == tuples.count, "\(text)")
                #expect(zip(read, tuples).allSatisfy { holds($0, $1) }, "\(text)")
            }
        }
    }

    @Test("exponents, signs, leading zeros, more than 15 digits and stray bytes are declined")
    func declined() throws {
        // JSON numbers the fast path leaves to the parser, which keeps their text.
        let json = ["1e5", "1.5E-3", "-2.5e+10", "0.5e0", "1234567890123456", "123456789.1234567", "1234567.123456789",
                    "1.23456789012345678", "-179.99999999999999999", "0.0000000000000001"]
        for x in json {
            for text in ["\(x),1", "1,\(x)", "1,2,\(x) ", "\(filler)\(x),1", "\(x),1 \(filler)"] {
                #expect(fast(text) == nil, "\(text)")
                let general = try KMLCoordinates.parse(Array(text.utf8))
                let c = try #require(general.first { $0.sourceText?.longitude == x || $0.sourceText?.latitude == x
                    || $0.sourceText?.altitude == x })
                let value = [c.longitude, c.latitude, c.altitude ?? .nan].first { $0.bitPattern == Double(x)?.bitPattern }
                #expect(value != nil, "\(text)")
            }
        }
        // Texts that are no plain decimal: the parser reads them (or says why not).
        let others = ["+1.5", "01.5", "00", "-05", "1.", "-1.", ".5", "-.5", "-", "1.5.2", "1..5", "--1", "1-2", "1.5x",
                      "7.654124e", "29.384815/", "12345678:", "1.2345678a", "-0.1234567,", "0x10"]
        for x in others {
            for text in ["\(x),1", "1,\(x)", "1,2,\(x)", "\(filler)\(x),1", "\(x),1 \(filler)"] {
                #expect(fast(text) == nil, "\(text)")
            }
        }
    }

    @Test("a tuple of one number or of four, and spaces after a comma, are left to the parser")
    func shapes() {
        for text in ["1.5", "1.5 2.5,3", "1,2,3,4", "1, 2", "1,2 ,3", "1,2, 3", "1,,2", ",1,2", "1,2,"] {
            #expect(fast(text) == nil, "\(text)")
            #expect(fast(filler + text) == nil, "\(filler)\(text)")
        }
        // Whitespace of every kind between tuples, and before and after them, is taken.
        for text in ["1,2 3,4", "1,2\n3,4", "1,2\r\n3,4", "1,2\t3,4", " \t\r\n1,2 \t\r\n3,4 \t\r\n"] {
            let read = fast(text)
            #expect(read?.count == 2, "\(text)")
        }
    }

    /// The general parser's coordinates of `text`.
    private func general(_ text: String) throws -> CoordinateList {
        try KMLCoordinates.parse(Array(text.utf8))
    }

    /// Whether `a` and `b` hold the same coordinates, bit for bit and text included.
    private func same(_ a: CoordinateList, _ b: CoordinateList) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { x, y in
            x.longitude.bitPattern == y.longitude.bitPattern && x.latitude.bitPattern == y.latitude.bitPattern
                && x.altitude?.bitPattern == y.altitude?.bitPattern && x.sourceText == y.sourceText
        }
    }

    /// `count` 2D tuples, different enough to tell apart.
    private func flat(_ count: Int, from first: Int = 0) -> [String] {
        (first..<(first + count)).map { "\($0 % 360 - 180).\($0 % 89 + 10),\($0 % 170 - 85).25" }
    }

    @Test("a tuple with an altitude among 2D ones, in place or in the copy, first or past a chunk, adds the column")
    func altitudeInFlatList() throws {
        for before in [0, 1, 9, 4_095, 4_096, 4_100] {
            for after in [0, 1, 12] {
                let text = (flat(before) + ["1.5,2.5,-30.125"] + flat(after, from: before)).joined(separator: " ")
                for (prefix, padded) in [([], false), ([Coordinate(longitude: 9, latitude: 9)], true)] as [([Coordinate], Bool)] {
                    var list = CoordinateList(prefix)
                    let bytes = Array(text.utf8)
                    let taken = (bytes + Array(repeating: 0x20, count: KMLText.padding)).withUnsafeBufferPointer {
                        KMLCoordinates.parsePlainTuples(UnsafeBufferPointer(rebasing: $0[..<bytes.count]), into: &list,
                                                        padded: padded)
                    }
                    #expect(taken)
                    #expect(same(list, CoordinateList(prefix) + (try general(text))), "\(before) + 1 + \(after)")
                    #expect(list[prefix.count + before].altitude == -30.125)
                    #expect(before == 0 || list[prefix.count + before - 1].altitude == nil)
                }
            }
        }
    }

    @Test("a text declined after runs were written (also past a chunk, or after an altitude) leaves the list as it was")
    func declinedLeavesList() {
        let head = CoordinateListHead.vertices
        for before in [1, 30, 4_095, 4_097, 9_000] {
            for spoiler in ["1e-7,2", "1,2,3,4", "5", "1, 2"] {
                for altitude in [false, true] {
                    let text = (flat(before) + (altitude ? ["1,2,3", "4,5"] : []) + [spoiler]).joined(separator: " ")
                    var list = CoordinateList(head)
                    let shared = list
                    let taken = Array(text.utf8).withUnsafeBufferPointer { KMLCoordinates.parsePlainTuples($0, into: &list) }
                    #expect(!taken, "\(before) \(spoiler)")
                    #expect(same(list, CoordinateList(head)), "\(before) \(spoiler) \(altitude)")
                    #expect(same(shared, CoordinateList(head)))
                    // The parser then appends to the list as it was.
                    list.append(Coordinate(longitude: 1, latitude: 2))
                    #expect(list.count == head.count + 1 && list[head.count - 1].sourceText == head[head.count - 1].sourceText)
                }
            }
        }
    }

    @Test("a Point's one tuple reads as the parser reads it, with or without an altitude")
    func singleTuple() throws {
        func single(_ text: String, padded: Bool) -> Coordinate? {
            let bytes = Array(text.utf8)
            return (bytes + Array(repeating: 0x20, count: padded ? KMLText.padding : 0)).withUnsafeBufferPointer {
                KMLCoordinates.singlePlainTuple(UnsafeBufferPointer(rebasing: $0[..<bytes.count]), padded: padded)
            }
        }
        for text in ["7.654124,29.384815", " -122.4194155,37.7749295,12.5\n", "0,0,0", "1,2 ", "-0.5,-0"] {
            let parsed = try general(text)
            for padded in [false, true] {
                #expect(single(text, padded: padded).map { same([$0], parsed) } == true, "\(text)")
            }
        }
        for text in ["1,2 3,4", "", " ", "1e5,2", "1,2,3,4", "1", "1,2 " + String(repeating: " ", count: 80) + "3,4"] {
            #expect(single(text, padded: false) == nil && single(text, padded: true) == nil, "\(text)")
        }
    }
}

/// A list's first vertices as a reader may have left them: one with boxed text among them.
private enum CoordinateListHead {
    static let vertices: [Coordinate] = [
        Coordinate(longitude: 9, latitude: 9),
        Coordinate(longitude: 1e-7, latitude: 0.5, altitude: nil,
                   sourceText: CoordinateText(longitude: "1e-7", latitude: "0.50")),
        Coordinate(longitude: 3, latitude: 4),
    ]
}

