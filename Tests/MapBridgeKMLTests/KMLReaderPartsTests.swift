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
        #expect(KMLStyleCapture().style == Style())
        let red = Color(red: 255, green: 0, blue: 0)
        var capture = KMLStyleCapture()
        capture.setColor(red, opacity: 0.5, in: .lineStyle)
        capture.setColor(red, opacity: nil, in: .polyStyle)
        capture.setColor(red, opacity: 0.25, in: .labelStyle)
        capture.setColor(red, opacity: 1, in: .document)  // not a sub-style: nothing
        capture.strokeWidth = 3
        capture.hasMarker = true
        capture.marker.scale = 1.5
        #expect(capture.style == Style(strokeColor: red, strokeOpacity: 0.5, strokeWidth: 3, fillColor: red,
                                       marker: MarkerStyle(scale: 1.5), label: LabelStyle(color: red, opacity: 0.25)))
        // An IconStyle member that said nothing usable still makes a marker, as before.
        var empty = KMLStyleCapture()
        empty.hasMarker = true
        #expect(empty.style == Style(marker: MarkerStyle()))
    }

    @Test("special data keys: every one may be special; most other keys surely are not")
    func specialKeys() {
        for key in KMLDataMapping.specialKeys { #expect(KMLDataMapping.mayBeSpecial(key), "\(key)") }
        for key in ["", "category", "population", "elevation", "visited", "names", "Nam"] {
            #expect(!KMLDataMapping.mayBeSpecial(key), "\(key)")
        }
        #expect(KMLDataMapping.specialKeys.contains("marker-symbol"))
        #expect(KMLDataMapping.specialKeys.contains("@id"))
    }
}
