import MapBridgeJSON
import MapBridgeModel

/// The members of one GeoJSON object, gathered before its type is known (members may come in
/// any order: `"type"` is often last).
struct Members: Sendable {
    /// Where the object starts, kept as plain numbers (`location` makes them a location): a
    /// `SourceLocation` holds a pointer (`nil` for an object's start), a reference that each
    /// copy of it retained and each destroy released, once per feature.
    private let source: SourceFile
    private let start: TokenMark
    var type: String?
    /// The geometry kind `type` names, if it names one (`GeoJSONMapping.geometryTypes`).
    var shapeKind: ShapeKind?
    /// Where the value of `type` starts (kept as numbers: most objects never need its location).
    var typeMark: TokenMark?
    var id: FeatureID?
    var hasGeometry = false
    var geometry: Shape?
    var properties: Properties?
    var featuresStarted = false
    /// The members the reader knows (`GeoJSONKeyTag.Member`) read so far, a bit each, so that
    /// the reader notices a repeated one by itself (`notesRepeat`).
    var knownMembersRead: UInt16 = 0
    /// The parts few features have (`Rare`), boxed when one is first set: a feature's members
    /// are made, moved and destroyed once per feature, and these would more than double their size.
    private var rare: RareBox?

    /// The parts of `Members` that few features have.
    struct Rare: Sendable {
        /// The members the reader does not know, in source order (see `foreign`).
        var foreign = Properties()
        var coordinates: CoordinateTree?
        var coordinatesLocation: SourceLocation?
        var geometries: [Shape]?
        var geometriesLocation: SourceLocation?
        var crs: PropertyValue?
        var crsLocation: SourceLocation?
        var crsChecked = false
        /// The first problem that makes a geometry inside this object unreadable, kept (rather
        /// than thrown) when unreadable objects are skipped, so the whole feature can be left out.
        var unreadable: MapBridgeError?
    }

    /// The box of `Rare`, copied before a change when shared (a value of `Members` is copied
    /// only where the reader keeps a collection's members).
    final class RareBox: @unchecked Sendable {
        var value: Rare
        init(_ value: Rare) { self.value = value }
    }

    /// Whether any of the rare parts was ever set (most features' members have none).
    var hasRareParts: Bool { rare != nil }

    /// `body` run on the rare parts, boxed first if they are not yet (or copied if shared).
    private mutating func updateRare(_ body: (inout Rare) -> Void) {
        guard var box = rare.take() else {
            var value = Rare()
            body(&value)
            rare = RareBox(value)
            return
        }
        if !isKnownUniquelyReferenced(&box) { box = RareBox(box.value) }
        body(&box.value)
        rare = box
    }

    /// The members the reader does not know, in source order: with the rare parts, since few
    /// features have any (inline, their storage and index were released with every feature's
    /// members). Added to in place by `appendForeign` and `setForeign`.
    var foreign: Properties {
        get { rare?.value.foreign ?? Properties() }
        set { if rare != nil || !newValue.isEmpty { updateRare { $0.foreign = newValue } } }
    }

    /// Appends a member the reader does not know (not looked for among those read).
    mutating func appendForeign(key: String, value: PropertyValue) {
        updateRare { $0.foreign.append(key: key, value: value) }
    }

    /// Sets the member the reader does not know named `key` (in place, if it was read).
    mutating func setForeign(key: String, value: PropertyValue) {
        updateRare { $0.foreign[key] = value }
    }

    var coordinates: CoordinateTree? {
        get { rare?.value.coordinates }
        set { if rare != nil || newValue != nil { updateRare { $0.coordinates = newValue } } }
    }
    var coordinatesLocation: SourceLocation? {
        get { rare?.value.coordinatesLocation }
        set { if rare != nil || newValue != nil { updateRare { $0.coordinatesLocation = newValue } } }
    }
    var geometries: [Shape]? {
        get { rare?.value.geometries }
        set { if rare != nil || newValue != nil { updateRare { $0.geometries = newValue } } }
    }
    var geometriesLocation: SourceLocation? {
        get { rare?.value.geometriesLocation }
        set { if rare != nil || newValue != nil { updateRare { $0.geometriesLocation = newValue } } }
    }
    var crs: PropertyValue? {
        get { rare?.value.crs }
        set { if rare != nil || newValue != nil { updateRare { $0.crs = newValue } } }
    }
    var crsLocation: SourceLocation? {
        get { rare?.value.crsLocation }
        set { if rare != nil || newValue != nil { updateRare { $0.crsLocation = newValue } } }
    }
    var crsChecked: Bool {
        get { rare?.value.crsChecked ?? false }
        set { if rare != nil || newValue { updateRare { $0.crsChecked = newValue } } }
    }
    var unreadable: MapBridgeError? {
        get { rare?.value.unreadable }
        set { if rare != nil || newValue != nil { updateRare { $0.unreadable = newValue } } }
    }

    /// The members of an object that starts at `location` (whose pointer, if any, is not
    /// kept: `locate` gives one where it is needed). Inlined, so that the members are built
    /// where the reader keeps them (not built apart and then copied there, several hundred
    /// bytes per object).
    @inline(__always)
    init(location: SourceLocation) {
        source = location.source
        start = TokenMark(line: location.line, column: location.column)
    }

    /// The members of an object that starts at `start` in `t`'s source: `init(location:)`
    /// without a location made (and destroyed) for the call.
    @inline(__always)
    init(startingAt start: TokenMark, in t: JSONTokenizer) {
        source = t.sourceFile
        self.start = start
    }

    /// Where the object starts, without a pointer.
    var location: SourceLocation { SourceLocation(source: source, line: start.line, column: start.column) }

    /// The location of the value of `type`, in the object's source.
    var typeLocation: SourceLocation? {
        typeMark.map { SourceLocation(source: source, line: $0.line, column: $0.column) }
    }
}

extension Optional {
    /// Sets the value to `value`, for a value that is nearly always `nil` before (a member of
    /// an object, set once): assigned in the case that says it is `nil`, the old value is
    /// known to hold nothing to release, and no call is made to release it (as a plain
    /// assignment does, `nil` or not).
    @inline(__always)
    mutating func setUsuallyOverNil(_ value: consuming Wrapped) {
        switch self {
        case .none: self = value
        case .some: self = value
        }
    }
}

/// Where a token starts, as plain numbers, for a location that may never be needed: made a
/// `SourceLocation` (what `JSONTokenizer.location()` gives at that token) only when it is.
struct TokenMark {
    let line: Int
    let column: Int

    /// The start of the tokenizer's last token.
    @inline(__always)
    init(_ t: JSONTokenizer) {
        line = t.tokenLine
        column = t.tokenColumn
    }

    /// A start at 1-based `line` and `column`.
    init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The location, in the tokenizer's source, without a pointer.
    func location(in t: JSONTokenizer) -> SourceLocation {
        SourceLocation(source: t.sourceFile, line: line, column: column)
    }
}

extension GeoJSONReader {
    // Members are checked where they were read, so the reader's `path` is the object's (a
    // copy kept in `Members` would make appending to `path` copy it, once per feature).

    /// `location` (or that of `m`, the object being read) with the JSON pointer of `member`
    /// of that object.
    func locate(_ m: Members, _ location: SourceLocation?, member: String? = nil) -> SourceLocation {
        var l = location ?? m.location
        l.pointer = jsonPointer(member.map { path.components + [.key($0)] } ?? path.components)
        return l
    }

    /// An error of kind `.data` at `location` (default: `m`, the object being read), with
    /// its pointer.
    func error(in m: Members, _ message: String, at location: SourceLocation? = nil, member: String? = nil) -> MapBridgeError {
        MapBridgeError(.data, message, at: locate(m, location, member: member))
    }
}

extension GeoJSONReader {
    /// Reads members up to the end of the current object (its `{` already read). With
    /// `stoppingAtFeatures`, stops just inside a `features` array so its elements can stream.
    func parseMembers(into m: inout Members, stoppingAtFeatures: Bool) throws {
        while true {
            let token = try tokenizer.next()
            if token == .endObject { return }
            // The tokenizer guarantees a key here.
            if try parseMember(into: &m, stoppingAtFeatures: stoppingAtFeatures) { return }
        }
    }

    /// Reads the member whose key `next()` just returned; `true` when it stopped just inside
    /// the top-level `features` array (see `parseMembers`).
    func parseMember(into m: inout Members, stoppingAtFeatures: Bool) throws -> Bool {
            let t = tokenizer
            // Most members are known by their tag alone: their names are made `String`s only
            // where they are kept.
            let member = GeoJSONKeyTag.member(ofLastKeyIn: t)
            let repeated = notesRepeat(of: member, in: &m)
            if repeated { warnDuplicateMember() }
            switch member {
            case .type:
                try expectToken(.string, for: "type", message: "'type' must be a string")
                let typeTag = try t.stringTag(in: typeTable)
                let kind = GeoJSONMapping.shapeKind(tag: typeTag)
                // The types the table tags are spelt as constants (a kind's raw value is its
                // GeoJSON name), not copied out of the table: a copy was retained per feature.
                if let kind {
                    m.type.setUsuallyOverNil(kind.rawValue)
                } else if typeTag == GeoJSONMapping.featureTypeTag {
                    m.type.setUsuallyOverNil("Feature")
                } else {
                    m.type = try t.stringValue()
                }
                m.shapeKind = kind
                m.typeMark = TokenMark(t)
            case .features:
                path.append(.member("features"))
                let value = try t.next()
                guard value == .beginArray else {
                    throw fail("'features' must be an array of Feature objects", found: value)
                }
                path.removeLast()
                if stoppingAtFeatures && path.isEmpty {
                    m.featuresStarted = true
                    return true
                }
                path.append(.member("features"))
                m.appendForeign(key: "features", value: try parseValue(startingWith: value))
                path.removeLast()
            case .geometry:
                path.append(.member("geometry"))
                defer { path.removeLast() }
                let value = try t.next()
                m.hasGeometry = true
                switch value {
                case .null:
                    m.geometry = nil
                case .beginObject:
                    let shape = try parseGeometryObject(within: &m)
                    m.geometry = shape
                default:
                    throw fail("'geometry' must be a geometry object or null", found: value)
                }
            case .properties:
                // The feature's own properties (not those of an object inside it) are looked up
                // in the vocabulary as they are read.
                let isRecord = path.count == recordDepth
                path.append(.member("properties"))
                defer { path.removeLast() }
                let value = try t.next()
                if isRecord { record.reset() }
                switch value {
                case .null:
                    m.properties = Properties()
                case .beginObject:
                    m.properties = try parseObjectBody(recording: isRecord)
                default:
                    throw fail("'properties' must be an object or null", found: value)
                }
            case .coordinates:
                path.append(.member("coordinates"))
                defer { path.removeLast() }
                let value = try t.next()
                m.coordinatesLocation = t.location()
                guard value == .beginArray else {
                    throw fail("'coordinates' must be an array", found: value)
                }
                m.coordinates = try parseCoordinateTree()
            case .geometries:
                path.append(.member("geometries"))
                defer { path.removeLast() }
                let value = try t.next()
                m.geometriesLocation = t.location()
                guard value == .beginArray else {
                    throw fail("'geometries' must be an array of geometry objects", found: value)
                }
                var shapes: [Shape] = []
                var index = 0
                while true {
                    let element = try t.next()
                    if element == .endArray { break }
                    path.append(.index(index))
                    guard element == .beginObject else {
                        throw fail("each element of 'geometries' must be a geometry object", found: element)
                    }
                    if let shape = try parseGeometryObject(within: &m) { shapes.append(shape) }
                    path.removeLast()
                    index += 1
                }
                m.geometries = shapes
            case .id:
                path.append(.member("id"))
                defer { path.removeLast() }
                switch try t.next() {
                case .string: m.id = .string(try t.stringValue())
                case .number: m.id = .number(NumberValue(text: t.numberText(), value: t.numberValue()))
                case .null:
                    // Many exporters write `"id": null` for "no id"; RFC 7946 wants a string or a number,
                    // so it is read as no id and reported (`validate` still flags it).
                    warn("null-id", "'id' is null; RFC 7946 wants a string or a number: read as a feature without an id",
                         at: t.location(pointer: pointer()))
                case let other: throw fail("'id' must be a string or a number", found: other)
                }
            case .bbox:
                // Recomputed from the data on output (--bbox); checked by `validate`.
                path.append(.member("bbox"))
                defer { path.removeLast() }
                let value = try t.next()
                guard value == .beginArray else { throw fail("'bbox' must be an array of numbers", found: value) }
                try t.skipValue(startingWith: value)
            case .crs:
                path.append(.member("crs"))
                defer { path.removeLast() }
                let value = try t.next()
                m.crsLocation = t.location()
                m.crs = try parseValue(startingWith: value)
            case .other:
                let key = try t.key(in: keyTable).key
                path.append(.key(key))
                defer { path.removeLast() }
                let value = try parseValue(startingWith: try t.next())
                if repeated { m.setForeign(key: key, value: value) } else { m.appendForeign(key: key, value: value) }
            }
            return false
    }

    /// Whether the member whose name `next()` just returned, which is `member`, repeats a
    /// member of `m` read so far, noting it as read: a member the reader knows by its bit, any
    /// other by its name among the foreign members, up to `MemberNameSummary.limit` of them
    /// (past it, the tokenizer is handed the names and answers). The tokenizer records no
    /// names (`leavesRepeatedNamesToCaller`).
    @inline(__always)
    func notesRepeat(of member: GeoJSONKeyTag.Member, in m: inout Members) -> Bool {
        defer { m.knownMembersRead |= member.bit }
        if member != .other { return m.knownMembersRead & member.bit != 0 }
        return repeatsForeignMember(of: m)
    }

    /// `notesRepeat` for a member the reader does not know: whether its name is that of one
    /// of the foreign members of `m`. Apart: few objects have any.
    @inline(never)
    private func repeatsForeignMember(of m: Members) -> Bool {
        let t = tokenizer
        let foreign = m.foreign
        if foreign.count < MemberNameSummary.limit { return foreign.contains { t.payloadEquals(bytesOf: $0.key) } }
        if !t.recordsNames {
            let known = GeoJSONKeyTag.Member.allCases.filter { m.knownMembersRead & $0.bit != 0 }.compactMap(\.name)
            t.recordNames(known + foreign.keys)
        }
        return t.lastKeyIsDuplicate
    }

    /// Reports that the member whose key `next()` just returned repeats one of its object.
    @inline(never)
    private func warnDuplicateMember() {
        let name = (try? tokenizer.stringValue()) ?? "?"
        warn("duplicate-key", "the member '\(name)' appears twice in this object; the last one is kept",
             at: tokenizer.location(pointer: pointer()))
    }

    func expectToken(_ kind: JSONToken, for key: StaticString, message: String) throws {
        let token = try tokenizer.next()
        guard token == kind else {
            path.append(.member(key))
            defer { path.removeLast() }
            throw fail(message, found: token)
        }
    }

    /// Parses a geometry object whose `{` was just read. When unreadable objects are skipped, a
    /// geometry that cannot be read gives `nil` and its problem is kept in `parent` (the first one).
    ///
    /// The common object, a `type` naming a geometry and its `coordinates` (in either order),
    /// becomes its shape directly; anything else (another member, a repeated one, a problem)
    /// goes through `Members` and `makeShape`, which say what is wrong.
    func parseGeometryObject(within parent: inout Members) throws -> Shape? {
        let t = tokenizer
        // Where the object, its `type` and its `coordinates` start: made locations only where
        // one is needed (a warning, a problem, the way through `Members`).
        let start = TokenMark(t)
        // A `type` that names no geometry kind sends the object the way through `Members` as
        // soon as it is read, so nothing of it is kept here but the kind it names.
        var kind: ShapeKind?, typeMark: TokenMark?
        var tree: CoordinateTree?, coordinatesMark: TokenMark?
        // The members read so far, as `Members.knownMembersRead`.
        var read: UInt16 = 0
        var m: Members
        members: do {
            while true {
                let token = try t.next()
                if token == .endObject {
                    // The tree is moved out to be made a shape, and put back when it makes none.
                    if let kind, let taken = tree.take() {
                        // A Point's position is its shape as it is (what `shape(of:_:at:)` makes
                        // of it too), without the call.
                        if kind == .annotation, case .position(let c) = taken { return .annotation(c) }
                        if case .shape(let shape) = shape(of: kind, taken, at: (coordinatesMark ?? start).location(in: t)) {
                            return shape
                        }
                        tree = taken
                    }
                    m = geometryMembers(start: start, read: read, kind: kind, typeMark: typeMark,
                                        tree: tree.take(), coordinatesMark: coordinatesMark)
                    break members
                }
                let member = GeoJSONKeyTag.member(ofLastKeyIn: t)
                if read & member.bit == 0 {
                    switch member {
                    case .type:
                        read |= member.bit
                        try expectToken(.string, for: "type", message: "'type' must be a string")
                        // A geometry kind's name is spelt out only if `Members` needs it.
                        kind = GeoJSONMapping.shapeKind(tag: try t.stringTag(in: typeTable))
                        typeMark = TokenMark(t)
                        if kind != nil { continue }
                        // A type that names none: the rest of the object is read as any
                        // object's members (`makeShape` says what is wrong), with the type as given.
                        m = geometryMembers(start: start, read: read, kind: nil, typeMark: typeMark,
                                            tree: tree.take(), coordinatesMark: coordinatesMark)
                        m.type = try t.stringValue()
                        try parseMembers(into: &m, stoppingAtFeatures: false)
                        break members
                    case .coordinates:
                        read |= member.bit
                        path.append(.member("coordinates"))
                        defer { path.removeLast() }
                        let value = try t.next()
                        coordinatesMark = TokenMark(t)
                        guard value == .beginArray else {
                            throw fail("'coordinates' must be an array", found: value)
                        }
                        tree = try parseCoordinateTree()
                        continue
                    default:
                        break
                    }
                }
                // Another member (or one repeated): the rest of the object is read as any
                // object's members.
                m = geometryMembers(start: start, read: read, kind: kind, typeMark: typeMark,
                                    tree: tree.take(), coordinatesMark: coordinatesMark)
                _ = try parseMember(into: &m, stoppingAtFeatures: false)
                try parseMembers(into: &m, stoppingAtFeatures: false)
                break members
            }
        }
        if let crs = m.crs { try checkCRS(crs, at: locate(m, m.crsLocation, member: "crs")) }
        do {
            return try makeShape(m)
        } catch let problem as MapBridgeError where skipsUnreadable {
            if parent.unreadable == nil { parent.unreadable = problem }
            return nil
        }
    }

    /// The members of a geometry object that starts at `start`, as `parseGeometryObject` read
    /// them directly so far (the members `read`, as `Members.knownMembersRead`; the `kind`
    /// its type names, that type's start, its coordinates' `tree` and their start), for the
    /// way through `Members`. The type is named by its kind (a kind's raw value is its
    /// GeoJSON name).
    private func geometryMembers(start: TokenMark, read: UInt16, kind: ShapeKind?, typeMark: TokenMark?,
                                 tree: consuming CoordinateTree?, coordinatesMark: TokenMark?) -> Members {
        let t = tokenizer
        var m = Members(startingAt: start, in: t)
        m.knownMembersRead = read
        m.type = kind?.rawValue; m.shapeKind = kind; m.typeMark = typeMark
        m.coordinates = tree; m.coordinatesLocation = coordinatesMark?.location(in: t)
        return m
    }

    /// Whether the object whose members are `m` is a Feature that can be read (then
    /// `feature(from:)` makes it); `false` when it cannot be and unreadable objects are
    /// skipped (reported). Reports a missing `geometry`.
    /// `m` is passed in place only so that it is not copied for the call; it is not changed.
    /// - Throws: when it cannot be read and unreadable objects are not skipped.
    func acceptsFeature(_ m: inout Members, context: String) throws -> Bool {
        if let crs = m.crs { try checkCRS(crs, at: locate(m, m.crsLocation, member: "crs")) }
        do {
            guard let type = m.type else {
                throw error(in: m, "\(context) is an object without \"type\": \"Feature\"")
            }
            guard type == "Feature" else {
                let hint = type.lowercased() == "feature" ? " (types are case-sensitive: write \"Feature\")" : ""
                throw error(in: m, "expected a Feature in \(context), found type '\(type)'\(hint)", at: m.typeLocation, member: "type")
            }
            if let problem = m.unreadable { throw problem }
        } catch let problem as MapBridgeError where skipsUnreadable {
            // The members taken for the title and the subtitle are among them.
            let count = (m.properties?.count ?? 0) + record.takenCount
            try skipOrThrow(problem, what: count == 0 ? "the feature" : "the feature, with its \(count) propert\(count == 1 ? "y" : "ies"),")
            return false
        }
        if !m.hasGeometry {
            warn("missing-geometry", "this Feature has no 'geometry' member; it is read as \"geometry\": null",
                 at: m.location)
        }
        return true
    }

    /// The feature whose members are `m` (which `acceptsFeature` accepted).
    /// Its properties are moved out of `m`, and the vocabulary's keys among them are those
    /// `parseObjectBody(recording:)` noted in `record`.
    ///
    /// Apart from `acceptsFeature` (which throws), and filled by `fill(_:from:tookFields:)`, so that the
    /// feature, built here and returned, is moved out rather than copied and the original
    /// released (a feature filled and returned by one function was copied on its way out).
    func feature(from m: inout Members) -> Feature {
        // Made in place with the parts every feature has, moved out of the members (so that
        // the vocabulary takes its keys out of the properties in place); `fill` sets the rest.
        // The members taken for the title and the subtitle (if any) go in as the feature is
        // made, whole, rather than set afterwards.
        let taken = record.takeFields()
        let tookFields = taken.title != nil || taken.subtitle != nil
        var feature = Feature(id: m.id.take(), shape: m.geometry.take(), properties: m.properties.take() ?? Properties(),
                              location: m.location, title: taken.title, at: taken.titleIndex,
                              subtitle: taken.subtitle, at: taken.subtitleIndex)
        fill(&feature, from: &m, tookFields: tookFields)
        return feature
    }

    /// Fills the rest of `feature` (made with its id, shape, properties, location and the
    /// fields taken from its properties, if `tookFields`) from `m`, for `feature(from:)`.
    @inline(never)
    private func fill(_ feature: inout Feature, from m: inout Members, tookFields: Bool) {
        // All three are rare parts: asked only of members that have any.
        let hasForeignMembers = m.hasRareParts && (!m.foreign.isEmpty || m.coordinates != nil || m.geometries != nil)
        if hasForeignMembers {
            var foreign = m.foreign
            m.foreign = Properties()
            if let tree = m.coordinates { foreign.append(key: "coordinates", value: tree.propertyValue) }
            if let shapes = m.geometries {
                foreign.append(key: "geometries", value: .array(shapes.map { GeoJSONMapping.propertyValue(of: $0) }))
            }
            feature.foreignMembers = foreign
        }
        // With fields taken, the candidates are all taken members and no key is looked up
        // (else they were put back): the feature holds what the mapping makes of them already.
        if !tookFields {
            GeoJSONMapping.fillModelFields(of: &feature, candidates: record.candidates, mayHoldLookedUpKeys: record.hasLookedUpKey)
        }
        if record.hasLookedUpKey { GeoJSONMapping.restoreCircle(of: &feature) }
        if hasForeignMembers { GeoJSONMapping.restoreFolderPath(of: &feature) }
    }
}
