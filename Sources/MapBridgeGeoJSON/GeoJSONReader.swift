import MapBridgeIO
import MapBridgeJSON
import MapBridgeModel

/// Reads GeoJSON (RFC 7946) as a stream of features, one at a time, in constant memory.
///
/// Accepts a FeatureCollection (its features are streamed; members before and after
/// `features` become the document), a single Feature, a bare geometry, GeoJSON text
/// sequences (RFC 8142, `RS`-prefixed) and newline-delimited GeoJSON. A 2008-style `crs`
/// naming WGS 84 is accepted with a warning; any other CRS is an error.
///
///     let reader = try GeoJSONReader(path: "airports.geojson")
///     while let feature = try reader.next() { print(feature.title ?? "") }
///
/// Properties keep their order, JSON types and number text; `name`/`title`, `description`,
/// simplestyle keys, `timestamp` and `timespan` also fill the feature's title, subtitle,
/// style and time (see `GeoJSONMapping`).
public final class GeoJSONReader: FeatureReader {
    /// Reading limits.
    public struct Options: Sendable {
        /// Deepest nesting of arrays and objects accepted, 1...1000 (values are built
        /// recursively, so far deeper nesting could exhaust the stack).
        public var maximumDepth: Int = 512
        /// What to do with an object that is well-formed JSON but not GeoJSON MapBridge can
        /// read: a missing or unknown `type`, a GeometryCollection without `geometries`, a
        /// geometry without `coordinates` or with coordinates of the wrong depth, a feature whose
        /// geometry is any of these. Malformed JSON and bad numbers always stop the reading.
        public var onError: OnError = .fail
        /// How large one feature may grow: its bytes (`maximumFeatureBytes`), its geometry's
        /// positions (`maximumVertices`) and the members of any one object (`maximumKeys`).
        public var limits = ReadLimits()
        /// Where the input starts when it is one piece of a larger input read on its own (a
        /// chunk of newline-delimited GeoJSON parsed on another thread), so that locations are
        /// those of the whole input; `nil` for a whole input. A piece reports no end-of-input
        /// count of objects left out: whoever joins the pieces does
        /// (`skippedCountDiagnostic(count:lines:source:)`).
        public var origin: JSONTokenizer.Origin?
        /// Set for a piece of a FeatureCollection's input cut between elements of its
        /// `features` (with `origin` for any piece but the first): where the piece starts
        /// and ends. `nil` for a whole input.
        public var collectionPiece: CollectionPiece?
        public init() {}

        /// What happens to an object that cannot be read.
        public enum OnError: String, Hashable, Sendable, CaseIterable {
            /// Stop with a `MapBridgeError` of kind `.data` at the object's line and column.
            case fail
            /// Leave the feature (or top-level object) out, report it as a warning
            /// (`skipped-feature`) at its line and column, and go on; the number left out is
            /// reported at the end.
            case skip
        }
    }

    let tokenizer: JSONTokenizer
    let report: DiagnosticHandler
    let skipsUnreadable: Bool
    let limits: ReadLimits
    /// Where the feature (or top-level object) being read starts, and its positions so far.
    @exclusivity(unchecked) var featureStart: Int64 = 0
    @exclusivity(unchecked) var featureVertices = 0
    /// Features and top-level objects left out under `onError = .skip`.
    public private(set) var skippedCount = 0
    /// The lines of the first (at most 10) of them.
    public private(set) var skippedLines: [Int] = []
    /// Whether this reader reads a piece of an input (`Options.origin`).
    let isPiece: Bool
    public internal(set) var document = DocumentInfo()

    enum State {
        case initial
        /// A top-level feature waits in `pendingFeature`.
        case pending
        /// Inside a collection's `features`; the collection's own members wait in
        /// `collectionMembers`.
        case inFeatures
        case betweenValues
        case finished
    }
    @exclusivity(unchecked) var state: State = .initial
    /// The members of the collection whose features are being read, beside `state` rather than
    /// in it: `switch state`, once per feature, copies the state, which would otherwise carry
    /// all of them (several hundred bytes).
    @exclusivity(unchecked) var collectionMembers: Members?
    /// The top-level feature to hand out next while `state` is `.pending`, beside `state` for
    /// the same reason (a feature in the state made every `switch state` copy it).
    @exclusivity(unchecked) var pendingFeature: Feature?
    /// The JSON pointer of the value being parsed, as a stack of components.
    @exclusivity(unchecked) var path = JSONPathStack()
    /// The members of the objects being read, before each becomes `Properties` (see
    /// `parseObjectBody`).
    @exclusivity(unchecked) var entries = PropertyEntryStack()
    /// Storage for the next object's members (`takeEntries`): the properties of the feature
    /// last lent (`lendNext(to:)`), when the borrower kept no copy of them, to be replaced.
    @exclusivity(unchecked) var spareEntries: [Properties.Entry] = []
    /// The most entries whose storage is kept for the next feature: more would be carried by
    /// every later feature that a borrower keeps.
    static let reusedEntriesCapacity = 32
    /// The list a `coordinates` array's positions are read into, kept from one array to the
    /// next (see `CoordinateList.takeCompacted`).
    @exclusivity(unchecked) var positionScratch = CoordinateList()
    @exclusivity(unchecked) var featureIndex = 0
    /// Member names met so far, each with what it means here (`GeoJSONKeyTag`), and the
    /// values of `type` met so far, with the geometry kind they name.
    let keyTable = GeoJSONKeyTag.makeTable()
    /// The last member name of an object's properties that `keyTable` did not keep, made
    /// when its key was read (`parseObjectBody`), for where that member is kept.
    @exclusivity(unchecked) var unkeptName = ""
    let typeTable = GeoJSONMapping.makeTypeTable()
    /// The depth of `path` at which the members of the feature being read are read, and what
    /// its properties held.
    @exclusivity(unchecked) var recordDepth = 0
    @exclusivity(unchecked) var record = RecordProperties()
    /// Top-level FeatureCollections begun so far (the first one's members are the document);
    /// one resumed from an earlier piece is not counted again.
    public var collectionsRead: Int { collectionsBegun }
    var collectionsBegun = 0
    /// Whether this piece starts inside the first collection's `features` (`Resume`).
    let startsInFeatures: Bool
    /// Top-level FeatureCollections met so far: begun here, or resumed.
    var collectionsSeen: Int { collectionsBegun + (startsInFeatures ? 1 : 0) }
    /// Whether this piece ends between two elements of the first collection's `features`.
    let endsInFeatures: Bool
    /// Whether this piece resumes a collection that an earlier piece began (its members are
    /// known), so it may read past the end of `features`.
    public let resumesCollection: Bool
    /// For a piece that ended inside the first collection's `features`: that collection, for
    /// the piece that reads past the end of `features` (`Resume.collection`).
    public private(set) var collection: Collection?
    /// Elements of `features` read so far, the ones left out included, counted from the
    /// start of the input (a piece that resumes counts on from `Resume.featureIndex`).
    public var elementsRead: Int { featureIndex }
    var warnings = DiagnosticLimiter()

    /// Reads the file at `path` (`-` for standard input).
    /// - Throws: `MapBridgeError` of kind `.inputUnavailable` when it cannot be opened.
    public convenience init(path: String, options: Options = Options(), report: @escaping DiagnosticHandler = { _ in }) throws {
        self.init(source: try ByteSource(path: path), options: options, report: report)
    }

    /// Reads from an open byte source.
    public init(source: ByteSource, options: Options = Options(), report: @escaping DiagnosticHandler = { _ in }) {
        var tokenizerOptions = JSONTokenizer.Options()
        tokenizerOptions.maximumDepth = min(max(options.maximumDepth, 1), 1000)
        tokenizerOptions.allowsMultipleValues = true
        // Repeated member names are noticed as members are read (`notesRepeat`, `repeatsName`).
        tokenizerOptions.leavesRepeatedNamesToCaller = true
        tokenizerOptions.origin = options.origin
        let resume = options.collectionPiece?.resume
        if let resume { tokenizerOptions.enclosing = Self.enclosing(resume) }
        isPiece = options.origin != nil || options.collectionPiece != nil
        endsInFeatures = options.collectionPiece?.endsInFeatures ?? false
        startsInFeatures = resume != nil
        resumesCollection = resume?.collection != nil
        tokenizer = JSONTokenizer(source: source, options: tokenizerOptions)
        self.report = report
        skipsUnreadable = options.onError == .skip
        limits = options.limits
        if let resume { enter(resume, at: options.origin) }
    }

    public var progress: (bytesRead: Int64, totalBytes: Int64?) { tokenizer.progress }

    public func open() throws -> DocumentInfo {
        if case .initial = state { try startTopLevelValue() }
        return document
    }

    public func next() throws -> Feature? {
        try advance(ending: nil, pending: { $0 }, element: { feature(from: &$0) })
    }

    /// Lends each feature from where it is made: it is not copied out on its way to `body`.
    public func lendNext(to body: (Feature) throws -> Void) throws -> Bool {
        try advance(ending: false, pending: { feature in
            try body(feature)
            return true
        }, element: { members in
            var feature = feature(from: &members)
            try body(feature)
            // Dropped here anyway: its properties' storage is kept for the next feature's.
            feature.properties.moveStorageForReuse(into: &spareEntries, maximumCapacity: Self.reusedEntriesCapacity)
            return true
        })
    }

    /// Reads on to the next feature and hands it out: a top-level one made already to
    /// `pending`, an element of `features` as the members `element` makes it from (accepted
    /// by `acceptsFeature`); returns `end` after the last one. Inlined into `next()` and
    /// `lendNext(to:)`, which hand the feature out each its own way.
    @inline(__always)
    private func advance<Outcome>(ending end: Outcome, pending: (Feature) throws -> Outcome,
                                  element: (inout Members) throws -> Outcome) throws -> Outcome {
        while true {
            switch state {
            case .initial:
                try startTopLevelValue()
            case .pending:
                state = .betweenValues
                if let feature = pendingFeature.take() { return try pending(feature) }
            case .inFeatures:
                // A piece may end between elements of the first collection's features only.
                let token = endsInFeatures && collectionsSeen == 1
                    ? try tokenizer.nextEndingBetweenElements() : try tokenizer.next()
                if token == .endOfInput {
                    // Only a piece cut to end here gets this (else the tokenizer throws).
                    if let members = collectionMembers.take() { collection = Collection(members: members, document: document) }
                    state = .finished
                    return end
                }
                if token == .endArray {
                    if startsInFeatures && collectionsBegun == 0 && !resumesCollection {
                        // A piece from inside features that was to end inside it: the input
                        // is not cut where it was meant to be; whoever cut it reads on whole.
                        throw fail("the features array ends inside a piece that was cut to end within it")
                    }
                    // The collection's members, moved out (a copy would retain each part).
                    guard var members = collectionMembers.take() else { continue }
                    path.removeLast()  // "features"
                    try parseMembers(into: &members, stoppingAtFeatures: false)
                    try finishCollection(members)
                    state = .betweenValues
                    continue
                }
                guard token == .beginObject else {
                    throw fail("each element of 'features' must be a Feature object", found: token,
                               extra: .index(featureIndex))
                }
                path.append(.index(featureIndex))
                startRecord()
                var members = Members(startingAt: TokenMark(tokenizer), in: tokenizer)
                let accepted: Bool
                do {
                    try parseMembers(into: &members, stoppingAtFeatures: false)
                    featureIndex += 1
                    accepted = try acceptsFeature(&members, context: "an element of 'features'")
                } catch {
                    path.removeLast()
                    throw error
                }
                // The element leaves the path before its feature is made (which needs no path):
                // a `defer` run after the return had the feature made apart and copied out.
                path.removeLast()
                if accepted { return try element(&members) }
            case .betweenValues:
                try startTopLevelValue()
            case .finished:
                return end
            }
        }
    }

    /// Reads the start of the next top-level value and sets the state for it.
    private func startTopLevelValue() throws {
        let token = try tokenizer.next()
        if token == .endOfInput {
            state = .finished
            reportSkippedCount()
            return
        }
        guard token == .beginObject else {
            throw fail("expected a GeoJSON object (FeatureCollection, Feature or geometry)", found: token)
        }
        startRecord()
        var members = Members(startingAt: TokenMark(tokenizer), in: tokenizer)
        try parseMembers(into: &members, stoppingAtFeatures: true)
        if members.featuresStarted {
            if let type = members.type, type != "FeatureCollection" { throw wrongCollectionType(type, members) }
            collectionsBegun += 1
            if collectionsSeen == 1 { try adoptDocument(&members) }
            featureIndex = 0
            path.append(.member("features"))
            collectionMembers = members
            state = .inFeatures
            return
        }
        switch members.type {
        case "FeatureCollection":
            throw error(in: members, "this FeatureCollection has no 'features' member; add \"features\": []")
        case "Feature":
            if try acceptsFeature(&members, context: "the top level") {
                pendingFeature = feature(from: &members)
                state = .pending
            } else {
                state = .betweenValues
            }
        case "Topology":
            // Another format altogether: skipping it would leave an empty output.
            throw error(in: members, "this is TopoJSON (\"type\": \"Topology\"), not GeoJSON: convert it to GeoJSON first (for example with topojson-client's topo2geo), then convert that",
                                at: members.typeLocation, member: "type")
        case nil:
            let problem = error(in: members, "this object has no 'type' member, so it is not GeoJSON: the top level must be a FeatureCollection, a Feature or a geometry")
            try skipOrThrow(problem, what: "the object")
            state = .betweenValues
        default:
            if let crs = members.crs { try checkCRS(crs, at: locate(members, members.crsLocation, member: "crs")) }
            do {
                let shape = try makeShape(members)
                pendingFeature = Feature(shape: shape, location: members.location)
                state = .pending
            } catch let problem as MapBridgeError {
                try skipOrThrow(problem, what: "the geometry")
                state = .betweenValues
            }
        }
    }

    /// Under `onError = .skip`, reports `problem` as a warning saying that `what` is left out;
    /// else throws it.
    func skipOrThrow(_ problem: MapBridgeError, what: String) throws {
        guard skipsUnreadable else { throw problem }
        skippedCount += 1
        if skippedLines.count < 10, let line = problem.location?.line { skippedLines.append(line) }
        warn("skipped-feature", "\(problem.message); \(what) is left out (\(Setting.geojsonOnError.mention(value: ".fail", argument: "fail")) stops here instead)",
             at: problem.location)
    }

    private func reportSkippedCount() {
        guard !isPiece,
              let d = Self.skippedCountDiagnostic(count: skippedCount, lines: skippedLines, source: tokenizer.sourceName)
        else { return }
        report(d)
    }

    /// The end-of-input warning that `count` objects (at the first 10 of `lines`) were left out
    /// of `source`, or `nil` for fewer than 2 (one is reported where it is).
    public static func skippedCountDiagnostic(count: Int, lines: [Int], source: String) -> Diagnostic? {
        guard count > 1 else { return nil }
        let shown = lines.prefix(10)
        let text = shown.map(String.init).joined(separator: ", ") + (count > shown.count ? ", …" : "")
        let objects = count == 1 ? "1 object that could not be read was" : "\(count) objects that could not be read were"
        return Diagnostic(code: "skipped-count", severity: .warning,
                          message: "\(objects) left out of \(source) (line \(text))", location: nil)
    }

    private func wrongCollectionType(_ type: String, _ members: Members) -> MapBridgeError {
        let message = type.lowercased() == "featurecollection"
            ? "unknown type '\(type)'; types are case-sensitive: write \"FeatureCollection\""
            : "an object with 'features' has type '\(type)'; only a FeatureCollection has features"
        return error(in: members, message, at: members.typeLocation, member: "type")
    }

    private func adoptDocument(_ members: inout Members) throws {
        if let crs = members.crs {
            try checkCRS(crs, at: locate(members, members.crsLocation, member: "crs"))
            members.crsChecked = true
        }
        document = GeoJSONMapping.document(from: members.foreign)
    }

    private func finishCollection(_ members: Members) throws {
        if let type = members.type, type != "FeatureCollection" { throw wrongCollectionType(type, members) }
        if members.type == nil {
            warn("missing-type", "the top-level object has 'features' but no \"type\": \"FeatureCollection\"",
                 at: members.location)
        }
        if collectionsSeen == 1 {
            if let crs = members.crs, !members.crsChecked { try checkCRS(crs, at: locate(members, members.crsLocation, member: "crs")) }
            document = GeoJSONMapping.document(from: members.foreign)
        }
    }

    // MARK: - Messages

    /// An error at the current token, with the JSON pointer of the value being read.
    func fail(_ message: String, extra: PathComponent? = nil) -> MapBridgeError {
        tokenizer.error(message, pointer: pointer(extra: extra))
    }

    /// `fail` for `token` standing where `what` belongs: "`what`, found `token`". Apart, so
    /// that the loops that read well-formed input pay for none of the message.
    @inline(never)
    func fail(_ what: String, found token: JSONToken, extra: PathComponent? = nil) -> MapBridgeError {
        fail("\(what), found \(token.displayName)", extra: extra)
    }

    /// Reports a warning; each code is reported at most 10 times, then once more as a count.
    func warn(_ code: String, _ message: String, at location: SourceLocation?) {
        warnings.pass(Diagnostic(code: code, severity: .warning, message: message, location: location), to: report)
    }

    /// The JSON pointer of the value being parsed.
    func pointer(extra: PathComponent? = nil) -> String {
        jsonPointer(path.components + (extra.map { [$0] } ?? []))
    }
}

/// A JSON pointer (RFC 6901) from its components.
func jsonPointer(_ components: [PathComponent]) -> String {
        var text = ""
        for component in components {
            text += "/"
            switch component {
            case .key(let key):
                text += key.replacingTildeAndSlash()
            case .member(let name):
                text += name.description.replacingTildeAndSlash()
            case .index(let i):
                text += String(i)
            }
        }
        return text
    }

/// One step of a JSON pointer.
enum PathComponent: Sendable {
    /// A member whose name is read from the input.
    case key(String)
    /// A member the reader names itself (`"geometry"`, `"properties"` …): nothing to count
    /// when it is pushed or popped.
    case member(StaticString)
    /// An element of an array, 0-based.
    case index(Int)
}

extension String {
    /// The key escaped for a JSON pointer (RFC 6901): `~` as `~0`, `/` as `~1`.
    func replacingTildeAndSlash() -> String {
        guard contains("~") || contains("/") else { return self }
        var out = ""
        for ch in self {
            switch ch {
            case "~": out += "~0"
            case "/": out += "~1"
            default: out.append(ch)
            }
        }
        return out
    }
}
