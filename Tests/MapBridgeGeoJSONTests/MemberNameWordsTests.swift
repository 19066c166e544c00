@testable import MapBridgeGeoJSON
import MapBridgeIO
import MapBridgeJSON
import MapBridgeModel
import Testing

/// The reader tells a feature's and a geometry's members from a key's bytes
/// (`GeoJSONKeyTag.member(ofLastKeyIn:)`, with the words of `MemberNameWords`): for every
/// name, the member the key table's tag gives (`GeoJSONKeyTag(key:)`).
@Suite("GeoJSON member names")
struct MemberNameWordsTests {
    /// The member each key of the object `text` names, in order.
    private func members(of text: String) throws -> [GeoJSONKeyTag.Member] {
        let t = JSONTokenizer(source: ByteSource(bytes: Array(text.utf8), name: "keys.json"))
        var found: [GeoJSONKeyTag.Member] = []
        while true {
            let token = try t.next()
            if token == .endOfInput { return found }
            if token == .key { found.append(GeoJSONKeyTag.member(ofLastKeyIn: t)) }
        }
    }

    @Test("each member the reader knows is told from its name, as its tag tells it")
    func knownNames() throws {
        let known = GeoJSONKeyTag.Member.allCases.compactMap(\.name)
        let text = "{" + known.map { "\"\($0)\":0" }.joined(separator: ",") + "}"
        #expect(try members(of: text) == known.map { GeoJSONKeyTag(key: $0).member })
        #expect(try members(of: text) == GeoJSONKeyTag.Member.allCases.filter { $0 != .other })
    }

    @Test("names of the same lengths, or that differ in one byte, are other members",
          arguments: ["ib", "di", "crt", "src", "typo", "Type", "bbix", "geometrx", "feature", "featuresx",
                      "propertiex", "Properties", "geometriez", "xeometries", "coordinatez", "coordinbtes",
                      "", "a", "name", "description", "propertiesproperties"])
    func otherNames(name: String) throws {
        #expect(try members(of: "{\"\(name)\":0}") == [GeoJSONKeyTag(key: name).member])
        #expect(try members(of: "{\"\(name)\":0}") == [.other])
    }

    @Test("a name spelt with escapes is told from its decoded bytes")
    func escapedNames() throws {
        #expect(try members(of: #"{"\u0074ype":0,"geometr\u0079":0,"co\u006Frdinates":0,"i\u0064":1}"#)
            == [.type, .geometry, .coordinates, .id])
    }

    @Test("each geometry kind has a type tag of its own, which stands for it")
    func typeTags() {
        let tags = ShapeKind.allCases.map(GeoJSONMapping.typeTag(of:))
        #expect(!tags.contains(0))
        #expect(Set(tags).count == ShapeKind.allCases.count)
        #expect(ShapeKind.allCases.allSatisfy { GeoJSONMapping.shapeKind(tag: GeoJSONMapping.typeTag(of: $0)) == $0 })
        #expect(GeoJSONMapping.shapeKind(tag: 0) == nil)
        #expect(GeoJSONMapping.shapeKind(tag: GeoJSONMapping.featureTypeTag) == nil)
        #expect(!tags.contains(GeoJSONMapping.featureTypeTag))
    }
}
