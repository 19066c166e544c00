import MapBridgeXML

/// The KML elements the reader acts on, by local name (any namespace and prefix: KML 2.2,
/// 2.1, 2.0, `kml:`-prefixed, and Google's `gx:` extensions).
enum KMLElement: Hashable, XMLElementName {
    case kml, document, folder, placemark, groundOverlay, networkLink, photoOverlay, screenOverlay
    case name, description, visibility, address, snippet
    case timeStamp, timeSpan, when, begin, end
    case styleUrl, style, styleMap, pair, key, cascadingStyle
    case iconStyle, labelStyle, lineStyle, polyStyle, color, colorMode, width, fill, outline, scale, heading
    case icon, href, hotSpot
    case extendedData, data, value, schemaData, simpleData, schema, simpleField, simpleArrayField, simpleArrayData
    case point, lineString, linearRing, polygon, outerBoundaryIs, innerBoundaryIs, multiGeometry
    case coordinates, track, multiTrack, coord, altitudeMode, tessellate, extrude
    case latLonBox, latLonQuad, north, south, east, west, rotation, drawOrder, altitude
    case overlayXY, screenXY, rotationXY, size
    case link, url, viewRefreshMode, region, lod, latLonAltBox, minLodPixels, maxLodPixels
    /// `Update`, whose placemarks patch a document loaded elsewhere (not features).
    case update
    /// Any other element. Its name is not kept here (the parser says it while the element's
    /// start or end is reported): without a payload the enum is a plain value, which the
    /// builder copies, compares and stacks at every element without retaining anything.
    case other

    init(name: String) {
        self = KMLElement.byName[name] ?? .other
    }

    /// The element's local name as KML spells it; `nil` for `other`.
    var localName: String? {
        KMLElement.names[self]
    }

    /// Elements MapBridge does not read (their KML content still is): unknown ones and `Update`.
    var isUnread: Bool {
        self == .other || self == .update
    }

    private static let names: [KMLElement: String] = {
        var names = Dictionary(KMLElement.byName.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
        names[.snippet] = "Snippet"  // read from `snippet` too
        return names
    }()

    /// The element by its local name alone: KML's own namespaces and `gx:` all read alike.
    init(_ name: XMLQualifiedName) {
        self.init(name: name.localName)
    }

    private static let byName: [String: KMLElement] = [
        "kml": .kml, "Document": .document, "Folder": .folder, "Placemark": .placemark,
        "GroundOverlay": .groundOverlay, "NetworkLink": .networkLink, "PhotoOverlay": .photoOverlay,
        "ScreenOverlay": .screenOverlay, "name": .name, "description": .description, "visibility": .visibility,
        "address": .address, "Snippet": .snippet, "snippet": .snippet, "TimeStamp": .timeStamp, "TimeSpan": .timeSpan, "when": .when,
        "begin": .begin, "end": .end, "styleUrl": .styleUrl, "Style": .style, "StyleMap": .styleMap, "Pair": .pair,
        "key": .key, "CascadingStyle": .cascadingStyle, "IconStyle": .iconStyle, "LabelStyle": .labelStyle,
        "LineStyle": .lineStyle, "PolyStyle": .polyStyle, "color": .color, "colorMode": .colorMode, "width": .width,
        "fill": .fill, "outline": .outline, "scale": .scale, "heading": .heading, "Icon": .icon, "href": .href,
        "hotSpot": .hotSpot, "ExtendedData": .extendedData, "Data": .data, "value": .value,
        "SchemaData": .schemaData, "SimpleData": .simpleData, "Schema": .schema, "SimpleField": .simpleField,
        "SimpleArrayField": .simpleArrayField, "SimpleArrayData": .simpleArrayData,
        "Point": .point, "LineString": .lineString, "LinearRing": .linearRing, "Polygon": .polygon,
        "outerBoundaryIs": .outerBoundaryIs, "innerBoundaryIs": .innerBoundaryIs, "MultiGeometry": .multiGeometry,
        "coordinates": .coordinates, "Track": .track, "MultiTrack": .multiTrack, "coord": .coord,
        "altitudeMode": .altitudeMode, "tessellate": .tessellate, "extrude": .extrude, "LatLonBox": .latLonBox,
        "LatLonQuad": .latLonQuad, "north": .north, "south": .south, "east": .east, "west": .west,
        "rotation": .rotation, "drawOrder": .drawOrder, "altitude": .altitude,
        "overlayXY": .overlayXY, "screenXY": .screenXY, "rotationXY": .rotationXY, "size": .size, "Link": .link, "Url": .url, "viewRefreshMode": .viewRefreshMode, "Region": .region,
        "Lod": .lod, "LatLonAltBox": .latLonAltBox, "minLodPixels": .minLodPixels, "maxLodPixels": .maxLodPixels,
        "Update": .update,
    ]

    /// Elements that hold a feature.
    var isFeature: Bool {
        switch self {
        case .placemark, .groundOverlay, .networkLink, .photoOverlay, .screenOverlay: true
        default: false
        }
    }

    /// Elements whose geometry the builder assembles.
    var isGeometry: Bool {
        switch self {
        case .point, .lineString, .linearRing, .polygon, .multiGeometry, .track, .multiTrack: true
        default: false
        }
    }
}
