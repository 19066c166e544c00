import MapBridgeJSON
import Testing

/// `NumberParsing.double(from:)` must agree bit for bit with the standard library's correctly
/// rounded `Double(String)`; `grammarProblem` must accept exactly RFC 8259 numbers.
@Suite("NumberParsing")
struct NumberParsingTests {
    private func parse(_ text: String) -> Double {
        Array(text.utf8).withUnsafeBufferPointer { NumberParsing.double(from: $0) }
    }

    private func problem(_ text: String) -> String? {
        Array(text.utf8).withUnsafeBufferPointer { NumberParsing.grammarProblem($0) }
    }

    private func expectSameAsStandardLibrary(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        guard let expected = Double(text) else {
            Issue.record("the standard library cannot parse \(text)", sourceLocation: sourceLocation)
            return
        }
        let actual = parse(text)
        #expect(actual.bitPattern == expected.bitPattern,
                "\(text): got \(actual) (\(String(actual.bitPattern, radix: 16))), expected \(expected) (\(String(expected.bitPattern, radix: 16)))",
                sourceLocation: sourceLocation)
    }

    @Test("small and simple decimals", arguments: [
        "0", "-0", "1", "-1", "9", "10", "0.1", "0.2", "0.3", "-0.5", "1.5", "1.50", "3.14159", "100",
        "0.000001", "123456.789", "-73.7781391", "40.6399257", "180", "-90.0",
    ])
    func simple(text: String) {
        expectSameAsStandardLibrary(text)
    }

    @Test("15 to 17 significant digits", arguments: [
        "123456789012345", "1234567890123456", "12345678901234567", "0.123456789012345",
        "0.1234567890123456", "0.12345678901234567", "9007199254740992", "9007199254740993",
        "9007199254740994", "9007199254740995", "0.30000000000000004", "2.2250738585072011",
        "179.99999999999997", "-33.868820000000001", "1.0000000000000002", "0.99999999999999989",
        "999999999999999.9", "99999999999999999", "4.4501477170144023", "8.98846567431158e307",
    ])
    func manyDigits(text: String) {
        expectSameAsStandardLibrary(text)
    }

    @Test("exponents, tiny and huge values", arguments: [
        "1e0", "1e1", "1E+2", "1e-7", "2.5e-3", "-6.02214076e23", "1e22", "1e23", "9.007199254740993e15",
        "1e308", "1.7976931348623157e308", "1.7976931348623158e308", "1e309", "-1e309",
        "2.2250738585072014e-308", "2.2250738585072011e-308", "4.9406564584124654e-324", "5e-324",
        "2.4703282292062327e-324", "2.4703282292062328e-324", "1e-400", "-1e-400", "0e10", "0.0e-5",
    ])
    func exponents(text: String) {
        expectSameAsStandardLibrary(text)
    }

    @Test("long fractions and long integers", arguments: [
        "0.0000000000000000000001", "0.00000000000000000000001", "0.000000000000000000000001234",
        "1.00000000000000000000000000000000000001", "12345678901234567890",
        "123456789012345678901234567890", "0.1000000000000000055511151231257827021181583404541015625",
        "3.000000000000000444089209850062616169452667236328125",
        "3.0000000000000004440892098500626161694526672363281250001",
    ])
    func longText(text: String) {
        expectSameAsStandardLibrary(text)
    }

    @Test("many generated decimals agree with the standard library")
    func generated() {
        // A fixed linear congruential generator: the same cases on every run.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var mismatches: [String] = []
        for _ in 0..<20_000 {
            let digitCount = 1 + next(20)
            var digits = String(1 + next(9))
            for _ in 1..<digitCount { digits += String(next(10)) }
            var text = next(2) == 0 ? "" : "-"
            let point = next(digitCount + 1)
            if point == 0 || point == digitCount {
                text += digits
            } else {
                let split = digits.index(digits.startIndex, offsetBy: point)
                text += digits[..<split] + "." + digits[split...]
            }
            switch next(3) {
            case 0: break
            case 1: text += "e\(next(50) - 25)"
            default: text += "e\(next(640) - 330)"
            }
            let expected = Double(text)!
            if parse(text).bitPattern != expected.bitPattern { mismatches.append(text) }
        }
        #expect(mismatches.isEmpty, "mismatches: \(mismatches.prefix(10))")
    }

    @Test("analyze converts short plain decimals itself and leaves the rest to strtod", arguments: [
        ("0", true), ("-0", true), ("1.5", true), ("-73.7781391", true), ("123456789012345", true),
        ("0.000000000000000000001", true), ("1234567890123456", false), ("1e5", false), ("1.5E-3", false),
        ("0.00000000000000000000001", false), ("12345678901234567890", false),
    ])
    func analyzeFastPath(text: String, fast: Bool) throws {
        let analysis = Array(text.utf8).withUnsafeBufferPointer { NumberParsing.analyze($0) }
        switch analysis {
        case .value(let v):
            #expect(fast, "\(text) took the fast path")
            #expect(v.bitPattern == Double(text)!.bitPattern)
        case .valid:
            #expect(!fast, "\(text) did not take the fast path")
        case .invalid(let why):
            Issue.record("\(text) is valid JSON, yet: \(why)")
        }
    }

    @Test("analyze and grammarProblem agree on invalid numbers", arguments: ["", "01", "1.", "+1", "1e", "1.2.3", "-", "0x1"])
    func analyzeInvalid(text: String) {
        let analysis = Array(text.utf8).withUnsafeBufferPointer { NumberParsing.analyze($0) }
        guard case .invalid(let why) = analysis else {
            Issue.record("\(text) accepted: \(analysis)")
            return
        }
        #expect(problem(text) == why)
    }

    @Test("valid JSON numbers have no grammar problem", arguments: [
        "0", "-0", "7", "-7", "10", "0.0", "0.5", "-0.5", "1.50", "1e5", "1E5", "1e+5", "1e-5", "1E-05",
        "-1.5e-10", "12345678901234567890", "0e0",
    ])
    func validGrammar(text: String) {
        #expect(problem(text) == nil)
    }

    @Test("invalid numbers each have a problem", arguments: [
        ("", "digit is missing"), ("-", "digit is missing"), ("01", "leading zeros"), ("-01", "leading zeros"),
        ("00", "leading zeros"), ("1.", "digit must follow '.'"), (".5", "digit must come before '.'"),
        ("-.5", "digit must come before '.'"), ("+1", "leading '+'"), ("1e", "exponent has no digits"),
        ("1e+", "exponent has no digits"), ("1.2.3", "unexpected '.'"), ("1ee5", "exponent has no digits"),
        ("0x10", "unexpected 'x'"), ("1 ", "unexpected ' '"), ("--1", "digit is missing"), ("1.e5", "digit must follow '.'"),
        ("1e5.5", "unexpected '.'"),
    ])
    func invalidGrammar(text: String, fragment: String) throws {
        let message = try #require(problem(text), "'\(text)' was accepted")
        #expect(message.contains(fragment), "\(text): \(message)")
    }
}
