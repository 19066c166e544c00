import MapBridgeXML

/// The GPX element names the reader acts on; the raw value is the local name.
enum GPXTag: String {
    case gpx, metadata, wpt, rte, trk, rtept, trkseg, trkpt, extensions
    case name, desc, cmt, src, link, text, type, sym, time, number, keywords, author, email, url, urlname, bounds
    case copyright, year, license
    case ele, magvar, geoidheight, fix, sat, hdop, vdop, pdop, ageofdgpsdata, dgpsid, speed, course

    /// The feature kind this element starts as a child of `gpx`, if any.
    var featureKind: GPXFeatureKind? {
        switch self {
        case .wpt: .waypoint
        case .rte: .route
        case .trk: .track
        default: nil
        }
    }

    /// A waypoint child whose text is a number (`xsd:decimal` or an integer).
    var isNumeric: Bool {
        switch self {
        case .ele, .magvar, .geoidheight, .sat, .hdop, .vdop, .pdop, .ageofdgpsdata, .dgpsid, .speed, .course, .number:
            true
        default: false
        }
    }

    /// A waypoint child kept as a property (the others fill model fields or hold children).
    var isPointField: Bool {
        switch self {
        case .name, .desc, .cmt, .src, .sym, .type, .fix, .time, .number, .keywords: true
        default: isNumeric
        }
    }
}

/// An element as the GPX reader sees it: one of GPX's own that it acts on (in the 1.1 or 1.0
/// namespace, or in none, as some writers leave it), another element of GPX's namespace, or
/// an element of another namespace (extension data, named after its prefix).
enum GPXElement: XMLElementName {
    case tag(GPXTag)
    /// An element of GPX's namespace the reader does not act on.
    case other(Name)
    /// An element of another namespace (or a GPX 1.0 private element such as `topografix:color`).
    case foreign(Name)

    /// A name shared by reference: every event hands an element name over, and one reference
    /// is cheaper to pass than three strings.
    final class Name {
        let qualified: XMLQualifiedName
        init(_ qualified: XMLQualifiedName) { self.qualified = qualified }
    }

    init(_ name: XMLQualifiedName) {
        guard GPXMapping.isGPXNamespace(name.namespace) else {
            self = .foreign(Name(name))
            return
        }
        self = GPXTag(rawValue: name.localName).map(GPXElement.tag) ?? .other(Name(name))
    }

    /// The element's name (GPX's own without prefix or namespace: it does not matter there).
    var qualifiedName: XMLQualifiedName {
        switch self {
        case .tag(let tag): XMLQualifiedName(localName: tag.rawValue)
        case .other(let n), .foreign(let n): n.qualified
        }
    }

    var tag: GPXTag? {
        if case .tag(let t) = self { return t }
        return nil
    }
}

/// What a top-level GPX element becomes.
enum GPXFeatureKind: String, CaseIterable, Comparable, Sendable {
    /// `trk`: a polyline, or a multi-polyline for several segments.
    case track = "trk"
    /// `rte`: a polyline.
    case route = "rte"
    /// `wpt`: an annotation.
    case waypoint = "wpt"

    /// Features come out tracks first, then routes, then waypoints (as togeojson gives them).
    private var rank: Int {
        switch self {
        case .track: 0
        case .route: 1
        case .waypoint: 2
        }
    }

    static func < (a: GPXFeatureKind, b: GPXFeatureKind) -> Bool { a.rank < b.rank }
}
