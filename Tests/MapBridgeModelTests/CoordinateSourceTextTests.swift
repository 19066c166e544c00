import MapBridgeModel
import Testing

@Suite("Coordinate source text")
struct CoordinateSourceTextTests {
    @Test("a coordinate is three doubles and one word")
    func layout() {
        #expect(MemoryLayout<Coordinate>.stride == 32)
    }

    @Test("no altitude and altitudes, NaN included, read back as given")
    func altitude() {
        let altitudes = [nil, 0, -0.0, .nan, .infinity].map { Coordinate(longitude: 1, latitude: 2, altitude: $0).altitude }
        #expect(altitudes[0] == nil)
        #expect(altitudes[1] == 0)
        #expect(altitudes[2]?.sign == .minus)
        #expect(altitudes[3]?.isNaN == true)
        #expect(altitudes[4] == .infinity)
    }

    /// Text that rendering its value with its fraction digits gives back.
    @Test("plain fixed-point text has a spelling that renders it back", arguments: [
        "0", "-0", "0.0", "-0.0", "4", "4.50", "0.10", "-73.7781391", "40.6399257", "0.000123", "-0.0000001",
        "180", "-179.999999999999", "1234567890123456", "0.0000000001",
    ])
    func spelled(text: String) throws {
        let value = try #require(Double(text))
        let spelling = try #require(FixedPointSpelling(text: text, value: value))
        #expect(spelling.text(of: value) == text)
        let c = Coordinate(longitude: value, latitude: value, altitude: value,
                           sourceText: CoordinateText(longitude: text, latitude: text, altitude: text))
        #expect(c.sourceText == CoordinateText(longitude: text, latitude: text, altitude: text))
        #expect(c.sourceText(of: .altitude) == text)
    }

    @Test("a spelling of 16 or 17 digits exists only where it renders back", arguments: [
        "1519.0249999999999", "-6.081689834590001", "12345678901234567", "0.30000000000000004", "145.391998291",
    ])
    func longDigits(text: String) throws {
        let value = try #require(Double(text))
        if let spelling = FixedPointSpelling(text: text, value: value) {
            #expect(spelling.text(of: value) == text)
        }
    }

    @Test("other text has no spelling", arguments: [
        ("", 0.0), ("1e-7", 1e-7), ("40.6413e0", 40.6413), ("1E5", 1e5), ("+1", 1), ("01", 1), ("1.", 1), (".5", 0.5),
        ("-1", 1), ("1", -1), ("0", -0.0), ("-0", 0), ("123456789012345678", 123456789012345678),
        ("0.1000000000000000055511151231257827", 0.1), ("0.0000000000000000000001", 1e-22), ("0.10", 0.2), ("9007199254740993", 9007199254740993),
        ("1.5x", 1.5), ("nan", .nan), ("inf", .infinity),
    ])
    func notSpelled(text: String, value: Double) {
        #expect(FixedPointSpelling(text: text, value: value) == nil)
    }

    @Test("text without a spelling is kept as it was given")
    func boxed() {
        let text = CoordinateText(longitude: "1E-7", latitude: "0.10", altitude: "4.50")
        let c = Coordinate(longitude: 1e-7, latitude: 0.1, altitude: 4.5, sourceText: text)
        #expect(c.sourceText == text)
        #expect(c.sourceText(of: .longitude) == "1E-7")
        #expect(c.hasSourceText(.altitude))
        // Text that does not spell the value (a caller's tag) is also kept as given.
        let tagged = CoordinateText(longitude: "1a", latitude: "2a")
        let taggedText = Coordinate(longitude: 1, latitude: 2, altitude: nil, sourceText: tagged).sourceText
        #expect(taggedText == tagged)
    }

    @Test("an altitude without text, or text without an altitude, is kept as it was given")
    func partialAltitude() {
        let c = Coordinate(longitude: 1, latitude: 2, altitude: 3,
                           sourceText: CoordinateText(longitude: "1.0", latitude: "2.0"))
        #expect(!c.hasSourceText(.altitude))
        #expect(c.sourceText(of: .altitude) == nil)
        #expect(c.sourceText == CoordinateText(longitude: "1.0", latitude: "2.0"))
        let textOnly = CoordinateText(longitude: "1.0", latitude: "2.0", altitude: "3")
        let kept = Coordinate(longitude: 1, latitude: 2, altitude: nil, sourceText: textOnly).sourceText
        #expect(kept == textOnly)
        let plain = Coordinate(longitude: 1, latitude: 2)
        #expect(!plain.hasSourceText)
    }

    @Test("numbers handed over by readers keep their text, spelled or not")
    func numbers() {
        func number(_ text: String, _ value: Double) -> Coordinate.Number {
            var s = text
            return s.withUTF8 { Coordinate.Number(value: value, text: $0) }
        }
        let spelled = Coordinate(longitude: number("-73.77810", -73.7781), latitude: number("40.64", 40.64),
                                 altitude: nil)
        #expect(spelled.sourceText == CoordinateText(longitude: "-73.77810", latitude: "40.64"))
        #expect(spelled.altitude == nil)
        let mixed = Coordinate(longitude: number("1", 1), latitude: number("40.6413e0", 40.6413),
                               altitude: number("4.50", 4.5))
        #expect(mixed.sourceText == CoordinateText(longitude: "1", latitude: "40.6413e0", altitude: "4.50"))
        #expect(number("1e-7", 1e-7).text == "1e-7")
        #expect(number("0.10", 0.1).text == "0.10")
    }

    @Test("rendering checked spellings of many values gives their text back")
    func manyValues() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let digits = Int.random(in: 0...12, using: &generator)
            let value = Double.random(in: -1_000...1_000, using: &generator)
            let text = fixed(value, digits)
            guard let spelling = FixedPointSpelling(text: text, value: Double(text) ?? .nan) else {
                Issue.record("\(text) has no spelling")
                continue
            }
            #expect(spelling.fractionDigits == digits)
            #expect(spelling.text(of: Double(text) ?? .nan) == text)
        }
    }

    /// `value` with `digits` fraction digits, by decimal string arithmetic on its description.
    private func fixed(_ value: Double, _ digits: Int) -> String {
        let scaled = (value * pow10(digits)).rounded()
        var magnitude = String(Int64(scaled.magnitude))
        if digits > 0 {
            while magnitude.count <= digits { magnitude = "0" + magnitude }
            magnitude.insert(".", at: magnitude.index(magnitude.endIndex, offsetBy: -digits))
        }
        return (scaled < 0 || (scaled == 0 && value.sign == .minus) ? "-" : "") + magnitude
    }

    private func pow10(_ n: Int) -> Double { (0..<n).reduce(1.0) { x, _ in x * 10 } }
}
