@testable import MapBridgeModel
import Testing

/// `Style` shares its storage between copies: these check that it is still a value (a change
/// to a copy leaves the original as it was) compared by content.
@Suite("Style as a copy-on-write value")
struct StyleCopyOnWriteTests {
    static let red = Color(red: 255, green: 0, blue: 0)

    @Test("changing a copy of a style leaves the original as it was")
    func styleCopy() {
        let original = Style(id: "s", strokeColor: Self.red, strokeWidth: 2, marker: MarkerStyle(href: "pin.png"))
        var copy = original
        #expect(copy.storage === original.storage)  // shared until changed
        copy.strokeWidth = 5
        copy.marker?.href = nil
        copy.label = LabelStyle(scale: 2)
        #expect(copy.storage !== original.storage)
        #expect(original.strokeWidth == 2 && original.marker?.href == "pin.png" && original.label == nil)
        #expect(copy.strokeWidth == 5 && copy.marker?.href == nil && copy.label?.scale == 2)
        #expect(copy.strokeColor == Self.red && copy.id == "s")
    }

    @Test("a style that is not shared is changed in place")
    func styleInPlace() {
        var style = Style(strokeWidth: 1)
        // An identifier, not a reference: holding the box would share it.
        let box = ObjectIdentifier(style.storage)
        style.strokeWidth = 2
        style.fill = true
        #expect(ObjectIdentifier(style.storage) == box)
        #expect(style.strokeWidth == 2 && style.fill == true)
    }

    @Test("empty styles share one storage, and changing one leaves the others empty")
    func emptyStyle() {
        var a = Style()
        let b = Style()
        #expect(a.storage === b.storage)
        a.fillOpacity = 0.5
        #expect(a.fillOpacity == 0.5)
        #expect(b.isEmpty && Style().isEmpty && Style().fillOpacity == nil)
    }

    @Test("styles are equal and hash alike by their members, not by their storage")
    func styleEquality() {
        let a = Style(strokeColor: Self.red, strokeDash: [6, 4])
        var b = Style()
        b.strokeColor = Self.red
        b.strokeDash = [6, 4]
        #expect(a.storage !== b.storage)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(Set([a, b]).count == 1)
        b.strokeDash = []
        #expect(a != b)
        #expect(Style(strokeDash: []) != Style())
    }

    @Test("a style made for a reader in one step equals the one the public initializer makes, and is a value like it")
    func readingInitializer() {
        let marker = MarkerStyle(href: "pin.png", color: Self.red, scale: 1.5, hotSpot: HotSpot(x: 0.5, y: 0))
        let label = LabelStyle(opacity: 0.5)
        let read = Style(reading: Self.red, strokeOpacity: 0.5, strokeWidth: 3, fillColor: nil, fillOpacity: 0.25,
                         fill: false, outline: true, marker: marker, label: label)
        let made = Style(strokeColor: Self.red, strokeOpacity: 0.5, strokeWidth: 3, fillOpacity: 0.25, fill: false,
                         outline: true, marker: marker, label: label)
        #expect(read == made && read.hashValue == made.hashValue && read.id == nil)
        var copy = read
        copy.strokeWidth = 4
        #expect(read.strokeWidth == 3 && copy.strokeWidth == 4)
        // No member: equal to the empty style (though its storage is its own).
        let none = Style(reading: nil, strokeOpacity: nil, strokeWidth: nil, fillColor: nil, fillOpacity: nil, fill: nil,
                         outline: nil, marker: nil, label: nil)
        #expect(none == Style() && none.isEmpty)
    }
}
