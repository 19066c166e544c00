@testable import MapBridgeModel
import Testing

@Suite("Feature equality by content")
struct FeatureEqualityTests {
    static let here = SourceLocation(file: "a.geojson", line: 3, column: 5, pointer: "/features/0")
    static let there = SourceLocation(file: "b.kml", line: 90, column: 1)

    @Test("two empty features are equal")
    func empty() {
        #expect(Feature() == Feature())
        #expect(Feature().hashValue == Feature().hashValue)
    }

    @Test("the same content read from two places is one feature, in == and in a Set")
    func locationIgnored() {
        let a = Feature(id: .string("JFK"), title: "JFK", shape: .annotation(Coordinate(longitude: -73.78, latitude: 40.64)),
                        properties: ["hub": true], location: Self.here)
        var b = a
        b.location = Self.there
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(Set([a, b]).count == 1)
        var unlocated = a
        unlocated.location = nil
        #expect(unlocated == a)
    }

    @Test("every content field still counts")
    func contentCounts() {
        let base = Feature(id: .string("1"), title: "t", location: Self.here)
        var edits: [Feature] = []
        var f = base; f.id = .string("2"); edits.append(f)
        f = base; f.title = "u"; edits.append(f)
        f = base; f.subtitle = "s"; edits.append(f)
        f = base; f.shape = .annotation(Coordinate(longitude: 1, latitude: 2)); edits.append(f)
        f = base; f.properties["k"] = 1; edits.append(f)
        f = base; f.style = Style(strokeWidth: 2); edits.append(f)
        f = base; f.time = .instant("2026-12-01"); edits.append(f)
        f = base; f.folderPath = ["A"]; edits.append(f)
        f = base; f.address = "here"; edits.append(f)
        f = base; f.visibility = false; edits.append(f)
        f = base; f.altitudeMode = .absolute; edits.append(f)
        f = base; f.highlightStyle = Style(strokeWidth: 4); edits.append(f)
        f = base; f.foreignMembers["x"] = 1; edits.append(f)
        f = base; f.overlay = .groundOverlay; edits.append(f)
        f = base; f.fieldPlacements = [FieldPlacement(field: .title, key: "NAME", index: 0, sourceValue: "t")]; edits.append(f)
        for edit in edits { #expect(edit != base) }
    }

    /// Fields that say where a feature came from rather than what it is.
    static let sourcePositionFields: Set<String> = ["location"]
    /// Fields that hold other fields: the box of the rare fields, whose own stored properties
    /// are content and are listed by reflecting `Feature.RareFields`.
    static let storageFields: Set<String> = ["rare"]
    /// The stored parts of a field that is computed from them, by the field's name.
    static let partsOfFields: [String: Set<String>] = ["fieldPlacements": ["storedPlacements", "derivedPlacements"]]

    @Test("every stored property of Feature and of its rare fields is compared, or is a source position")
    func everyFieldListed() {
        let stored = Set(Mirror(reflecting: Feature()).children.compactMap(\.label))
        let boxed = Feature(address: "a").rare.map { Set(Mirror(reflecting: $0.value).children.compactMap(\.label)) }
        let compared = Set(Mirror(reflecting: Feature().content).children.compactMap(\.label))
        // The storage fields are there (else this test lists the wrong names), and the box holds fields.
        #expect(Self.storageFields.isSubset(of: stored))
        #expect(boxed?.isEmpty == false)
        // A failure here means a stored property was added to Feature (or to Feature.RareFields)
        // without adding it to Feature.Content (Feature+Equality.swift) or to the lists above.
        var fields = stored.subtracting(Self.sourcePositionFields).subtracting(Self.storageFields).union(boxed ?? [])
        for (field, parts) in Self.partsOfFields where parts.isSubset(of: fields) {
            fields = fields.subtracting(parts).union([field])
        }
        #expect(fields == compared)
    }

    @Test("a feature whose rare fields were set and unset again equals one that never had them")
    func boxIsNotContent() {
        var f = Feature(title: "t")
        f.address = "here"
        f.address = nil
        #expect(f.rare != nil)
        #expect(Feature(title: "t").rare == nil)
        #expect(f == Feature(title: "t"))
        #expect(f.hashValue == Feature(title: "t").hashValue)
    }
}
