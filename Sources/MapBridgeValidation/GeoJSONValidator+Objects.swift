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
    var members: [String: (line: Int, column: Int)] = [:]
    var coordinates: CoordinateNode?
    var geometriesCount = 0
    /// Each nested GeometryCollection's pointer.
    var nestedCollections: [String] = []
    /// Where the "geometries" array starts.
    var geometriesStart: (line: Int, column: Int)?
    /// The positions inside the object (its coordinates, geometry, features or geometries).
    var extent = Extent()
    /// A well-formed "bbox" (4 or 6 numbers) and where its array starts.
    var bbox: (values: [Double], line: Int, column: Int)?
}

/// What checking one value found out, for the object that holds it.
struct ValueSummary {
    /// The GeoJSON type, when the value is an object with a string "type".
    var type: String?
    var extent = Extent()
}

extension GeoJSONValidator {
    /// Checks the value that starts with `token` as a GeoJSON object in `context`; `holder` is
    /// where the object or array holding it starts (where a value of the wrong kind is reported).
    @discardableResult
    func validateValue(startingWith token: JSONToken, context: GeoJSONContext,
                       holder: (line: Int, column: Int)) throws -> ValueSummary {
        if token == .null && context == .featureGeometry { return ValueSummary() }
        guard token == .beginObject else {
            report(.wrongMemberType, Messages.notAnObject(context, found: token), at: holder)
            try skip(startingWith: token)
            return ValueSummary()
        }
        var facts = ObjectFacts(start: here)
        while true {
            let t = try tokenizer.next()
            if t == .endObject { break }
            let key = try tokenizer.stringValue()
            let duplicate = tokenizer.lastKeyIsDuplicate
            facts.members[key] = here
            pointer.push(key)
            if duplicate { report(.duplicateKey, Messages.duplicateKey(key), at: facts.start) }
            try member(key, value: try tokenizer.next(), facts: &facts)
            pointer.pop()
        }
        check(&facts, context: context)
        return ValueSummary(type: facts.type, extent: facts.extent)
    }

    private func member(_ key: String, value v: JSONToken, facts: inout ObjectFacts) throws {
        let object = facts.start
        switch key {
        case "type":
            if v == .string {
                facts.type = try tokenizer.stringValue()
            } else {
                report(.wrongMemberType, Messages.wrongType("type", expected: "a string", found: v), at: object)
                try skip(startingWith: v)
            }
        case "coordinates":
            facts.coordinates = try readCoordinates(startingWith: v)
        case "geometry":
            facts.extent.add(try validateValue(startingWith: v, context: .featureGeometry, holder: object).extent)
        case "features":
            try eachElement(of: v, member: key, holder: object) { t, array in
                facts.extent.add(try validateValue(startingWith: t, context: .feature, holder: array).extent)
            }
        case "geometries":
            if v == .beginArray { facts.geometriesStart = here }
            facts.geometriesCount = try eachElement(of: v, member: key, holder: object) { t, array in
                let member = try validateValue(startingWith: t, context: .collectionMember, holder: array)
                if member.type == "GeometryCollection" { facts.nestedCollections.append(pointer.text) }
                facts.extent.add(member.extent)
            }
        case "properties":
            if v != .beginObject && v != .null {
                report(.wrongMemberType, Messages.wrongType("properties", expected: "an object or null", found: v), at: object)
            }
            try skip(startingWith: v)
        case "id":
            if v != .string && v != .number {
                report(.wrongMemberType, Messages.wrongType("id", expected: "a string or a number", found: v), at: object)
            }
            try skip(startingWith: v)
        case "bbox":
            facts.bbox = try readBBox(startingWith: v, holder: object)
        case "crs":
            report(.crsMember, Messages.crs, at: object)
            try skip(startingWith: v)
        default:
            try skip(startingWith: v)  // a foreign member
        }
    }

    /// Reads and checks a "bbox" value; returns its numbers and where it starts when it is usable.
    private func readBBox(startingWith v: JSONToken,
                          holder: (line: Int, column: Int)) throws -> (values: [Double], line: Int, column: Int)? {
        guard v == .beginArray else {
            report(.bboxInvalid, Messages.wrongType("bbox", expected: "an array of 4 or 6 numbers", found: v), at: holder)
            try skip(startingWith: v)
            return nil
        }
        let start = here
        var values: [Double] = []
        var count = 0
        var numeric = true
        while true {
            let t = try tokenizer.next()
            if t == .endArray { break }
            if t == .number {
                if values.count < 6 { values.append(tokenizer.numberValue()) }
            } else {
                report(.bboxInvalid, Messages.bboxElement(found: t), at: start, indices: [count])
                numeric = false
            }
            try skip(startingWith: t)
            count += 1
        }
        if count != 4 && count != 6 {
            report(.bboxInvalid, Messages.bboxCount(count), at: start)
            return nil
        }
        guard numeric else { return nil }
        let south = values[1], north = values[count == 6 ? 4 : 3]
        if south > north {
            report(.bboxInvalid, Messages.bboxSouthNorth(south: south, north: north), at: start)
            return nil
        }
        return (values, start.line, start.column)
    }

    /// Streams the array member `member` that starts with `v`, handing each element's first token
    /// and the array's start to `body` with the pointer at the element; returns the element
    /// count. Reports a non-array at `holder`.
    @discardableResult
    private func eachElement(of v: JSONToken, member: String, holder: (line: Int, column: Int),
                             _ body: (JSONToken, (line: Int, column: Int)) throws -> Void) throws -> Int {
        guard v == .beginArray else {
            report(.wrongMemberType, Messages.wrongType(member, expected: "an array", found: v), at: holder)
            try skip(startingWith: v)
            return 0
        }
        let array = here
        var i = 0
        while true {
            let t = try tokenizer.next()
            if t == .endArray { return i }
            pointer.push(i)
            try body(t, array)
            pointer.pop()
            i += 1
        }
    }

    /// Skips the value that starts with `token`, still reporting duplicate member names inside it.
    func skip(startingWith token: JSONToken) throws {
        switch token {
        case .beginObject:
            let object = here
            while true {
                let t = try tokenizer.next()
                if t == .endObject { return }
                let duplicate = tokenizer.lastKeyIsDuplicate
                pointer.push(try tokenizer.stringValue())
                if duplicate { report(.duplicateKey, Messages.duplicateKey(pointer.tokens.last ?? ""), at: object) }
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
        case .number:
            // Well-formed JSON, but no reader can hold it (MapBridge's own refuses the file).
            if !tokenizer.numberValue().isFinite {
                report(.numberTooLarge, "the number \(tokenizer.numberText()) is too large to represent; numbers must be within ±1.8e308", at: here)
            }
        default:
            return
        }
    }

    /// The checks that need the whole object: its type, required and forbidden members,
    /// coordinates, and its bbox against the positions inside it.
    private func check(_ facts: inout ObjectFacts, context: GeoJSONContext) {
        guard let type = facts.type else {
            if facts.members["type"] == nil { report(.missingMember, Messages.missing("type", of: context.what), at: facts.start) }
            return
        }
        guard geoJSONTypes.contains(type) else {
            report(.unknownType, Messages.unknownType(type), at: facts.start, pointer: pointer.text + "/type")
            return
        }
        guard context.allowed.contains(type) else {
            report(.unexpectedType, Messages.unexpected(type, expected: context.what), at: facts.start,
                   pointer: pointer.text + "/type")
            return
        }
        let forbidden: [String] = switch type {
        case "FeatureCollection": ["coordinates", "geometries", "geometry", "properties"]
        case "Feature": ["coordinates", "geometries", "features"]
        default: ["geometry", "properties", "features"]
        }
        for name in forbidden where facts.members[name] != nil {
            report(.forbiddenMember, Messages.forbidden(name, in: type), at: facts.start, pointer: pointer.text + "/" + name)
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
        if type == "GeometryCollection", let array = facts.geometriesStart {
            if facts.geometriesCount == 1 {
                report(.geometryCollectionSingle, Messages.singleMember, at: array, pointer: pointer.text + "/geometries")
            }
            for nested in facts.nestedCollections {
                report(.geometryCollectionNested, Messages.nested, at: array, pointer: nested)
            }
        }
        if let coordinates = facts.coordinates, facts.members["coordinates"] != nil {
            pointer.push("coordinates")
            facts.extent.add(checkCoordinates(coordinates, type: type, object: facts.start))
            pointer.pop()
        }
        if let bbox = facts.bbox, let problem = facts.extent.violation(of: bbox.values) {
            report(.bboxMismatch, problem, at: (bbox.line, bbox.column), pointer: pointer.text + "/bbox")
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
        static func bboxSouthNorth(south: Double, north: Double) -> String {
            "\"bbox\" has its south edge \(south) north of its north edge \(north); the order is west, south, east, north"
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
