import MapBridgeModel

/// How a feature becomes a `Placemark`, in the order KML 2.2 requires:
///
/// | model | KML |
/// |---|---|
/// | `id` | the `id` attribute when it is an XML name not used before; else data named `@id`, which the reader makes the id again (data named `id` is always a property) |
/// | `title` | `name` |
/// | `visibility` | `visibility` (`1` or `0`) |
/// | `address` | `address` |
/// | `subtitle` | `description`, in CDATA when it holds markup |
/// | `time` | `TimeStamp/when` or `TimeSpan/begin,end`; a time KML cannot read (`2026-11-30T12:00Z` lacks seconds) goes to data as `timestamp` or `timespan` instead |
/// | `style`, `highlightStyle` | `styleUrl` to a shared `Style` or `StyleMap`, or an inline one |
/// | `properties` | `ExtendedData`: typed `SchemaData/SimpleData`, or `Data` (see `KMLWriter+ExtendedData.swift`) |
/// | `shape` | the geometry (see `KMLWriter+Geometry.swift`) |
/// | `folderPath` | the enclosing `Folder`s |
/// | `foreignMembers` | nothing: reported once |
extension KMLWriter {
    func writePlacemark(_ feature: Feature) throws {
        var idAsData: PropertyValue?
        var id: String?
        // The id's text, and its value typed as given (a number id comes back a number); the
        // id is switched on where the feature holds it, not copied out first.
        let given: String, value: PropertyValue
        switch feature.id {
        case .number(let n)?: (given, value) = (n.text, .number(n))
        case .string(let s)?: (given, value) = (s, .string(s))
        case nil: (given, value) = ("", .null)
        }
        if feature.id != nil {
            if !Self.isXMLIdentifier(given) {
                idAsData = value
                note("id-not-xml-name", "a KML id must be an XML name (a letter or '_' first, then letters, digits, '.', '-' or '_'; ASCII here), which '\(given)' is not: such ids are written as data named '@id'",
                     at: feature.location)
            } else if identifiers.claimPlacemarkID(given) {
                id = given
            } else {
                idAsData = value
                note("id-duplicate", "the id '\(given)' is already used in this document, and KML ids must be unique: repeated ids are written as data named '@id'",
                     at: feature.location)
            }
        }
        let element = Self.element(for: feature)
        try xml.open(element.name, id.map { ("id", $0) }, break: .before)
        if let title = feature.title { try xml.leaf("name", title) }
        if let visibility = feature.visibility { try xml.leaf("visibility", literal: visibility ? "1" : "0") }
        if let address = feature.address { try xml.leaf("address", address) }
        if let subtitle = feature.subtitle { try xml.leafPreferringCDATA("description", subtitle) }
        let timeIsWritten = try writeTime(feature)
        if element == .placemark {
            // The common case, without copies of the feature.
            // Only lines have tracks: other shapes leave it nil, as every placemark does.
            switch feature.shape {
            case .polyline?, .multiPolyline?: trackArrays = Self.trackArrays(of: feature)
            default: break
            }
            trackLineIndex = 0
            defer { trackArrays = nil }
            try writeStyleReference(of: feature)
            try writeExtendedData(of: feature, as: element, idAsData: idAsData, timeIsWritten: timeIsWritten)
            // The shape lent where it is (`map`), not copied out as `if let` would.
            _ = try feature.shape.map { try writeGeometry($0, altitudeMode: feature.altitudeMode, of: feature) }
        } else {
            try writeStyleReference(of: Self.withoutOverlayImageAsIcon(feature, element))
            try writeRegion(of: element)
            var data = feature
            for key in element.carriedKeys { data.properties[key] = nil }
            try writeExtendedData(of: data, as: element, idAsData: idAsData, timeIsWritten: timeIsWritten)
            try writeOverlayBody(element, altitudeMode: feature.altitudeMode)
        }
        try xml.close(element.name)
        // Members the placemark already carries: the folder path (as Folders) and a style reference.
        guard !feature.foreignMembers.isEmpty else { return }
        let dropped = feature.foreignMembers.keys.filter { key in
            switch key {
            case "folder": feature.foreignMembers[key] != .array(feature.folderPath.map { .string($0) })
            case "styleUrl": feature.style != nil || feature.highlightStyle != nil
            default: true
            }
        }
        if !dropped.isEmpty {
            note("dropped-member", "KML has no place for a feature's members outside its properties (\(Self.listed(dropped))); they are not written",
                 at: feature.location)
        }
    }

    /// `feature` without a marker icon that is only its overlay's image: GeoJSON readers take the
    /// `icon` property for an icon style, which an overlay has no use for.
    private static func withoutOverlayImageAsIcon(_ feature: Feature, _ element: FeatureElement) -> Feature {
        let image: String
        switch element {
        case .groundOverlay(let href, _, _), .screenOverlay(let href, _, _): image = href
        default: return feature
        }
        guard feature.style?.marker?.href == image else { return feature }
        var f = feature
        f.style?.marker?.href = nil
        if f.style?.marker?.isEmpty == true { f.style?.marker = nil }
        if f.style?.isEmpty == true { f.style = nil }
        return f
    }

    /// Writes `TimeStamp` or `TimeSpan` when the feature's time is one KML accepts.
    /// - Returns: whether the time was written (else it belongs in the data).
    private func writeTime(_ feature: Feature) throws -> Bool {
        switch feature.time {
        case nil:
            return true
        case .instant(let when)?:
            guard Self.isKMLTime(when) else { return noteTime(when, feature) }
            try xml.open("TimeStamp")
            try xml.leaf("when", when)
            try xml.close("TimeStamp")
        case .span(let begin, let end)?:
            for t in [begin, end] {
                if let t, !Self.isKMLTime(t) { return noteTime(t, feature) }
            }
            guard begin != nil || end != nil else { return true }
            try xml.open("TimeSpan")
            if let begin { try xml.leaf("begin", begin) }
            if let end { try xml.leaf("end", end) }
            try xml.close("TimeSpan")
        }
        return true
    }

    private func noteTime(_ text: String, _ feature: Feature) -> Bool {
        note("time-text", "KML times are XML Schema dates (2026, 2026-11, 2026-11-30 or 2026-11-30T12:00:00Z, seconds required), which '\(text)' is not: such times are written as data named 'timestamp' or 'timespan'",
             at: feature.location)
        return false
    }
}
