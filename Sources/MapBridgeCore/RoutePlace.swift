import MapBridgeModel

/// A place a route starts or ends at: where it is and what to call it.
///
///     let jfk = RoutePlace(label: "JFK", title: "John F. Kennedy International",
///                          coordinate: Coordinate(longitude: -73.7789, latitude: 40.6398))
public struct RoutePlace: Hashable, Sendable {
    /// The name the route uses for it: the code asked for (`JFK`), or the `lat,lon` text.
    public var label: String
    /// The place's own title from the places file (`John F. Kennedy International`), if any.
    public var title: String?
    /// Where it is; latitude in degrees, [-90, 90].
    public var coordinate: Coordinate

    public init(label: String, title: String? = nil, coordinate: Coordinate) {
        self.label = label
        self.title = title
        self.coordinate = coordinate
    }

    /// The place for a `lat,lon` endpoint, labelled with its text as given.
    public init(coordinate: Coordinate) {
        let text = coordinate.sourceText.map { "\($0.latitude),\($0.longitude)" }
        self.init(label: text ?? "\(coordinate.latitude),\(coordinate.longitude)", coordinate: coordinate)
    }
}

/// The names under which a feature of a places file can be looked up, best first.
///
/// A feature is a place when its shape is a point (or a circle: its centre). Its codes are
/// its id and the properties named `iata`, `icao`, `code`, `id` or `ident` (in any case);
/// its names are its title and its `name` property. Codes win over names when two places
/// answer to the same text; among equals, the first in the file wins.
struct PlaceKeys {
    /// How strongly a key names a place: codes before names.
    enum Rank: Int, Comparable {
        case code = 0, name = 1
        static func < (a: Rank, b: Rank) -> Bool { a.rawValue < b.rawValue }
    }

    static let codeProperties: Set<String> = ["iata", "icao", "code", "id", "ident"]

    /// The feature's position as a place, or `nil` when its shape is not a point or circle.
    static func coordinate(of feature: Feature) -> Coordinate? {
        switch feature.shape {
        case .annotation(let c)?: c
        case .circle(let circle)?: circle.center
        default: nil
        }
    }

    /// Calls `body` with each key of `feature` as written (not normalised) and its rank.
    static func forEachKey(of feature: Feature, _ body: (String, Rank) -> Void) {
        if let id = feature.id { body(id.description, .code) }
        for entry in feature.properties {
            let text: String
            switch entry.value {
            case .string(let s): text = s
            case .number(let n): text = n.text
            default: continue
            }
            let name = entry.key.lowercased()
            if codeProperties.contains(name) {
                body(text, .code)
            } else if name == "name" {
                body(text, .name)
            }
        }
        if let title = feature.title { body(title, .name) }
    }

    /// The properties that name the city a place serves (OpenFlights `city`, OurAirports
    /// `municipality`), compared in lower case.
    static let cityProperties: Set<String> = ["city", "municipality", "town"]

    /// The codes a place is shown by in messages, best first.
    static let labelProperties = ["iata", "code", "icao", "ident", "id"]

    /// The city the place serves, when a property names one.
    static func city(of feature: Feature) -> String? {
        for entry in feature.properties where cityProperties.contains(entry.key.lowercased()) {
            if case .string(let text) = entry.value, !text.trimmingSpaces().isEmpty { return text }
        }
        return nil
    }

    /// The place's best code for messages (`CDG`), or its id.
    static func label(of feature: Feature) -> String? {
        var codes: [String: String] = [:]
        for entry in feature.properties {
            let name = entry.key.lowercased()
            guard labelProperties.contains(name), codes[name] == nil else { continue }
            switch entry.value {
            case .string(let s) where !s.trimmingSpaces().isEmpty: codes[name] = s.trimmingSpaces()
            case .number(let n): codes[name] = n.text
            default: continue
            }
        }
        return labelProperties.lazy.compactMap { codes[$0] }.first ?? feature.id?.description
    }

    /// The form keys are compared in: trimmed, lower case.
    static func normalized(_ text: String) -> String { text.trimmingSpaces().lowercased() }
}
