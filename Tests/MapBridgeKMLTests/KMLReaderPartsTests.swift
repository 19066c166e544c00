@testable import MapBridgeKML
import MapBridgeModel
import Testing

/// The pieces the KML reader keeps per element and per placemark: the text buffer, the style
/// capture and the screen for special data keys.
@Suite("KML reader parts")
struct KMLReaderPartsTests {
    @Test("text: appended in pieces, cleared and reused, grown past its first capacity")
    func text() {
        // (Read into locals first: `#expect` cannot look into a noncopyable value.)
        var text = KMLText(capacity: 4)
        var isEmpty = text.isEmpty
        #expect(isEmpty)
        text.append(" 12")
        text.append(UInt8(ascii: "."))
        Array("5 ".utf8).withUnsafeBufferPointer { text.append($0) }
        var string = text.string
        let count = text.count
        let trimmed = String(decoding: KMLFeatureBuilder.trimmed(text.bytes), as: UTF8.self)
        #expect(string == " 12.5 ")
        #expect(count == 6)
        #expect(trimmed == "12.5")
        text.removeLast()
        string = text.string
        #expect(string == " 12.5")
        text.removeAll()
        isEmpty = text.isEmpty
        string = text.string
        #expect(isEmpty && string == "")
        let long = String(repeating: "abcdefghij", count: 100)
        text.append(long)
        text.append("!")
        string = text.string
        #expect(string == long + "!")
        text.removeAll()
        text.removeLast()
        isEmpty = text.isEmpty
        #expect(isEmpty)
    }

    @Test("style capture: no member given is an empty style; each sub-style's members land in place")
    func styleCapture() {
        var none = KMLStyleCapture()
        #expect(none.take() == Style())
        let red = Color(red: 255, green: 0, blue: 0)
        var capture = KMLStyleCapture()
        capture.setColor(red, opacity: 0.5, in: .lineStyle)
        capture.setColor(red, opacity: nil, in: .polyStyle)
        capture.setColor(red, opacity: 0.25, in: .labelStyle)
        capture.setColor(red, opacity: 1, in: .document)  // not a sub-style: nothing
        capture.strokeWidth = 3
        capture.hasMarker = true
        capture.marker.scale = 1.5
        #expect(capture.take() == Style(strokeColor: red, strokeOpacity: 0.5, strokeWidth: 3, fillColor: red,
                                      marker: MarkerStyle(scale: 1.5), label: LabelStyle(color: red, opacity: 0.25)))
        // Taken, the capture is empty again: the next style starts from nothing.
        #expect(capture.take() == Style())
        capture.hasLabel = true
        capture.label.scale = 2
        #expect(capture.take() == Style(label: LabelStyle(scale: 2)))
        #expect(capture.take() == Style())
        // An IconStyle member that said nothing usable still makes a marker, as before.
        var empty = KMLStyleCapture()
        empty.hasMarker = true
        #expect(empty.take() == Style(marker: MarkerStyle()))
    }

    @Test("numbers: plain decimals have the correctly rounded value, the same bits as Double(_:); other texts are no JSON number")
    func plainDecimals() {
        func fast(_ text: String) -> Double? {
            Array(text.utf8).withUnsafeBufferPointer { span in
                KMLCoordinates.number(span).flatMap { $0.isJSON ? $0.value : nil }
            }
        }
        var texts = ["0", "-0", "0.0", "1", "-114.7445646", "5.4009321", "0.000123", "123456789012345",
                     "0.1", "0.3", "179.99999999999", "-0.00000000000000000001", "900719925474.099"]
        // Digits at random, up to 15 significant, in every position of the point.
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2000 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let digits = String(seed % 999_999_999_999_999 + 1)
            let cut = Int((seed >> 50) % UInt64(digits.count + 1))
            let whole = String(digits.prefix(cut))
            let fraction = String(digits.dropFirst(cut))
            texts.append((seed & 1 == 0 ? "-" : "") + (whole.isEmpty ? "0" : whole) + (fraction.isEmpty ? "" : "." + fraction))
        }
        for text in texts {
            guard let value = fast(text) else {
                Issue.record("\(text) is a plain decimal")
                continue
            }
            #expect(value.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
        for text in ["", "-", ".5", "5.", "007", "-01", "+1", "1.5.2", "12a"] {
            #expect(fast(text) == nil, "\(text)")
        }
    }

    @Test("special data keys: every one is special; no other key is, a special key's shape alike")
    func specialKeys() {
        for key in KMLDataMapping.specialKeys { #expect(KMLDataMapping.isSpecial(key), "\(key)") }
        for key in ["", "category", "population", "elevation", "visited", "names", "Nam"] {
            #expect(!KMLDataMapping.isSpecial(key), "\(key)")
        }
        // The first byte and length of `address`, `name`, `time`, `sym` and `title`.
        for key in ["area_ha", "nope", "type", "src", "tiles", "NAMES", "Desc"] {
            #expect(!KMLDataMapping.isSpecial(key), "\(key)")
        }
        #expect(KMLDataMapping.specialKeys.contains("marker-symbol"))
        #expect(KMLDataMapping.specialKeys.contains("@id"))
    }
}
