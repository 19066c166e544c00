import MapBridgeModel
import Testing

@Suite("Model initialisers and PropertyValue accessors")
struct ModelInitialiserTests {
    @Test("Style takes every stored property, strokeDash included")
    func styleInit() {
        let style = Style(id: "s", strokeColor: Color(red: 1, green: 2, blue: 3), strokeOpacity: 0.5, strokeWidth: 2,
                          strokeDash: [6, 4], fillColor: Color(red: 4, green: 5, blue: 6), fillOpacity: 0.25,
                          fill: true, outline: false, marker: MarkerStyle(symbol: "airport"),
                          label: LabelStyle(scale: 2))
        #expect(style.strokeDash == [6, 4])
        #expect(style.strokeWidth == 2)
        #expect(!style.isEmpty)
        #expect(Style(strokeDash: [1]).isEmpty == false)
    }

    @Test("BoundingBox from its edges")
    func boundingBoxInit() {
        let box = BoundingBox(west: -74.3, south: 40.5, east: -73.7, north: 40.9, minAltitude: 0, maxAltitude: 12)
        #expect(box.west == -74.3 && box.north == 40.9 && box.maxAltitude == 12)
        #expect(BoundingBox(west: 1, south: 2, east: 3, north: 4).minAltitude == nil)
    }

    @Test("intValue: integral numbers only, no conversion from other types")
    func intValue() {
        #expect(PropertyValue(42).intValue == 42)
        #expect(PropertyValue.number(NumberValue(text: "-7", value: -7)).intValue == -7)
        #expect(PropertyValue.number(NumberValue(text: "1.0", value: 1)).intValue == 1)
        #expect(PropertyValue.number(NumberValue(text: "1e3", value: 1000)).intValue == 1000)
        #expect(PropertyValue(1.5).intValue == nil)
        #expect(PropertyValue.number(NumberValue(text: "12345678901234567890", value: 12345678901234567890)).intValue == nil)
        #expect(PropertyValue("13").intValue == nil)
        #expect(PropertyValue(true).intValue == nil)
    }

    @Test("boolValue, arrayValue, objectValue, isNull")
    func otherAccessors() {
        #expect(PropertyValue(true).boolValue == true)
        #expect(PropertyValue(1).boolValue == nil)
        #expect(PropertyValue([1, "a"]).arrayValue == [.number(NumberValue(1)), .string("a")])
        #expect(PropertyValue("a").arrayValue == nil)
        let members: Properties = ["b": 1, "a": 2]
        #expect(PropertyValue(members).objectValue?.keys == ["b", "a"])
        #expect(PropertyValue.null.objectValue == nil)
        #expect(PropertyValue.null.isNull)
        #expect(!PropertyValue(0).isNull)
    }

    @Test("initialisers make the JSON value they name")
    func initialisers() {
        #expect(PropertyValue(4) == .number(NumberValue(4)))
        #expect(PropertyValue(2.5) == .number(NumberValue(text: "2.5", value: 2.5)))
        #expect(PropertyValue(3.0) == .number(NumberValue(text: "3", value: 3)))
        #expect(PropertyValue(Double.nan) == .null)
        #expect(PropertyValue(-Double.infinity) == .null)
        #expect(PropertyValue(false) == .bool(false))
        #expect(PropertyValue("JFK") == .string("JFK"))
        #expect(PropertyValue(String("x")).stringValue == "x")
    }
}
