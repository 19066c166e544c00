import MapBridgeJSON
import MapBridgeModel

/// Where a GeoJSON object stands, which decides the types it may have.
enum GeoJSONContext {
    case root, feature, featureGeometry, collectionMember

    var allowed: Set<String> {
        switch self {
        case .root: geoJSONTypes
        case .feature: ["Feature"]
        case .featureGeometry, .collectionMember: geometryTypes
        }
    }

    var what: String {
        switch self {
        case .root: "a GeoJSON object"
        case .feature: "a Feature"
        case .featureGeometry, .collectionMember: "a geometry"
        }
    }
}

let geometryTypes: Set<String> = ["Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon",
                                  "GeometryCollection"]
let geoJSONTypes: Set<String> = geometryTypes.union(["Feature", "FeatureCollection"])

/// What one object's members said, gathered while streaming them.
struct ObjectFacts {
    var start: (line: Int, column: Int)
    var type: String?
    var typePosition: (line: Int, column: Int)?
    var members: [String: (line: Int, column: Int)] = [:]
    var coordinates: CoordinateNode?
    var geometriesCount = 0
    /// Where each nested GeometryCollection starts, with its pointer.
    var nestedCollections: [(pointer: String, line: Int, column: Int)] = []
}

extension GeoJSONValidator {
    /// Checks the value that starts with `token` as a GeoJSON object in `context`; returns its type.
    @discardableResult
    func validateValue(startingWith token: JSONToken, context: GeoJSONContext) throws -> String? {
        if token == .null && context == .featureGeometry { return nil }
        guard token == .beginObject else {
            report(.wrongMemberType, Messages.notAnObject(context, found: token))
            try skip(startingWith: token)
            return nil
        }
        var facts = ObjectFacts(start: here)
        while true {
            let t = try tokenizer.next()
            if t == .endObject { break }
            let key = try tokenizer.stringValue()
            let duplicate = tokenizer.lastKeyIsDuplicate
            facts.members[key] = here
            pointer.push(key)
            if duplicate { report(.duplicateKey, Messages.duplicateKey(key)) }
            try member(key, value: try tokenizer.next(), facts: &facts)
            pointer.pop()
        }
        check(facts, context: context)
        return facts.type
    }

    private func member(_ key: String, value v: JSONToken, facts: inout ObjectFacts) throws {
        switch key {
        case "type":
            if v == .string {
                facts.type = try tokenizer.stringValue()
                facts.typePosition = here
            } else {
                report(.wrongMemberType, Messages.wrongType("type", expected: "a string", found: v))
                try skip(startingWith: v)
            }
        case "coordinates":
            facts.coordinates = try readCoordinates(startingWith: v)
        case "geometry":
            try validateValue(startingWith: v, context: .featureGeometry)
        case "features":
            try eachElement(of: v, member: key) { t in try validateValue(startingWith: t, context: .feature) }
        case "geometries":
            facts.geometriesCount = try eachElement(of: v, member: key) { t in
                let start = here
                if try validateValue(startingWith: t, context: .collectionMember) == "GeometryCollection" {
                    facts.nestedCollections.append((pointer.text, start.line, start.column))
                }
            }
        case "properties":
            if v != .beginObject && v != .null {
                report(.wrongMemberType, Messages.wrongType("properties", expected: "an object or null", found: v))
            }
            try skip(startingWith: v)
        case "id":
            if v != .string && v != .number {
                report(.wrongMemberType, Messages.wrongType("id", expected: "a string or a number", found: v))
            }
            try skip(startingWith: v)
        case "bbox":
            try checkBBox(startingWith: v)
        case "crs":
            report(.crsMember, Messages.crs)
            try skip(startingWith: v)
        default:
            try skip(startingWith: v)  // a foreign member
        }
    }

    private func checkBBox(startingWith v: JSONToken) throws {
        guard v == .beginArray else {
            report(.bboxInvalid, Messages.wrongType("bbox", expected: "an array of 4 or 6 numbers", found: v))
            return try skip(startingWith: v)
        }
        let start = here
        var count = 0
        while true {
            let t = try tokenizer.next()
            if t == .endArray { break }
            if t != .number { report(.bboxInvalid, Messages.bboxElement(found: t), indices: [count]) }
            try skip(startingWith: t)
            count += 1
        }
        if count != 4 && count != 6 { report(.bboxInvalid, Messages.bboxCount(count), at: start) }
    }

    /// Streams the array member `member` that starts with `v`, handing each element's first token
    /// to `body` with the pointer at the element; returns the element count. Reports a non-array.
    @discardableResult
    private func eachElement(of v: JSONToken, member: String, _ body: (JSONToken) throws -> Void) throws -> Int {
        guard v == .beginArray else {
            report(.wrongMemberType, Messages.wrongType(member, expected: "an array", found: v))
            try skip(startingWith: v)
            return 0
        }
        var i = 0
        while true {
            let t = try tokenizer.next()
            if t == .endArray { return i }
            pointer.push(i)
            try body(t)
            pointer.pop()
            i += 1
        }
    }

    /// Skips the value that starts with `token`, still reporting duplicate member names inside it.
    func skip(startingWith token: JSONToken) throws {
        switch token {
        case .beginObject:
            while true {
                let t = try tokenizer.next()
                if t == .endObject { return }
                let duplicate = tokenizer.lastKeyIsDuplicate
                pointer.push(try tokenizer.stringValue())
                if duplicate { report(.duplicateKey, Messages.duplicateKey(pointer.tokens.last ?? "")) }
                try skip(startingWith: try tokenizer.next())
                pointer.pop()
            }
        case .beginArray:
            var i = 0
            while true {
                let t = try tokenizer.next()
                if t == .endArray { return }
                pointer.push(i)
                try skip(startingWith: t)
                pointer.pop()
                i += 1
            }
        default:
            return
        }
    }

    /// The checks that need the whole object: its type, required and forbidden members, coordinates.
    private func check(_ facts: ObjectFacts, context: GeoJSONContext) {
        guard let type = facts.type else {
            if facts.members["type"] == nil { report(.missingMember, Messages.missing("type", of: context.what), at: facts.start) }
            return
        }
        let typeAt = facts.typePosition ?? facts.start
        guard geoJSONTypes.contains(type) else {
            report(.unknownType, Messages.unknownType(type), at: typeAt)
            return
        }
        guard context.allowed.contains(type) else {
            report(.unexpectedType, Messages.unexpected(type, expected: context.what), at: typeAt)
            return
        }
        let forbidden: [String] = switch type {
        case "FeatureCollection": ["coordinates", "geometries", "geometry", "properties"]
        case "Feature": ["coordinates", "geometries", "features"]
        default: ["geometry", "properties", "features"]
        }
        for name in forbidden {
            if let at = facts.members[name] { report(.forbiddenMember, Messages.forbidden(name, in: type), at: at) }
        }
        let required: [String] = switch type {
        case "FeatureCollection": ["features"]
        case "Feature": ["geometry", "properties"]
        case "GeometryCollection": ["geometries"]
        default: ["coordinates"]
        }
        for name in required where facts.members[name] == nil {
            report(.missingMember, Messages.missing(name, of: type), at: facts.start)
        }
        if type == "GeometryCollection" {
            if facts.members["geometries"] != nil && facts.geometriesCount == 1 {
                report(.geometryCollectionSingle, Messages.singleMember, at: facts.start)
            }
            for nested in facts.nestedCollections {
                report(.geometryCollectionNested, Messages.nested, at: (nested.line, nested.column),
                       pointer: nested.pointer)
            }
        }
        if let coordinates = facts.coordinates, let at = facts.members["coordinates"] {
            pointer.push("coordinates")
            checkCoordinates(coordinates, type: type, memberAt: at)
            pointer.pop()
        }
    }
}

extension GeoJSONValidator {
    /// The messages of the object rules.
    enum Messages {
        static func notAnObject(_ context: GeoJSONContext, found: JSONToken) -> String {
            let nullable = context == .featureGeometry ? " or null" : ""
            return "expected \(context.what) (a JSON object\(nullable)), found \(found.displayName)"
        }
        static func duplicateKey(_ key: String) -> String {
            "the member \"\(key)\" appears twice in this object; readers disagree on which value counts"
        }
        static func wrongType(_ member: String, expected: String, found: JSONToken) -> String {
            "\"\(member)\" must be \(expected), found \(found.displayName)"
        }
        static func bboxElement(found: JSONToken) -> String { "each element of \"bbox\" must be a number, found \(found.displayName)" }
        static func bboxCount(_ n: Int) -> String {
            "\"bbox\" has \(n) element\(n == 1 ? "" : "s"); it needs 4 (2D: west, south, east, north) or 6 (3D)"
        }
        static func missing(_ member: String, of what: String) -> String { "\(what) needs a \"\(member)\" member" }
        static func unknownType(_ type: String) -> String {
            if let close = geoJSONTypes.first(where: { $0.lowercased() == type.lowercased() }) {
                return "unknown type \"\(type)\"; did you mean \"\(close)\"? (type names are case-sensitive)"
            }
            return "unknown type \"\(type)\"; expected one of \(geoJSONTypes.sorted().joined(separator: ", "))"
        }
        static func unexpected(_ type: String, expected: String) -> String {
            "a \(type) cannot stand here; expected \(expected)"
        }
        static func forbidden(_ member: String, in type: String) -> String {
            "a \(type) must not have a \"\(member)\" member (RFC 7946 §7.1); rename it or move it"
        }
        static let singleMember = "a GeometryCollection with a single geometry; use that geometry itself or a Multi* type"
        static let nested = "a GeometryCollection nested inside another; flatten it into its parent"
        static let crs = "the \"crs\" member was removed by RFC 7946; coordinates are WGS 84 longitude, latitude"
    }
}
