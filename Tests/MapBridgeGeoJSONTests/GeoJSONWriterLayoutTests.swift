import MapBridgeGeoJSON
import MapBridgeModel
import Testing

/// The three layouts (collection, RFC 8142 text sequence, newline-delimited) and pretty output.
@Suite("GeoJSONWriter layouts")
struct GeoJSONWriterLayoutTests {
    private static let features = [
        Feature(id: .string("a"), shape: .annotation(c(1, 2)), properties: ["n": 1]),
        Feature(id: .string("b"), shape: .polyline(Polyline([c(0, 0), c(1.5, -2.25)])), properties: ["s": "x\ny"]),
        Feature(id: .number(NumberValue(3)), properties: ["list": .array([1, 2]), "obj": .object(["k": nil])]),
    ]

    private func options(_ layout: GeoJSONWriter.Layout, pretty: Bool = false) -> GeoJSONWriter.Options {
        var o = GeoJSONWriter.Options()
        o.layout = layout
        o.pretty = pretty
        return o
    }

    private func expectSameFeatures(_ read: [Feature], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(read.count == Self.features.count, sourceLocation: sourceLocation)
        for (a, b) in zip(Self.features, read) {
            #expect(a.id == b.id, sourceLocation: sourceLocation)
            #expect(a.shape == b.shape, sourceLocation: sourceLocation)
            #expect(a.properties == b.properties, sourceLocation: sourceLocation)
        }
    }

    @Test("an empty collection, compact and pretty")
    func emptyCollection() throws {
        #expect(try writeAll([]).text == "{\"type\":\"FeatureCollection\",\"features\":[]}\n")
        #expect(try writeAll([], options: options(.collection, pretty: true)).text
            == "{\n  \"type\": \"FeatureCollection\",\n  \"features\": []\n}\n")
    }

    @Test("empty sequences write nothing", arguments: [GeoJSONWriter.Layout.textSequence, .lines])
    func emptySequence(layout: GeoJSONWriter.Layout) throws {
        #expect(try writeAll([], options: options(layout)).bytes.isEmpty)
    }

    @Test("pretty output parses back to the same features and document")
    func pretty() throws {
        let document = DocumentInfo(name: "Pretty", description: "indented")
        let written = try writeAll(Self.features, document: document, options: options(.collection, pretty: true))
        #expect(written.text.hasPrefix("{\n  \"type\": \"FeatureCollection\",\n  \"name\": \"Pretty\",\n"))
        #expect(written.text.hasSuffix("\n}\n"))
        // Positions stay on one line.
        #expect(written.text.contains("\"coordinates\": [1, 2]"))
        #expect(written.text.contains("\"coordinates\": [[0, 0], [1.5, -2.25]]"))
        let read = try readAll(written.text)
        expectSameFeatures(read.features)
        #expect(read.document.name == "Pretty")
        #expect(read.document.description == "indented")
    }

    @Test("a text sequence starts each feature with RS and ends it with a line feed")
    func textSequence() throws {
        let written = try writeAll(Self.features, options: options(.textSequence))
        let bytes = written.bytes
        #expect(bytes.first == 0x1E)
        #expect(bytes.last == 0x0A)
        let records = bytes.split(separator: 0x1E, omittingEmptySubsequences: false)
        #expect(records.count == Self.features.count + 1)
        #expect(records.first?.isEmpty == true)
        for record in records.dropFirst() {
            #expect(record.last == 0x0A)
            #expect(record.filter { $0 == 0x0A }.count == 1)
            #expect(record.first == UInt8(ascii: "{"))
        }
        #expect(!written.text.contains("FeatureCollection"))
        expectSameFeatures(try readAll(bytes: bytes).features)
    }

    @Test("a pretty text sequence still starts each feature with RS")
    func prettyTextSequence() throws {
        let bytes = try writeAll(Self.features, options: options(.textSequence, pretty: true)).bytes
        #expect(bytes.first == 0x1E)
        #expect(bytes.filter { $0 == 0x1E }.count == Self.features.count)
        expectSameFeatures(try readAll(bytes: bytes).features)
    }

    @Test("lines: one feature per line, no RS")
    func lines() throws {
        let written = try writeAll(Self.features, options: options(.lines))
        #expect(!written.bytes.contains(0x1E))
        #expect(written.text.hasSuffix("}\n"))
        let lines = written.text.split(separator: "\n")
        #expect(lines.count == Self.features.count)
        for line in lines {
            #expect(line.hasPrefix("{\"type\":\"Feature\""))
            #expect(try readAll(String(line)).features.count == 1)
        }
        expectSameFeatures(try readAll(written.text).features)
    }

    @Test("sequences have no place for the document: it is dropped with a warning", arguments: [
        GeoJSONWriter.Layout.textSequence, .lines,
    ])
    func documentDropped(layout: GeoJSONWriter.Layout) throws {
        let written = try writeAll(Self.features, document: DocumentInfo(name: "Lost"), options: options(layout))
        #expect(written.codes == ["document-dropped"])
        #expect(!written.text.contains("Lost"))
        let quiet = try writeAll(Self.features, options: options(layout))
        #expect(quiet.diagnostics.isEmpty)
    }

    @Test("document members known only at the end are written after the features")
    func lateDocumentMembers() throws {
        let finishing = DocumentInfo(name: "N", foreignMembers: ["name": "N", "generator": "g", "type": "x", "bbox": .array([1])])
        let written = try writeAll([Self.features[0]], document: DocumentInfo(name: "N"), finishing: finishing)
        #expect(written.text.hasPrefix(#"{"type":"FeatureCollection","name":"N","features":["#))
        #expect(written.text.hasSuffix("\n],\"generator\":\"g\"}\n"))
    }

    @Test("the key order of a feature is type, id, geometry, properties, then foreign members")
    func keyOrder() throws {
        let feature = Feature(id: .string("x"), shape: .annotation(c(1, 2)), properties: ["p": 1],
                              foreignMembers: ["extra": true, "type": "ignored", "properties": "ignored"])
        let written = try writeAll([feature], options: options(.lines))
        #expect(written.text == #"{"type":"Feature","id":"x","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"p":1},"extra":true}"# + "\n")
    }
}
