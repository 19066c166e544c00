import MapBridgeGeoJSON
import MapBridgeModel
import Testing

/// `lendNext(to:)`, which writes each feature's properties into the storage of the last lent
/// feature's when the borrower kept no copy: the features lent are those `next()` returns,
/// whether the borrower keeps them or not, with property lists that grow, shrink and nest.
@Suite("GeoJSONReader lending")
struct GeoJSONReaderLendTests {
    /// Features whose property lists change size from one to the next (none, many, nested,
    /// taken fields, a repeated key, more than the storage kept).
    private let text: String = {
        let many = (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        let properties = [
            #"{"name": "A", "description": "first one", "category": "peak", "population": 5, "visited": true}"#,
            #"{}"#,
            #"{"x": 1}"#,
            "{\(many)}",
            #"{"name": "Dvůr 744", "o": {"p": [1, {"q": null}], "r": "s"}, "t": 2.50}"#,
            #"{"a": 1, "a": 2, "b": "c"}"#,
            ##"{"stroke": "#ff0000", "name": "B", "title": "T"}"##,
            "null",
            #"{"u": "v", "w": "x", "y": "z"}"#,
        ]
        let features = properties.enumerated().map { i, p in
            #"{"type": "Feature", "id": \#(i), "properties": \#(p), "geometry": {"type": "Point", "coordinates": [\#(i), 1]}}"#
        }
        return #"{"type": "FeatureCollection", "features": ["# + features.joined(separator: ",\n") + "]}"
    }()

    @Test("kept or dropped by the borrower, the features lent are those next() returns")
    func sameAsNext() throws {
        let expected = try readAll(text).features
        #expect(expected.count == 9)

        // The borrower keeps each one: no storage can be reused.
        var kept: [Feature] = []
        let keeping = makeReader(text)
        while try keeping.lendNext(to: { kept.append($0) }) {}
        #expect(kept == expected)

        // The borrower only looks: each feature's storage is reused for the next.
        var seen: [String] = []
        let looking = makeReader(text)
        while try looking.lendNext(to: { seen.append(describe($0)) }) {}
        #expect(seen == expected.map(describe))

        // Every other one kept.
        var some: [Feature] = []
        var index = 0
        let mixed = makeReader(text)
        while try mixed.lendNext(to: { feature in
            if index % 2 == 0 { some.append(feature) }
            index += 1
        }) {}
        #expect(some == stride(from: 0, to: expected.count, by: 2).map { expected[$0] })
    }

    /// The feature's fields and properties as text, for a borrower that keeps nothing.
    private func describe(_ f: Feature) -> String {
        "\(f.id?.description ?? "-") \(f.title ?? "-") \(f.subtitle ?? "-") \(f.properties.map { "\($0.key)=\($0.value)" })"
    }
}
