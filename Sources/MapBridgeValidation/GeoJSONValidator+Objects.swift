#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MapBridgeJSON
import MapBridgeModel

/// Where a GeoJSON object stands, which decides the types it may have.
enum GeoJSONContext {
    case root, feature, featureGeometry, collectionMember

    /// Whether an object of `type` may stand here.
    func allows(_ type: GeoJSONType) -> Bool {
        switch self {
        case .root: true
        case .feature: type == .feature
        case .featureGeometry, .collectionMember: type.isGeometry
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

/// The names of the GeoJSON types (for the messages about a type that is none of them).
let geoJSONTypes: Set<String> = Set(GeoJSONType.allCases.map(\.name))

/// A GeoJSON type (the value of a "type" member).
enum GeoJSONType: CaseIterable {
    case point, multiPoint, lineString, multiLineString, polygon, multiPolygon, geometryCollection
    case feature, featureCollection

    var name: String {
        switch self {
        case .point: "Point"
        case .multiPoint: "MultiPoint"
        case .lineString: "LineString"
        case .multiLineString: "MultiLineString"
        case .polygon: "Polygon"
        case .multiPolygon: "MultiPolygon"
        case .geometryCollection: "GeometryCollection"
        case .feature: "Feature"
        case .featureCollection: "FeatureCollection"
        }
    }

    var isGeometry: Bool { self != .feature && self != .featureCollection }

    /// The type the tokenizer's last string names, told from its bytes without making a
    /// `String` (one is made only for a name that is no type, for its message).
    static func ofLastString(in t: JSONTokenizer) -> GeoJSONType? {
        t.withPayload { bytes -> GeoJSONType? in
            guard let base = bytes.baseAddress else { return nil }
            // Called only with a name of the payload's length.
            func named(_ name: StaticString) -> Bool { memcmp(base, name.utf8Start, bytes.count) == 0 }
            return switch bytes.count {
            case 5: named("Point") ? .point : nil
            case 7: named("Polygon") ? .polygon : named("Feature") ? .feature : nil
            case 10: named("MultiPoint") ? .multiPoint : named("LineString") ? .lineString : nil
            case 12: named("MultiPolygon") ? .multiPolygon : nil
            case 15: named("MultiLineString") ? .multiLineString : nil
            case 17: named("FeatureCollection") ? .featureCollection : nil
            case 18: named("GeometryCollection") ? .geometryCollection : nil
            default: nil
            }
        }
    }
}

/// The value of an object's "type" member, when it is a string.
enum TypeValue {
    case known(GeoJSONType)
    /// A string that names no GeoJSON type.
    case unknown(String)
}

/// The member names the checks know by name, in the order in which forbidden and missing
/// members are reported.
enum KnownMember: Int, CaseIterable {
    case coordinates, geometries, geometry, properties, features, type, id, bbox, crs

    var name: String {
        switch self {
        case .coordinates: "coordinates"
        case .geometries: "geometries"
        case .geometry: "geometry"
        case .properties: "properties"
        case .features: "features"
        case .type: "type"
        case .id: "id"
        case .bbox: "bbox"
        case .crs: "crs"
        }
    }

    /// The member as one bit of a `KnownMembers` set.
    var bit: UInt16 { 1 << UInt16(rawValue) }

    /// `JSONTokenizer.lastKeyWordsAndCount` of each name, by `rawValue` (every name is short
    /// enough for its words to hold all of it).
    private static let words: [(count: Int, head: UInt64, tail: UInt64)] = [
        JSONTokenizer.keyWordsAndCount(of: "coordinates"), JSONTokenizer.keyWordsAndCount(of: "geometries"),
        JSONTokenizer.keyWordsAndCount(of: "geometry"), JSONTokenizer.keyWordsAndCount(of: "properties"),
        JSONTokenizer.keyWordsAndCount(of: "features"), JSONTokenizer.keyWordsAndCount(of: "type"),
        JSONTokenizer.keyWordsAndCount(of: "id"), JSONTokenizer.keyWordsAndCount(of: "bbox"),
        JSONTokenizer.keyWordsAndCount(of: "crs"),
    ]

    /// The known member the tokenizer's last key names, if any: told from its length and
    /// words, without a look at its bytes or a `String`. Right after `next()` returned `.key`.
    static func ofLastKey(in t: JSONTokenizer) -> KnownMember? {
        let key = t.lastKeyWordsAndCount
        guard key.count <= 11 else { return nil }
        let words = Self.words
        for i in words.indices where words[i].count == key.count && words[i].head == key.head && words[i].tail == key.tail {
            return KnownMember(rawValue: i)
        }
        return nil
    }
}

/// A set of `KnownMember`s, one bit each.
struct KnownMembers {
    private(set) var bits: UInt16 = 0

    init(_ bits: UInt16 = 0) { self.bits = bits }

    /// The members a FeatureCollection, a Feature or a geometry must not have.
    static let forbiddenInCollection = KnownMembers(KnownMember.coordinates.bit | KnownMember.geometries.bit
                                                    | KnownMember.geometry.bit | KnownMember.properties.bit)
    static let forbiddenInFeature = KnownMembers(KnownMember.coordinates.bit | KnownMember.geometries.bit
                                                 | KnownMember.features.bit)
    static let forbiddenInGeometry = KnownMembers(KnownMember.geometry.bit | KnownMember.properties.bit
                                                  | KnownMember.features.bit)

    func contains(_ member: KnownMember) -> Bool { bits & member.bit != 0 }
    mutating func insert(_ member: KnownMember) { bits |= member.bit }

    /// The members of the set in the reporting order, those of `other` among them.
    func intersection(_ other: KnownMembers) -> [KnownMember] {
        KnownMember.allCases.filter { bits & other.bits & $0.bit != 0 }
    }

    /// The members of the set that `other` lacks, in the reporting order.
    func subtracting(_ other: KnownMembers) -> [KnownMember] {
        KnownMember.allCases.filter { bits & $0.bit != 0 && other.bits & $0.bit == 0 }
    }
}

/// What one object's members said, gathered while streaming them.
struct ObjectFacts {
    var start: (line: Int, column: Int)
    var type: TypeValue?
    /// The known members the object has (named at least once).
    var members = KnownMembers()
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
    /// The GeoJSON type, when the value is an object whose "type" names one.
    var type: GeoJSONType?
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
            let known = KnownMember.ofLastKey(in: tokenizer)
            // A known name is ASCII; any other is made a `String` (which checks its UTF-8).
            let key = try known?.name ?? tokenizer.stringValue()
            let duplicate = tokenizer.lastKeyIsDuplicate
            if let known { facts.members.insert(known) }
            pointer.push(key)
            if duplicate { report(.duplicateKey, Messages.duplicateKey(key), at: facts.start) }
            try member(known, value: try tokenizer.next(), facts: &facts)
            pointer.pop()
        }
        check(&facts, context: context)
        if case .known(let type) = facts.type { return ValueSummary(type: type, extent: facts.extent) }
        return ValueSummary(extent: facts.extent)
    }

    private func member(_ key: KnownMember?, value v: JSONToken, facts: inout ObjectFacts) throws {
        let object = facts.start
        guard let key else {
            try skip(startingWith: v)  // a foreign member
            return
        }
        switch key {
        case .type:
            if v == .string {
                if let type = GeoJSONType.ofLastString(in: tokenizer) {
                    facts.type = .known(type)
                } else {
                    facts.type = .unknown(try tokenizer.stringValue())
                }
            } else {
                report(.wrongMemberType, Messages.wrongType("type", expected: "a string", found: v), at: object)
                try skip(startingWith: v)
            }
        case .coordinates:
            facts.coordinates = try readCoordinates(startingWith: v)
        case .geometry:
            facts.extent.add(try validateValue(startingWith: v, context: .featureGeometry, holder: object).extent)
        case .features:
            try eachElement(of: v, member: key.name, holder: object) { t, array in
                facts.extent.add(try validateValue(startingWith: t, context: .feature, holder: array).extent)
            }
        case .geometries:
            if v == .beginArray { facts.geometriesStart = here }
            facts.geometriesCount = try eachElement(of: v, member: key.name, holder: object) { t, array in
                let member = try validateValue(startingWith: t, context: .collectionMember, holder: array)
                if member.type == .geometryCollection { facts.nestedCollections.append(pointer.text) }
                facts.extent.add(member.extent)
            }
        case .properties:
            if v != .beginObject && v != .null {
                report(.wrongMemberType, Messages.wrongType("properties", expected: "an object or null", found: v), at: object)
            }
            try skip(startingWith: v)
        case .id:
            if v != .string && v != .number {
                report(.wrongMemberType, Messages.wrongType("id", expected: "a string or a number", found: v), at: object)
            }
            try skip(startingWith: v)
        case .bbox:
            facts.bbox = try readBBox(startingWith: v, holder: object)
        case .crs:
            report(.crsMember, Messages.crs, at: object)
            try skip(startingWith: v)
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
                let name = try KeyName(lastKeyIn: tokenizer)
                // The name joins the pointer only for what may need it: a finding, a value
                // that holds more, or malformed JSON where the value should be.
                if duplicate {
                    pointer.push(name.string)
                    report(.duplicateKey, Messages.duplicateKey(name.string), at: object)
                    pointer.pop()
                }
                let v: JSONToken
                do { v = try tokenizer.next() } catch {
                    pointer.push(name.string)
                    throw error
                }
                switch v {
                case .beginObject, .beginArray:
                    pointer.push(name.string)
                    try skip(startingWith: v)
                    pointer.pop()
                case .number:
                    if !tokenizer.numberValue().isFinite {
                        pointer.push(name.string)
                        try skip(startingWith: v)
                        pointer.pop()
                    }
                default:
                    break
                }
            }
        case .beginArray:
            var i = 0
            while true {
                let t = try tokenizer.next()
                if t == .endArray { return }
                switch t {
                case .beginObject, .beginArray:
                    pointer.push(i)
                    try skip(startingWith: t)
                    pointer.pop()
                case .number:
                    if !tokenizer.numberValue().isFinite {
                        pointer.push(i)
                        try skip(startingWith: t)
                        pointer.pop()
                    }
                default:
                    break
                }
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

    /// A member name, made a `String` only when asked for: a short ASCII name is kept in the
    /// words the tokenizer gave for it (`lastKeyWordsAndCount`, which hold all of it), any
    /// other is made a `String` at once (which checks its UTF-8, as `stringValue()` does).
    private struct KeyName {
        private let words: (count: Int, head: UInt64, tail: UInt64)
        private let made: String?

        /// The name of the tokenizer's last key (right after `next()` returned `.key`).
        /// - Throws: when it is not valid UTF-8.
        init(lastKeyIn t: JSONTokenizer) throws {
            words = t.lastKeyWordsAndCount
            let ascii = (words.head | words.tail) & 0x8080_8080_8080_8080 == 0
            made = words.count <= 16 && ascii ? nil : try t.stringValue()
        }

        var string: String {
            if let made { return made }
            let n = words.count
            var bytes = [UInt8](repeating: 0, count: n)
            func byte(_ w: UInt64, _ k: Int) -> UInt8 { UInt8(truncatingIfNeeded: w >> (8 * UInt64(k))) }
            if n >= 8 {
                for k in 0..<8 { bytes[k] = byte(words.head, k); bytes[n - 8 + k] = byte(words.tail, k) }
            } else if n >= 4 {
                for k in 0..<4 { bytes[k] = byte(words.head, k); bytes[n - 4 + k] = byte(words.head, 4 + k) }
            } else {
                for k in 0..<n { bytes[k] = byte(words.head, k) }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The checks that need the whole object: its type, required and forbidden members,
    /// coordinates, and its bbox against the positions inside it.
    private func check(_ facts: inout ObjectFacts, context: GeoJSONContext) {
        guard let typeValue = facts.type else {
            if !facts.members.contains(.type) { report(.missingMember, Messages.missing("type", of: context.what), at: facts.start) }
            return
        }
        guard case .known(let type) = typeValue else {
            if case .unknown(let name) = typeValue {
                report(.unknownType, Messages.unknownType(name), at: facts.start, pointer: pointer.text + "/type")
            }
            return
        }
        guard context.allows(type) else {
            report(.unexpectedType, Messages.unexpected(type.name, expected: context.what), at: facts.start,
                   pointer: pointer.text + "/type")
            return
        }
        let forbidden: KnownMembers = switch type {
        case .featureCollection: .forbiddenInCollection
        case .feature: .forbiddenInFeature
        default: .forbiddenInGeometry
        }
        if facts.members.bits & forbidden.bits != 0 {
            for member in facts.members.intersection(forbidden) {
                report(.forbiddenMember, Messages.forbidden(member.name, in: type.name), at: facts.start,
                       pointer: pointer.text + "/" + member.name)
            }
        }
        let required: KnownMembers = switch type {
        case .featureCollection: KnownMembers(KnownMember.features.bit)
        case .feature: KnownMembers(KnownMember.geometry.bit | KnownMember.properties.bit)
        case .geometryCollection: KnownMembers(KnownMember.geometries.bit)
        default: KnownMembers(KnownMember.coordinates.bit)
        }
        if facts.members.bits & required.bits != required.bits {
            for member in required.subtracting(facts.members) {
                report(.missingMember, Messages.missing(member.name, of: type.name), at: facts.start)
            }
        }
        if type == .geometryCollection, let array = facts.geometriesStart {
            if facts.geometriesCount == 1 {
                report(.geometryCollectionSingle, Messages.singleMember, at: array, pointer: pointer.text + "/geometries")
            }
            for nested in facts.nestedCollections {
                report(.geometryCollectionNested, Messages.nested, at: array, pointer: nested)
            }
        }
        if let coordinates = facts.coordinates, facts.members.contains(.coordinates) {
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
