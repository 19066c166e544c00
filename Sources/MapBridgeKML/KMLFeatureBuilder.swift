#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MapBridgeIO
import MapBridgeJSON
import MapBridgeModel
import MapBridgeXML

/// Turns SAX events into features: the KML state machine. Finished features go to `output`;
/// shared styles and schemas are remembered as they pass (or given ahead by a first pass).
final class KMLFeatureBuilder: XMLEventHandler {
    // Driven by one parser on one thread, never re-entered: the hot fields skip dynamic
    // exclusivity checks, and presence is kept in flags so that testing for a style or
    // feature in progress does not copy the whole struct out of the class.
    /// A feature being read: its parts as they are read, made into a `Feature` once, when the
    /// feature's element closes (a `Feature` edited in place for each part would be made empty
    /// first and moved whole at the end). The parts most placemarks have are kept inline; the
    /// others wait in `rare`, made at the first of them, so that the draft a placemark is read
    /// into stays small to make, move and destroy.
    struct Draft {
        var element: KMLElement
        /// Where the feature starts (optional only so that it can be moved out, as `Feature` keeps it).
        var location: SourceLocation?
        var id: FeatureID?
        var title: String?
        var subtitle: String?
        var styleURL: String?
        var inlineStyle: Style?
        /// The keys among its properties that elements filled (`snippet`, `icon` …), not `Data` or
        /// `SimpleData`: every other key present was filled by data, and a repeat of it is kept
        /// apart. Usually empty, so that data values need no set of names beside the properties.
        var elementKeys: [String] = []
        /// Whether a key among its properties may be one that finishing the feature looks for
        /// (`KMLDataMapping.isSpecial`), noted as each key is added: most placemarks have
        /// none, and then finishing asks nothing of their properties.
        var mayHaveSpecialKey = false
        /// The feature's first geometry (most features have one: no array is made for it).
        var firstShape: Shape?
        /// The parts few features have, or `nil` while none of them was read.
        var rare: RareParts?

        /// The rare parts, made empty when none was read yet, to be written.
        var rareParts: RareParts {
            mutating get {
                if let rare { return rare }
                let made = RareParts()
                rare = made
                return made
            }
        }
    }

    /// The parts of a draft that few features have. A class so that a draft carries one
    /// reference for all of them (nil for most placemarks) and they are written in place; it
    /// belongs to one draft, is never shared, and goes with the draft when the feature is made.
    final class RareParts {
        var address: String?
        var visibility: Bool?
        var folderPath: [String] = []
        var when: String?, begin: String?, end: String?
        /// The time of the innermost Folder or Document around it that has one: Google Earth
        /// shows a container's content only within the container's time.
        var inheritedTime: FeatureTime?
        /// The `gx:SimpleArrayData` of each gx:Track made a line, in order: name → a value per position.
        var trackArrays: [[(name: String, values: [PropertyValue])]] = []
        /// The sibling geometries after the first one.
        var laterShapes: [Shape] = []
        // GroundOverlay and NetworkLink parts.
        var box: (north: Double?, south: Double?, east: Double?, west: Double?) = (nil, nil, nil, nil)
        /// LatLonBox rotation: degrees counter-clockwise about the box's centre (-180...180).
        var rotation: Double?
        var quad: CoordinateList?
    }

    /// A geometry being assembled (MultiGeometry, Polygon, Track, MultiTrack).
    enum Frame {
        case multi(KMLElement, [Shape])
        case polygon(PolygonRings)
        case track(whens: [String], coords: [Coordinate?])  // nil: an empty <gx:coord/>
        case leaf(KMLElement, CoordinateList?)
        /// A Point: its first position and how many its coordinates had (no array for one).
        case point(first: Coordinate?, count: Int)

        /// The element of a `.leaf` (a LineString otherwise, which no caller asks).
        var leafElement: KMLElement {
            if case .leaf(let element, _) = self { return element }
            return .lineString
        }

        /// Which of the cases this is, without its payload.
        var kind: FrameKind {
            switch self {
            case .multi: .multi
            case .polygon: .polygon
            case .track: .track
            case .leaf: .leaf
            case .point: .point
            }
        }
    }

    /// The rings of a Polygon being read. A class, so that its frame is changed in place as
    /// each ring arrives and never copied with the rings; it belongs to that one frame.
    final class PolygonRings {
        var outer: CoordinateList?
        var holes: [CoordinateList] = []
        /// Whether the rings that follow are holes (inside an innerBoundaryIs).
        var inInner = false
        /// The coordinates of the ring being read, until its LinearRing closes (`nil`: none yet).
        var ring: CoordinateList?

        /// The ring that closed, with the coordinates read for it: the outer ring, or one more hole.
        func closeRing() {
            let coordinates = ring.take() ?? []
            if inInner {
                if holes.isEmpty { holes.reserveCapacity(4) }
                holes.append(coordinates)
            } else {
                outer = coordinates
            }
        }
    }

    /// The rings of the Polygon whose frame is `k` below the innermost (0: the innermost
    /// itself), read in place; `nil` when that frame is not a Polygon's.
    private func polygonRings(below k: Int) -> PolygonRings? {
        guard !pointOpen, frames.count > k, case .polygon(let rings) = frames[frames.count - 1 - k] else { return nil }
        return rings
    }

    /// The cases of `Frame`, without their payloads.
    enum FrameKind {
        case multi, polygon, track, leaf, point
    }

    /// The kind of the innermost frame (`nil`: none), read in place: `frames.last` would copy
    /// the frame out, payload and all, and destroy the copy.
    private var innermostFrameKind: FrameKind? {
        if pointOpen { return .point }
        return frames.isEmpty ? nil : frames[frames.count - 1].kind
    }

    /// Opens a frame inside the others.
    private func pushFrame(_ frame: Frame) {
        settleOpenPoint()
        frames.append(frame)
    }

    /// Closes the innermost frame and returns it.
    private func popFrame() -> Frame? {
        guard pointOpen else { return frames.popLast() }
        pointOpen = false
        return .point(first: openPointFirst.take(), count: openPointCount)
    }

    /// The innermost frame, a Point, now has `first` (of `count` positions).
    @inline(__always)
    private func setInnermostPoint(first: consuming Coordinate?, count: Int) {
        if pointOpen {
            // Most Points have one `coordinates`: nothing there before to destroy, asked first.
            if openPointFirst == nil { openPointFirst = first } else { openPointFirst = first }
            openPointCount = count
        } else {
            frames[frames.count - 1] = .point(first: first, count: count)
        }
    }

    /// The open Point kept in `openPointFirst` and `openPointCount` goes on `frames`, under a
    /// frame about to open.
    private func settleOpenPoint() {
        guard pointOpen else { return }
        pointOpen = false
        frames.append(.point(first: openPointFirst.take(), count: openPointCount))
    }

    /// The parser that drives the builder (on this thread or replaying another's), asked for
    /// locations. Not counted: the parser keeps the builder (its handler) alive and the reader
    /// keeps both together, so the parser outlives every call the builder makes on it; a weak
    /// reference would give the parser a side table and cost a checked load and a slow release
    /// at every placemark.
    unowned(unsafe) var parser: (any XMLEventSource)?
    let report: DiagnosticHandler
    /// Only collect shared styles and schemas (the first pass over a file whose styles come late).
    let collectsOnlyStyles: Bool
    /// Finished features, each taken out (`nil` left behind) as the reader hands it on.
    @exclusivity(unchecked) private var output: [Feature?] = []
    var document = DocumentInfo()
    var styleSheet = KMLStyleSheet()
    /// Schema field types by schema id (`#id` and plain name both work as keys).
    var schemas: [String: [String: String]] = [:] {
        didSet {
            resolvedFields = nil
            typesByPosition.removeAll(keepingCapacity: true)
        }
    }
    /// The field types of the schema a SchemaData's `schemaUrl` names, read from `schemas` once
    /// for that URL (placemarks of one file tend to share it) and again after `schemas` changes:
    /// `primary` by the URL as written, `fallback` by its local id, as `fieldType(of:)` looks.
    private var resolvedFields: (url: String, primary: [String: KMLFieldType]?, fallback: [String: KMLFieldType]?)?
    var problem: MapBridgeError?

    @exclusivity(unchecked) private var stack = KMLElementStack()
    /// The text of the element being read, as libxml2 handed it over (each change to it sets
    /// `trimmedCache` to `nil`).
    @exclusivity(unchecked) private var text = KMLText()
    /// `trimmedText`, made at most once per element (`nil`: not yet, or the text changed).
    @exclusivity(unchecked) private var trimmedCache: String?
    /// Open Folders and Documents with their names (Documents do not count in folder paths)
    /// and their own TimeStamp or TimeSpan.
    private var folders: [(name: String, isFolder: Bool, when: String?, begin: String?, end: String?)] = []
    private var folderDepths: [Int] = []
    @exclusivity(unchecked) private var draft: Draft?
    /// The properties of the feature being read (while `readingFeature`, which is exactly while
    /// `draft` is not `nil`), kept beside the draft, not in it: added to in place, with no
    /// optional draft to look through for each value.
    @exclusivity(unchecked) private var draftProperties = Properties()
    @exclusivity(unchecked) private var frames: [Frame] = []
    /// Whether the innermost frame is a Point kept in `openPointFirst` and `openPointCount`, not
    /// on `frames` (nearly every Point: no frame is made, copied or destroyed for it). A frame
    /// opened inside it puts it on `frames` first (`settleOpenPoint`), so that the frames keep
    /// their order.
    private var pointOpen = false
    /// The open Point's first position (`nil` while there is none, and whenever `pointOpen` is not set).
    @exclusivity(unchecked) private var openPointFirst: Coordinate?
    /// How many positions the open Point's coordinates had.
    private var openPointCount = 0
    private var altitudeMode: AltitudeMode?
    private var tessellate = false
    // Styles being read.
    /// The Style being read (while `readingStyle`).
    @exclusivity(unchecked) private var style = KMLStyleCapture()
    private var styleID: String?
    private var styleDepth = 0
    private var mapID: String?
    private var pairs: (normal: KMLStyleSheet.Pair?, highlight: KMLStyleSheet.Pair?) = (nil, nil)
    private var pairKey: String?
    private var pairURL: String?
    private var pairStyle: Style?
    // Extended data being read.
    private var dataName: String?
    /// Whether `dataName` is a key that finishing the feature looks for (`KMLDataMapping.isSpecial`).
    private var dataNameIsSpecial = false
    /// The strings of the data names met so far.
    @exclusivity(unchecked) private var dataNames = KMLNameCache()
    /// The `dataNames` slot that keeps `dataName`, or `nil` (a name not kept there).
    private var dataNameSlot: Int?
    /// The `dataNames` slot of the last `Data` or `SimpleData` name read in the feature being
    /// read, or `noDataSlot` (none yet, or one not kept in a slot).
    private var previousDataSlot = noDataSlot
    /// For each `dataNames` slot (and `noDataSlot`: the feature's first name), the slot of the
    /// name that last followed its name in a feature (`noDataSlot`: none yet), tried first.
    @exclusivity(unchecked) private var nextDataSlot = [Int](repeating: noDataSlot, count: KMLNameCache.slotCount + 1)
    /// Not a `dataNames` slot: the index after them.
    private static let noDataSlot = KMLNameCache.slotCount
    /// A number for each feature read (the mark `dataNames` slots get while it is read).
    private var featureSerial = 0
    /// Whether every key of the feature's properties so far is a data name added through a
    /// `dataNames` slot (marked `featureSerial`): then a name found in a slot with another mark
    /// is not among them, and `addProperty` need not look for it.
    private var keysAreMarkedNames = true
    private var dataValue: String?
    /// The `gx:SimpleArrayData` of the gx:Track being read (its name, then its values).
    private var pendingArrays: [(name: String, values: [PropertyValue])] = []
    private var schemaURL: String?
    private var schemaID: String?
    private var schemaFields: [String: String] = [:]
    /// The type every field of the schema being read has, whatever its SimpleField says:
    /// `json` or `null` for the schemas MapBridge names so (see `KMLWriter.SchemaTable.Kind`).
    private var schemaFieldType: String?
    private var warned: Set<String> = []
    /// Keeps per-occurrence warnings (a repeated Data name) to a readable number.
    private var warnings = DiagnosticLimiter()
    /// Whether a Style or a feature is being read (so `style`/`draft` need not be copied to test it).
    private var readingStyle = false
    private var readingFeature = false

    /// How large one placemark, text or coordinate tuple may grow.
    let limits: ReadLimits
    /// The most properties a placemark has had so far (up to `propertyRoomLimit`): room for as
    /// many is made at the first of the next one's (placemarks of one file tend to have the
    /// same data, some of them a few keys fewer), so that the properties grow only once.
    private var propertyRoom = 0
    /// The most room `propertyRoom` makes ahead.
    static let propertyRoomLimit = 64
    /// Positions read so far in the placemark being read.
    private var featureVertices = 0

    init(report: @escaping DiagnosticHandler, collectsOnlyStyles: Bool, limits: ReadLimits = ReadLimits()) {
        self.report = report
        self.limits = limits
        self.collectsOnlyStyles = collectsOnlyStyles
        coordinateStream = KMLCoordinateStream(maximumBytes: limits.maximumFeatureBytes)
    }

    /// Exchanges the features finished since the last call for `list`, an empty list whose
    /// room the next ones are finished into (the caller's list of features handed out).
    func swapOutput(_ list: inout [Feature?]) {
        swap(&list, &output)
    }

    private var location: SourceLocation {
        parser?.location ?? SourceLocation(file: "-", line: 1, column: 1)
    }

    /// The local name of `name`, the element whose start or end is being reported: the parser
    /// says the names of elements the reader does not act on (`KMLElement.other`).
    private func localName(of name: KMLElement) -> String {
        name.localName ?? parser?.currentElementLocalName ?? ""
    }

    /// The element `k` levels out from the one being reported (1: its parent), if any. Inlined:
    /// most element ends ask it, and the call costs more than the two loads.
    @inline(__always)
    private func parent(_ k: Int = 1) -> KMLElement? {
        stack.count > k ? stack[stack.count - 1 - k] : nil
    }

    /// Whether the element just opened is a child of the ScreenOverlay being read.
    private var inScreenOverlay: Bool { draft?.element == .screenOverlay && parent() == .screenOverlay }

    private var textString: String { text.string }
    /// The text without leading and trailing spaces, tabs and line breaks: trimmed as bytes
    /// and decoded once per element, however many times it is asked for.
    private var trimmedText: String {
        if let trimmedCache { return trimmedCache }
        let trimmed = text.string(Self.trimmed(text.bytes))
        trimmedCache = trimmed
        return trimmed
    }

    /// Whether the trimmed text is KML's true, `1` or `true` (as `trimmedText == "1" ||
    /// trimmedText == "true"`: no other bytes make a string equal to either), read from its
    /// bytes with no string made.
    private var textIsTrue: Bool {
        let t = Self.trimmed(text.bytes)
        guard let base = t.baseAddress else { return false }
        switch t.count {
        case 1: return base[0] == UInt8(ascii: "1")
        case 4: return UnsafeRawPointer(base).loadUnaligned(as: UInt32.self) == UInt32(littleEndian: 0x6575_7274)  // "true"
        default: return false
        }
    }

    /// The text as a number (`number(_:)`'s rules), read from its bytes: a JSON number on the
    /// fast path (exact, as `strtod` is), anything else by `NumberParsing.lenientDouble`.
    private var textNumber: Double? {
        KMLCoordinates.number(Self.trimmed(text.bytes))?.value
    }

    /// `bytes` without leading and trailing spaces, tabs and line breaks.
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        // Most texts have nothing around them to trim: two byte tests (each above the space,
        // so neither is one of those four), no call.
        if let first = bytes.first, let last = bytes.last, first > 0x20, last > 0x20 { return bytes }
        return NumberParsing.trimmingSpaces(bytes)
    }

    private func warnOnce(_ code: String, _ message: String) {
        guard warned.insert(code).inserted else { return }
        report(Diagnostic(code: code, severity: .warning, message: message, location: location))
    }

    /// A prefix used without its `xmlns:` declaration: read on, said once per file.
    func namespaceWarning(_ message: String, line: Int, column: Int) {
        guard warned.insert("xml-namespace").inserted else { return }
        var at = location
        at.line = line
        at.column = column
        let detail = message.hasSuffix(".") ? String(message.dropLast()) : message
        report(Diagnostic(code: "xml-namespace", severity: .warning,
                          message: "\(detail) (read on as Google Earth does; declare the prefix with xmlns:… on <kml>)",
                          location: at))
    }

    private func fail(_ message: String) {
        guard problem == nil else { return }
        problem = MapBridgeError(.data, message, at: location)
    }

    // MARK: - SAX events

    func startElement(_ name: KMLElement, attributes: XMLAttributes) {
        startElement(name, attributeList: XMLAttributeList(attributes))
    }

    func startElement(_ name: KMLElement, attributeList attributes: XMLAttributeList) {
        if markupBase > 0 {
            openInlineMarkup(name, attributes: attributes)
            return
        }
        if stack.isEmpty { checkRoot(name) }
        stack.append(name)
        // Most elements follow no text at all: nothing to clear (nor a cache to drop).
        if !text.isEmpty {
            // Another element's text begins: a stream left touched (a long text skipped, or
            // coordinates cut, whose buffer is never empty then) is made fresh; an element inside
            // coordinates being cut makes the text after it read whole, as before.
            if coordinateStream.touched { coordinateStream.cancel() }
            text.removeAll()
            // Tested first: most elements follow text whose trimmed form nobody asked for.
            if trimmedCache != nil { trimmedCache = nil }
        }
        if name == .description { markupBase = stack.count }
        func attribute(_ key: StaticString) -> String? { attributes.value(of: key) }
        switch name {
        case .folder, .document:
            folderDepths.append(stack.count)
            // A Document inside another is read as a folder: GDAL and QGIS write a layer so,
            // and its name then reaches every feature in it, as a Folder's does.
            folders.append(("", name == .folder || folderDepths.count > 1, nil, nil, nil))
        case .style:
            if !readingStyle {
                // `style` is a fresh capture here: `finishStyle` leaves one.
                readingStyle = true
                styleDepth = stack.count
                styleID = attribute("id")
                if parent() == .cascadingStyle { styleID = styleID ?? cascadingID }
            }
        case .cascadingStyle:
            cascadingID = attribute("id")
        case .styleMap:
            mapID = attribute("id")
            pairs = (nil, nil)
        case .pair:
            pairKey = nil; pairURL = nil; pairStyle = nil
        case .schema:
            schemaID = attribute("id") ?? attribute("name")
            schemaFields = [:]
            // MapBridge writes arrays and objects as JSON text, and nulls, in schemas of these names.
            schemaFieldType = switch attribute("name") {
            case KMLWriter.SchemaTable.jsonSchemaName?: "json"
            case KMLWriter.SchemaTable.nullSchemaName?: "null"
            default: nil
            }
            if let name = attribute("name") { schemaAliases.append(name) }
        case .simpleField, .simpleArrayField:
            if let field = attribute("name") { schemaFields[field] = schemaFieldType ?? attribute("type") ?? "string" }
        case _ where collectsOnlyStyles:
            break
        case .placemark, .groundOverlay, .networkLink, .photoOverlay, .screenOverlay:
            if stack.containsOutside(.update) {
                // An <Update> patches a document loaded elsewhere; its placemarks are not features.
                break
            }
            if readingFeature {
                warnOnce("nested-feature", "a \(name) inside another feature is read as a feature of its own")
            }
            // Built in place (a Draft holds a whole Feature: each copy costs).
            let here = location
            draft = Draft(element: name, location: here)
            // Empty already unless a feature was left unfinished: then its properties go.
            if !draftProperties.entries.isEmpty { draftProperties = Properties() }
            featureSerial &+= 1
            keysAreMarkedNames = true
            previousDataSlot = Self.noDataSlot
            if let id = attributeValue("id", in: attributes) { draft?.id = .string(id) }
            if folders.contains(where: \.isFolder) { draft?.rareParts.folderPath = folders.filter { $0.isFolder }.map(\.name) }
            if let timed = folders.last(where: { $0.when != nil || $0.begin != nil || $0.end != nil }) {
                draft?.rareParts.inheritedTime = timed.when.map { .instant($0) } ?? .span(begin: timed.begin, end: timed.end)
            }
            readingFeature = true
            featureVertices = 0
            // Empty already unless a geometry was left open (emptying an empty array still costs a call).
            if !frames.isEmpty { frames.removeAll(keepingCapacity: true) }
            if pointOpen {
                pointOpen = false
                openPointFirst = nil
            }
            altitudeMode = nil
            tessellate = false
        case .overlayXY where inScreenOverlay, .screenXY where inScreenOverlay, .rotationXY where inScreenOverlay,
             .size where inScreenOverlay:
            // Where a screen overlay sits: a point of the image, a point of the screen, the pivot and
            // the size, each x, y and their units, kept as an object named like the element.
            var point = Properties()
            for key in ["x", "y"] {
                // The text is kept only where it is a JSON number ("05" is written 5).
                if let text = attributes.value(of: key), Self.number(text) != nil, let n = NumberParsing.lenientNumber(text) {
                    point.append(key: key, value: .number(n))
                }
            }
            for key in ["xunits", "yunits"] { if let u = attributes.value(of: key) { point.append(key: key, value: .string(u)) } }
            setElementProperty(localName(of: name), .object(point))
        case .data:
            readDataName(attributes)
            // Taken by the last Data's end as a rule: asked first, nothing to release then.
            if dataValue != nil { dataValue = nil }
        case .schemaData:
            schemaURL = attribute("schemaUrl")
            simpleDataPosition = 0
        case .hotSpot where readingStyle && parent() == .iconStyle:
            if let x = attribute("x").flatMap(Self.number), let y = attribute("y").flatMap(Self.number) {
                let hotSpot = HotSpot(x: x, y: y, xUnits: attribute("xunits") ?? "fraction",
                                      yUnits: attribute("yunits") ?? "fraction")
                style.hasMarker = true
                style.marker.hotSpot = hotSpot
            }
        case .simpleData:
            readDataName(attributes)
        case .simpleArrayData where innermostFrameKind == .track:
            pendingArrays.append((attribute("name") ?? "", []))
        case .multiGeometry, .multiTrack:
            pushFrame(.multi(name, []))
        case .polygon:
            pushFrame(.polygon(PolygonRings()))
        case .innerBoundaryIs, .outerBoundaryIs:
            polygonRings(below: 0)?.inInner = name == .innerBoundaryIs
        case .track:
            pushFrame(.track(whens: [], coords: []))
            pendingArrays = []
        case .point:
            settleOpenPoint()
            pointOpen = true
            openPointCount = 0
        case .lineString, .linearRing:
            pushFrame(.leaf(name, nil))
        case .other, .update:
            // Report the outermost unread element only, not everything inside it.
            if parent()?.isUnread == true { break }
            let element = localName(of: name)
            if reportedElements.insert(element).inserted, reportedElements.count <= 20 {
                report(Diagnostic(code: "unread-element", severity: .warning,
                                  message: "<\(element)> is not read by MapBridge: its own text and attributes are not carried over (KML elements inside it still are)",
                                  location: location))
            }
        default:
            break
        }
    }

    // MARK: - Inline markup in descriptions

    /// The depth of the `description` being read, whose elements (HTML written without CDATA,
    /// such as `Some<br/>text`) are kept as markup text; 0 outside one.
    private var markupBase = 0
    /// For each inline element open, the text length after its start tag (an element that adds
    /// nothing is written `<br/>`).
    private var markupMarks: [Int] = []

    private func openInlineMarkup(_ name: KMLElement, attributes list: XMLAttributeList) {
        let attributes = list.pairs
        stack.append(name)
        trimmedCache = nil
        text.append(UInt8(ascii: "<"))
        text.append(localName(of: name))
        for attribute in attributes {
            text.append(UInt8(ascii: " "))
            text.append(attribute.name)
            text.append("=\"")
            for byte in attribute.value.utf8 {
                switch byte {
                case UInt8(ascii: "\""): text.append("&quot;")
                case UInt8(ascii: "&"): text.append("&amp;")
                case UInt8(ascii: "<"): text.append("&lt;")
                default: text.append(byte)
                }
            }
            text.append(UInt8(ascii: "\""))
        }
        text.append(UInt8(ascii: ">"))
        markupMarks.append(text.count)
    }

    private func closeInlineMarkup(_ name: KMLElement) {
        trimmedCache = nil
        if let mark = markupMarks.popLast(), mark == text.count {
            text.removeLast()
            text.append("/>")
        } else {
            text.append("</")
            text.append(localName(of: name))
            text.append(UInt8(ascii: ">"))
        }
        stack.removeLast()
    }

    /// A KML document's root is `<kml>`; a bare feature or container (`<Placemark>`,
    /// `<Document>` …) is read with a warning; anything else is not a KML document.
    private func checkRoot(_ name: KMLElement) {
        switch name {
        case .kml:
            break
        case .document, .folder, .placemark, .groundOverlay, .networkLink, .photoOverlay, .screenOverlay:
            warnOnce("root", "the root element is <\(localName(of: name))>, not <kml>; it is read as the content of a KML document")
        default:
            fail("this is not a KML document: its root element is <\(localName(of: name))>; a KML file starts with <kml> and holds a Document, Folder or Placemark")
        }
    }

    /// Element names already reported as not read (each once, at most 20).
    private var reportedElements: Set<String> = []

    private var cascadingID: String?
    private var schemaAliases: [String] = []

    /// Inlined into both parsers' paths (the push parser's call and the threaded one's replay):
    /// a call of its own for each text costs more than appending a short one.
    @inline(__always)
    func characters(_ bytes: UnsafeBufferPointer<UInt8>, isCDATA: Bool) {
        // One test for both the limit on the text and a cut of the coordinates being read.
        guard text.count + bytes.count <= coordinateStream.fastLimit else {
            moreCharacters(bytes)
            return
        }
        text.append(bytes)
        if trimmedCache != nil { trimmedCache = nil }
    }

    /// `characters` when the text reaches the limit on its length or a cut of the coordinates
    /// being read is due.
    private func moreCharacters(_ bytes: UnsafeBufferPointer<UInt8>) {
        // The coordinates being read may have left part of their text behind.
        guard coordinateStream.consumed + text.count + bytes.count <= limits.maximumFeatureBytes else {
            if problem == nil {
                problem = limits.exceeded(.featureBytes, "this element's text is longer than \(limits.maximumFeatureBytes) bytes", at: location)
            }
            return
        }
        text.append(bytes)
        if trimmedCache != nil { trimmedCache = nil }
        guard text.count >= coordinateStream.nextCut else { return }
        // A stream left by coordinates whose end did not finish it (an odd document) is let go.
        if coordinateStream.isActive, coordinateStream.depth != stack.count { coordinateStream.cancel() }
        if !coordinateStream.isActive {
            guard textIsCoordinatesToCut else {
                // Any other long text is read whole, as before.
                coordinateStream.skip(text.count)
                return
            }
            coordinateStream.start(depth: stack.count)
        }
        coordinateStream.cut(&text, into: &positions)
    }

    /// Whether the text being read (all of it since its element's start, or since the last
    /// element inside it) is one `coordinateStream` may cut: a line's or point's `<coordinates>`
    /// that `endCoordinates` reads, and every element around it one whose end reads no text
    /// (the line or point, the geometries, features and containers around it), so that
    /// nothing reads the whole text after its end.
    private var textIsCoordinatesToCut: Bool {
        let n = stack.count
        guard n >= 2, stack[n - 1] == .coordinates, readingFeature, !readingStyle, !collectsOnlyStyles,
              markupBase == 0
        else { return false }
        switch innermostFrameKind {
        case .leaf?, .point?: break
        default: return false
        }
        for i in 0..<(n - 1) {
            switch stack[i] {
            case .lineString, .linearRing, .point, .multiGeometry, .polygon, .outerBoundaryIs, .innerBoundaryIs,
                 .placemark, .folder, .document, .kml:
                continue
            default:
                return false
            }
        }
        return true
    }

    func endElement(_ name: KMLElement) {
        if markupBase > 0 {
            if stack.count > markupBase {
                closeInlineMarkup(name)
                return
            }
            markupBase = 0
        }
        defer {
            if !stack.isEmpty { stack.removeLast() }
        }
        if readingStyle {
            endStyleElement(name)
            return
        }
        switch name {
        case .name:
            setName()
        case .description:
            setDescription()
        case .folder, .document:
            if !folders.isEmpty { folders.removeLast() }
            if !folderDepths.isEmpty { folderDepths.removeLast() }
        case .styleMap:
            if let id = mapID { styleSheet.define(mapID: id, normal: pairs.normal, highlight: pairs.highlight) }
            mapID = nil
        case .key where parent() == .pair:
            pairKey = trimmedText
        case .styleUrl where parent() == .pair:
            pairURL = trimmedText
        case .pair:
            let pair = KMLStyleSheet.Pair(styleURL: pairURL, inline: pairStyle)
            if pairKey == "highlight" { pairs.highlight = pair } else { pairs.normal = pair }
        case .schema:
            if let id = schemaID {
                schemas[id] = schemaFields
                schemas["#" + id] = schemaFields
            }
            for alias in schemaAliases { schemas[alias] = schemaFields; schemas["#" + alias] = schemaFields }
            schemaAliases = []
        case .when where !readingFeature && !collectsOnlyStyles, .begin where !readingFeature && !collectsOnlyStyles,
             .end where !readingFeature && !collectsOnlyStyles:
            setContainerTime(name)
        case .snippet where !readingFeature && !collectsOnlyStyles:
            noteContainerText("Snippet")
        case _ where collectsOnlyStyles || !readingFeature:
            break
        default:
            endFeatureElement(name)
        }
    }

    // MARK: - Names and descriptions

    private func setName() {
        let container = parent()
        if container == .folder || container == .document {
            let value = trimmedText
            if !folders.isEmpty, folderDepths.last == stack.count - 1 { folders[folders.count - 1].name = value }
            if container == .document, document.name == nil, folderDepths.count == 1 { document.name = value }
            return
        }
        if let c = container, c.isFeature, readingFeature { draft?.title = textString }
    }

    /// A Folder's or Document's own `TimeStamp/when`, `TimeSpan/begin` or `end`.
    private func setContainerTime(_ name: KMLElement) {
        guard let holder = parent(2), holder == .folder || holder == .document,
              !folders.isEmpty, folderDepths.last == stack.count - 2 else { return }
        let value = trimmedText
        guard !value.isEmpty else { return }
        switch (name, parent()) {
        case (.when, .timeStamp?): folders[folders.count - 1].when = value
        case (.begin, .timeSpan?): folders[folders.count - 1].begin = value
        case (.end, .timeSpan?): folders[folders.count - 1].end = value
        default: break
        }
    }

    private func setDescription() {
        let container = parent()
        if container == .document, document.description == nil, folderDepths.count == 1 {
            document.description = textString
        } else if let c = container, c.isFeature, readingFeature {
            draft?.subtitle = textString
        } else if !collectsOnlyStyles {
            noteContainerText("description")
        }
    }

    /// Reports, once per element name, a Folder's or Document's `description` or `Snippet` that
    /// has no place in the model: a folder (or a Document inside another) is kept as a name in
    /// each feature's folder path, and only the outermost Document's description is kept. GPS
    /// receivers and Google Earth put track summaries there (distance, times), so their loss is
    /// said rather than silent.
    private func noteContainerText(_ element: String) {
        guard let holder = parent(), holder == .folder || holder == .document, !trimmedText.isEmpty else { return }
        let what = holder == .folder ? "a <Folder>'s" : (element == "Snippet" ? "a <Document>'s" : "a nested <Document>'s")
        warnOnce("container-\(element)",
                 "\(what) <\(element)> is not carried over: MapBridge keeps a folder as a name in each feature's folder path, and only the outermost Document's <description>; move the text into the placemarks' <description> (or ExtendedData) to keep it")
    }

    // MARK: - Styles

    // The style's members are set one by one in a capture (`KMLStyleCapture`), made into a
    // `Style` once when it closes, and the text is decoded only by the elements that keep it.
    private func endStyleElement(_ name: KMLElement) {
        let container = parent()
        switch name {
        case .color:
            guard let (color, opacity) = KMLColor.parse(Self.trimmed(text.bytes)) else {
                let value = trimmedText
                if !value.isEmpty { warnOnce("bad-color", "'\(value)' is not a KML colour (aabbggrr); it is ignored") }
                break
            }
            style.setColor(color, opacity: opacity, in: container)
        case .width where container == .lineStyle:
            style.strokeWidth = textNumber
        case .fill where container == .polyStyle:
            style.fill = textIsTrue
        case .outline where container == .polyStyle:
            style.outline = textIsTrue
        case .scale where container == .iconStyle:
            style.hasMarker = true
            style.marker.scale = textNumber
        case .scale where container == .labelStyle:
            style.hasLabel = true
            style.label.scale = textNumber
        case .heading where container == .iconStyle:
            style.hasMarker = true
            style.marker.heading = textNumber
        case .href where container == .icon && parent(2) == .iconStyle:
            style.hasMarker = true
            style.marker.href = trimmedText
        case .style where stack.count == styleDepth:
            finishStyle()
        default:
            break
        }
    }

    private func finishStyle() {
        readingStyle = false
        // Its members move into the style, and the capture is left empty for the next one.
        let finished = style.take()
        let container = parent()
        if container == .pair {
            pairStyle = finished
        } else if let c = container, c.isFeature, readingFeature, !collectsOnlyStyles {
            draft?.inlineStyle = finished
            if let id = styleID { styleSheet.define(style: finished, id: id) }
        } else if let id = styleID {
            styleSheet.define(style: finished, id: id)
        }
        if styleID != nil { styleID = nil }
    }

    // MARK: - Feature parts

    private func endFeatureElement(_ name: KMLElement) {
        let container = parent()
        switch name {
        case .visibility where container?.isFeature == true:
            draft?.rareParts.visibility = textIsTrue
        case .address where container?.isFeature == true:
            draft?.rareParts.address = textString
        case .styleUrl where container?.isFeature == true:
            draft?.styleURL = trimmedText
        case .color where container == .groundOverlay || container == .screenOverlay || container == .photoOverlay:
            // The image's tint: `#rrggbb` and an opacity, as simplestyle spells colours.
            guard let (color, opacity) = KMLColor.parse(trimmedText) else {
                if !trimmedText.isEmpty { warnOnce("bad-color", "'\(trimmedText)' is not a KML colour (aabbggrr); it is ignored") }
                break
            }
            setElementProperty("overlay-color", .string(color.hex))
            setElementProperty("overlay-opacity", .number(NumberValue(opacity ?? 1)))
        case .drawOrder where container == .groundOverlay || container == .screenOverlay || container == .photoOverlay:
            if let v = textNumber, v == v.rounded(), abs(v) < 2_147_483_648,
               let n = NumberParsing.lenientNumber(text.bytes) {
                setElementProperty("drawOrder", .number(n))
            }
        case .altitude where container == .groundOverlay:
            // Metres above sea level (with altitudeMode absolute).
            if textNumber != nil, let n = NumberParsing.lenientNumber(text.bytes) {
                setElementProperty("altitude", .number(n))
            }
        case .when where container == .timeStamp:
            draft?.rareParts.when = trimmedText
        case .begin where container == .timeSpan:
            draft?.rareParts.begin = trimmedText
        case .end where container == .timeSpan:
            draft?.rareParts.end = trimmedText
        case .value where container == .data:
            Self.fill(&dataValue, with: textString)
        case .value where container == .simpleArrayData:
            if !pendingArrays.isEmpty {
                let name = pendingArrays[pendingArrays.count - 1].name
                pendingArrays[pendingArrays.count - 1].values.append(typedValue(field: name))
            }
        case .data:
            // Both moved out: the property takes them over, nothing copied or released.
            if let key = dataName.take() {
                addProperty(key, .string(dataValue.take() ?? ""), isSpecial: dataNameIsSpecial, slot: dataNameSlot)
            }
        case .simpleData:
            if let key = dataName {
                addProperty(key, typedValue(field: key), isSpecial: dataNameIsSpecial, slot: dataNameSlot)
                simpleDataPosition += 1
            }
            dataName = nil
        case .altitudeMode:
            altitudeMode = AltitudeMode(rawValue: trimmedText)
        case .tessellate:
            tessellate = textIsTrue
        case .coordinates:
            endCoordinates()
        case .when where container == .track:
            // Taken off the stack while it grows, so the array is not copied for each time.
            if innermostFrameKind == .track, case .track(var whens, let coords)? = frames.popLast() {
                whens.append(trimmedText)
                frames.append(.track(whens: whens, coords: coords))
            }
        case .coord where container == .track:
            endTrackCoord()
        case .point:
            endPoint()
        case .lineString, .linearRing:
            endLeaf(name)
        case .polygon:
            endPolygon()
        case .track:
            endTrack()
        case .multiGeometry, .multiTrack:
            endMulti()
        case .rotation where container == .screenOverlay:
            if textNumber != nil, let n = NumberParsing.lenientNumber(text.bytes) {
                setElementProperty("rotation", .number(n))
            }
        case .rotation:
            draft?.rareParts.rotation = textNumber
        case .north, .south, .east, .west:
            let v = textNumber
            switch name {
            case .north: draft?.rareParts.box.north = v
            case .south: draft?.rareParts.box.south = v
            case .east: draft?.rareParts.box.east = v
            default: draft?.rareParts.box.west = v
            }
        case .latLonQuad:
            do throws(KMLCoordinates.Problem) {
                draft?.rareParts.quad = try KMLCoordinates.parse(text.bytes)
            } catch {
                fail("bad gx:LatLonQuad: \(error.message)")
            }
        case .href where container == .icon || container == .link || container == .url:
            if let element = draft?.element, element == .groundOverlay || element == .photoOverlay || element == .screenOverlay {
                setElementProperty("icon", .string(trimmedText))
            } else if draft?.element == .networkLink {
                setElementProperty("href", .string(trimmedText))
            }
        case .viewRefreshMode where draft?.element == .networkLink:
            setElementProperty("viewRefreshMode", .string(trimmedText))
        case .placemark, .groundOverlay, .networkLink, .photoOverlay, .screenOverlay:
            if !stack.containsOutside(.update) { finishFeature() }
        case .snippet where container?.isFeature == true:
            // A short description for lists; kept as data.
            if !trimmedText.isEmpty, readingFeature, !draftProperties.contains(key: "snippet") {
                setElementProperty("snippet", .string(trimmedText))
            }
        default:
            break
        }
    }

    /// Sets `slot` to `value`. Most slots given here are empty (the value before was taken):
    /// asked first, the empty one is overwritten with nothing to release.
    @inline(__always)
    private static func fill(_ slot: inout String?, with value: consuming String) {
        if slot == nil { slot = value } else { slot = value }
    }

    /// Reads the `name` attribute of a `Data` or `SimpleData` into `dataName` (`nil` when it
    /// has none), its string made once per distinct name (`KMLNameCache`), with whether it may
    /// be a special key and the slot that keeps it.
    private func readDataName(_ attributes: XMLAttributeList) {
        let previous = previousDataSlot
        previousDataSlot = Self.noDataSlot
        // Bytes holding `&` (an escape, which `value(of:)` expands) are not looked up.
        if let bytes = attributes.valueBytes(of: "name") {
            // Most placemarks of a file name their data in the same order: the name that
            // followed the previous one the last time is tried first.
            let expected = nextDataSlot[previous]
            if expected != Self.noDataSlot, dataNames.holds(bytes, in: expected) {
                previousDataSlot = expected
                dataNameIsSpecial = dataNames.isSpecial(in: expected)
                dataNameSlot = expected
                Self.fill(&dataName, with: dataNames.name(in: expected))
                return
            }
            if let found = dataNames.entry(bytes, markingNew: featureSerial) {
                let slot = found.slot
                if let slot {
                    nextDataSlot[previous] = slot
                    previousDataSlot = slot
                }
                (dataNameIsSpecial, dataNameSlot) = (found.isSpecial, slot)
                Self.fill(&dataName, with: found.name)
                return
            }
        }
        let name = attributes.value(of: "name")
        (dataName, dataNameIsSpecial, dataNameSlot) = (name, name.map(KMLDataMapping.isSpecial) ?? false, nil)
    }

    /// The value of the attribute `key`, as `XMLAttributeList.value(of:)` gives it, a short
    /// ASCII one (an id such as `f12`) made straight from its bytes (`KMLText.string(_:)`).
    private func attributeValue(_ key: StaticString, in attributes: XMLAttributeList) -> String? {
        // Bytes holding `&` (an escape, which `value(of:)` expands) are left to it.
        if let bytes = attributes.valueBytes(of: key), !bytes.contains(UInt8(ascii: "&")) { return text.string(bytes) }
        return attributes.value(of: key)
    }

    /// A number as KML writes one (`1`, `-1.5`, `.5`, `1e3`), finite; `nil` for anything else.
    /// (`Double(_:)` would also take `inf`, `nan` and hexadecimal, which no KML number is, and
    /// which reach no writer as a number.)
    static func number(_ text: String) -> Double? {
        NumberParsing.lenientDouble(Array(text.trimmingSpaces().utf8))
    }

    /// Adds the value of a placemark's `Data` or `SimpleData` named `key`. A name repeated in
    /// one placemark keeps every value: the first under `key`, later ones under `key_2`,
    /// `key_3` … (`Properties.freeKey`), with a located warning. `isSpecial` is
    /// `KMLDataMapping.isSpecial(key)`, known with the name; `slot` is the `dataNames` slot
    /// that keeps the name, if any.
    private func addProperty(_ key: consuming String, _ value: consuming PropertyValue, isSpecial: Bool, slot: Int?) {
        guard readingFeature else { return }
        // A name whose slot is not marked for this feature was not added to it (when all its
        // keys are such names): the scan of the properties is left out.
        let mayBePresent: Bool
        if let slot, keysAreMarkedNames {
            mayBePresent = dataNames.mark(of: slot) == featureSerial
            dataNames.mark(slot, with: featureSerial)
        } else {
            mayBePresent = true
            keysAreMarkedNames = false
        }
        var special = isSpecial
        // Changed where they are, in the builder (unchecked exclusivity): moved out into a local
        // and back, they would leave an empty list to make and release at every value.
        // One scan of the (short) properties; no set of data names beside them.
        if mayBePresent, draftProperties.contains(key: key) {
            if let k = draft?.elementKeys.firstIndex(of: key) {
                // An element filled it: the data replaces it, and a repeat of the data is kept apart.
                draft?.elementKeys.remove(at: k)
                draftProperties[key] = value
                return
            }
            let name = draftProperties.freeKey(for: key)
            warnings.pass(Diagnostic(code: "data-repeated", severity: .warning,
                                     message: "the name '\(key)' is already used in this placemark's ExtendedData; this value is kept as '\(name)'",
                                     location: location), to: report)
            key = name
            keysAreMarkedNames = false
            special = KMLDataMapping.isSpecial(key)
        }
        // The entries' count, read in place (the collection's `count` and `isEmpty` are calls).
        let count = draftProperties.entries.count
        if count == 0, propertyRoom > 1 { makePropertyRoom() }
        if special { draft?.mayHaveSpecialKey = true }
        // The key and value move into the properties.
        draftProperties.append(key: key, value: value)
        if count >= limits.maximumKeys, problem == nil {
            problem = limits.exceeded(.keys, "this placemark has more than \(limits.maximumKeys) properties", at: location)
        }
    }

    /// Gives the empty properties of the feature being read room for `propertyRoom` entries:
    /// the storage of a feature handed out before when one was kept (`addSpareEntries`),
    /// else storage of their own.
    private func makePropertyRoom() {
        while var storage = spareEntries.popLast() {
            guard storage.capacity >= propertyRoom else { continue }
            // The handed-out feature's entries go now rather than with its storage: one at a
            // time (`removeAll(keepingCapacity:)` goes through a generic range replacement).
            while !storage.isEmpty { storage.removeLast() }
            draftProperties = Properties(appending: storage)
            return
        }
        draftProperties.reserveCapacity(propertyRoom)
    }

    /// Takes the storages of the properties of features that were handed out and dropped
    /// (`Properties.moveStorageForReuse(into:maximumCapacity:)`), for later features' properties, up to
    /// `spareEntriesLimit` in all; `storages` is left empty.
    func addSpareEntries(_ storages: inout [[Properties.Entry]]) {
        if spareEntries.isEmpty {
            swap(&spareEntries, &storages)
            return
        }
        // Moved one by one (`append(contentsOf:)` would copy them, retaining each).
        while spareEntries.count < Self.spareEntriesLimit, let storage = storages.popLast() {
            spareEntries.append(storage)
        }
        storages.removeAll(keepingCapacity: true)
    }

    /// Storages of handed-out features' properties, for the next features' (`makePropertyRoom`).
    @exclusivity(unchecked) private var spareEntries: [[Properties.Entry]] = []
    /// The most storages `spareEntries` keeps: more than the features one chunk of the source
    /// finishes (a 3 KiB chunk holds a few placemarks).
    static let spareEntriesLimit = 32

    /// Sets a property that an element (not `Data` or `SimpleData`) says, such as `snippet` or
    /// `icon`, remembering that data of that name may still take its place.
    private func setElementProperty(_ key: String, _ value: PropertyValue) {
        guard readingFeature else { return }
        keysAreMarkedNames = false
        if !draftProperties.contains(key: key) { draft?.elementKeys.append(key) }
        draftProperties[key] = value
        if KMLDataMapping.isSpecial(key) { draft?.mayHaveSpecialKey = true }
    }

    /// The text of the element just read (a SimpleData, or a gx:SimpleArrayData value) typed by
    /// its Schema's SimpleField for `field` (int, uint, short, ushort, float, double → numbers; bool →
    /// boolean; anything else a string). An empty value in a number or boolean field, or in a field
    /// of a `mapbridge-null` schema, has no value: null (that is how MapBridge writes a null property).
    private func typedValue(field: String) -> PropertyValue {
        guard let type = fieldType(of: field), type != .text else { return .string(textString) }
        // The trimmed text is read as bytes; a string is made only where one is kept or said.
        let trimmed = Self.trimmed(text.bytes)
        if trimmed.isEmpty { return .null }
        switch type {
        case .json:
            let tokenizer = JSONTokenizer(source: ByteSource(bytes: Array(trimmed), name: field))
            if let value = try? tokenizer.value(startingWith: tokenizer.next()), (try? tokenizer.next()) == .endOfInput {
                return value
            }
            warnOnce("schema-type", "SimpleData '\(field)' = '\(trimmedText)' is not the JSON text its Schema says; kept as text")
            return .string(textString)
        case .number(let name):
            if let number = NumberParsing.lenientNumber(trimmed) { return .number(number) }
            warnOnce("schema-type", "SimpleData '\(field)' = '\(trimmedText)' is not a \(name) as its Schema says; kept as text")
            return .string(textString)
        case .bool:
            if Self.spells(trimmed, "1") || Self.spells(trimmed, "true") { return .bool(true) }
            if Self.spells(trimmed, "0") || Self.spells(trimmed, "false") { return .bool(false) }
            return .string(textString)
        case .null, .text:
            return .string(textString)
        }
    }

    /// The type the schema that `schemaURL` names gives `field`: its SimpleField's (or, when the
    /// schema named by the URL as written has no such field, the one named by its local id).
    private func fieldType(of field: String) -> KMLFieldType? {
        guard let url = schemaURL else { return nil }
        if resolvedFields?.url != url {
            resolvedFields = (url, schemas[url]?.mapValues(KMLFieldType.init),
                              schemas[KMLStyleSheet.localID(url) ?? ""]?.mapValues(KMLFieldType.init))
            typesByPosition.removeAll(keepingCapacity: true)
        }
        // The field at this position in the last SchemaData is usually this one: a string
        // comparison, not a hashed lookup.
        if simpleDataPosition < typesByPosition.count, typesByPosition[simpleDataPosition].field == field {
            return typesByPosition[simpleDataPosition].type
        }
        let type = resolvedFields?.primary?[field] ?? resolvedFields?.fallback?[field]
        if simpleDataPosition < typesByPosition.count {
            typesByPosition[simpleDataPosition] = (field, type)
        } else if simpleDataPosition == typesByPosition.count {
            typesByPosition.append((field, type))
        }
        return type
    }

    /// The fields of the SimpleData met so far in a SchemaData with their types (as `fieldType(of:)`
    /// found them for `resolvedFields`), by position, kept for the next SchemaData.
    @exclusivity(unchecked) private var typesByPosition: [(field: String, type: KMLFieldType?)] = []
    /// The position of the SimpleData being read in its SchemaData.
    private var simpleDataPosition = 0

    /// Whether `bytes` spell `word`.
    private static func spells(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        bytes.count == word.utf8CodeUnitCount
            && bytes.elementsEqual(UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
    }

    // MARK: - Geometry

    /// The positions of the `<coordinates>` just read, filled again for each text: a line's or
    /// ring's are handed to its frame at their size (`takeCompacted`: the list keeps its room
    /// for the next text, and the reader's fast path writes the tuples straight into it); a
    /// Point's stay here (up to `keptPositions`), so that a Point needs no list of its own.
    @exclusivity(unchecked) private var positions = CoordinateList()
    /// The `<coordinates>` text being read into `positions` as it arrives in `text` (active from
    /// the element's start to its end, unless another element starts inside it).
    @exclusivity(unchecked) private var coordinateStream: KMLCoordinateStream
    /// The most positions `positions` keeps room for between texts (a larger one is let go).
    private static let keptPositions = 1 << 16

    private func endCoordinates() {
        // A Point's one tuple (nearly every Point), read whole and not cut: straight into its
        // frame, without the list and the stream a line's coordinates go through.
        if innermostFrameKind == .point, !coordinateStream.touched,
           let only = KMLCoordinates.singlePlainTuple(text.paddedBytes(), padded: true)
        {
            featureVertices += 1
            if featureVertices > limits.maximumVertices, problem == nil {
                problem = limits.exceeded(.vertices, "this placemark has more than \(limits.maximumVertices) positions", at: location)
            }
            setInnermostPoint(first: only, count: 1)
            return
        }
        let kind: KMLElement
        switch innermostFrameKind {
        case .leaf?: kind = frames[frames.count - 1].leafElement
        case .point?: kind = .point
        default:
            if coordinateStream.touched { coordinateStream.cancel() }
            return
        }
        do throws(KMLCoordinates.Problem) {
            var overlong: String?
            // Cut as it arrived when long (see `characters`), else read whole here.
            try coordinateStream.finish(text.paddedBytes(), padded: true, depth: stack.count, into: &positions,
                                        overlong: &overlong)
            if let overlong { warnOnce("tuple-length", overlong) }
            featureVertices += positions.count
            if featureVertices > limits.maximumVertices, problem == nil {
                problem = limits.exceeded(.vertices, "this placemark has more than \(limits.maximumVertices) positions", at: location)
            }
            if kind == .point {
                setInnermostPoint(first: positions.first, count: positions.count)
            } else if kind == .linearRing, let rings = polygonRings(below: 1) {
                // A polygon's ring: kept by the polygon's frame (the ring's own stays as it is).
                rings.ring = positions.takeCompacted()
            } else {
                frames[frames.count - 1] = .leaf(kind, positions.takeCompacted())
            }
        } catch {
            fail("bad coordinates: \(error.message)")
        }
        if positions.count > Self.keptPositions { positions = CoordinateList() }
    }

    private func endTrackCoord() {
        // Taken off the stack while it grows (and put back on every path), so the array of
        // positions is not copied for each one: a track of n points costs O(n), not O(n²).
        guard innermostFrameKind == .track, case .track(let whens, var coords)? = frames.popLast() else { return }
        defer { frames.append(.track(whens: whens, coords: coords)) }
        // 'longitude latitude [altitude]' by spaces; commas between them are tolerated. The
        // numbers keep their text, as in <coordinates>.
        let coordinate: Coordinate?
        do throws(KMLCoordinates.Problem) {
            coordinate = try KMLCoordinates.trackCoordinate(text.bytes)
        } catch {
            fail("bad gx:coord '\(trimmedText)': write 'longitude latitude [altitude]' separated by spaces")
            return
        }
        guard let coordinate else {
            // <gx:coord/>: a position the recorder did not have (OpenTracks writes these at pauses).
            coords.append(nil)
            return
        }
        coords.append(coordinate)
        featureVertices += 1
        if featureVertices > limits.maximumVertices, problem == nil {
            problem = limits.exceeded(.vertices, "this placemark has more than \(limits.maximumVertices) positions", at: location)
        }
    }

    /// A Point closes: its first position is its geometry.
    private func endPoint() {
        let first: Coordinate?, count: Int
        if pointOpen {
            pointOpen = false
            (first, count) = (openPointFirst.take(), openPointCount)
        } else {
            guard let kind = innermostFrameKind else { return }
            guard kind == .point, case .point(let f, let c) = frames[frames.count - 1] else {
                frames.removeLast()
                return
            }
            frames.removeLast()
            (first, count) = (f, c)
        }
        if count > 1 { warnOnce("point-extra", "a Point has \(count) coordinate tuples; the first is kept") }
        guard let first else { return warnEmptyGeometry("Point") }
        add(.annotation(first))
    }

    /// Reports, once for each kind in a file, a geometry whose `<coordinates>` held no position
    /// (empty, only white space, or missing): it is read as no geometry, a loss `--strict` must
    /// see. Located where the geometry's element ends.
    private func warnEmptyGeometry(_ kind: String) {
        // Coordinates that failed to read left the list empty too: that error is what stops
        // the reading, and is all there is to say.
        guard problem == nil else { return }
        warnOnce("empty-geometry-\(kind)", "a \(kind) has no positions (its coordinates are empty or missing); it is read as no geometry")
    }

    private func endLeaf(_ kind: KMLElement) {
        // A polygon's ring (nearly every LinearRing): its coordinates wait in the polygon's
        // frame below it (see `endCoordinates`), and its own frame holds none.
        if kind == .linearRing, let rings = polygonRings(below: 1), frames[frames.count - 1].kind == .leaf {
            frames.removeLast()
            rings.closeRing()
            return
        }
        // The coordinates are moved out of the frame, which is then dropped: no copy of the
        // frame or the list (each would retain the list and release it again).
        guard !pointOpen, !frames.isEmpty, frames[frames.count - 1].kind == .leaf else {
            _ = popFrame()
            return
        }
        let cs: CoordinateList
        switch frames.removeLast() {
        case .leaf(_, let coordinates?): cs = coordinates
        default: cs = CoordinateList()
        }
        if cs.isEmpty {
            // <LineString/> without coordinates: no geometry.
            if innermostFrameKind != .polygon {
                return warnEmptyGeometry(kind == .lineString ? "LineString" : "LinearRing")
            }
        }
        switch kind {
        case .lineString:
            if cs.count == 1 {
                warnOnce("line-one-position", "a LineString has a single position; it is kept as a Point")
                add(.annotation(cs[0]))
            } else {
                let line = Polyline(cs, interpolation: tessellate ? .geodesic : .straight)
                add(.polyline(consume line))
            }
        default:  // LinearRing (one inside a polygon went to it above)
            add(.polyline(Polyline(cs)))  // a LinearRing on its own is a closed line
        }
    }

    private func endPolygon() {
        guard case .polygon(let rings)? = popFrame() else { return }
        guard let outer = rings.outer.take(), !outer.isEmpty else { return warnEmptyGeometry("Polygon") }
        var holes = rings.holes
        rings.holes = []
        let shell = closed(outer)
        // Most holes are closed already: the array is kept, not mapped into a new one.
        for i in holes.indices where !Self.isClosed(holes[i]) { holes[i] = closed(holes[i]) }
        add(.polygon(Polygon(outer: shell, holes: holes)))
    }

    /// Whether a ring's last position repeats its first (an empty ring counts as closed).
    private static func isClosed(_ ring: borrowing CoordinateList) -> Bool {
        // Read by index: `first` and `last` go through the collection's generic indices.
        let count = ring.count
        return count == 0 || ring[0] == ring[count - 1]
    }

    /// A ring closed as KML viewers draw it: KML requires the last position to repeat the first, and
    /// one the file left open is closed by repeating its first position (and reported), so that every
    /// writer gets a valid ring.
    private func closed(_ ring: CoordinateList) -> CoordinateList {
        guard !Self.isClosed(ring), let first = ring.first else { return ring }
        warnOnce("ring-not-closed", "a LinearRing is not closed (its last position differs from its first); it was closed by repeating its first position")
        return ring + [first]
    }

    /// The corners of a LatLonBox, north-west first, as a closed ring. A rotation turns the box
    /// counter-clockwise about its centre by that many degrees, in longitude/latitude degrees as
    /// the overlay's image is laid on the map.
    static func boxCorners(north: Double, south: Double, east: Double, west: Double,
                           rotation: Double) -> [Coordinate] {
        let corners = [(west, north), (east, north), (east, south), (west, south), (west, north)]
        guard rotation != 0, rotation.isFinite else {
            return corners.map { Coordinate(longitude: $0.0, latitude: $0.1) }
        }
        let cx = (east + west) / 2, cy = (north + south) / 2
        let a = rotation * Double.pi / 180
        let c = cos(a), s = sin(a)
        return corners.map { x, y in
            let dx = x - cx, dy = y - cy
            return Coordinate(longitude: cx + dx * c - dy * s, latitude: cy + dx * s + dy * c)
        }
    }

    /// A box's corners as a polygon; none (and a warning) when edges far beyond the globe
    /// overflow a corner to infinity.
    private func boxShape(_ corners: [Coordinate]) -> Shape? {
        guard corners.allSatisfy({ $0.longitude.isFinite && $0.latitude.isFinite }) else {
            warnOnce("box-overflow", "a LatLonBox's edges are too large to give its corners (they overflow); it has no geometry")
            return nil
        }
        return .polygon(Polygon(outer: corners))
    }

    private func endTrack() {
        guard case .track(var whens, let slots)? = popFrame() else { return }
        let coords = slots.compactMap { $0 }
        var arrays = pendingArrays
        pendingArrays = []
        if coords.count < slots.count {
            warnOnce("track-empty-coord", "a gx:Track has an empty <gx:coord/>; that position is left out, with its time")
            if whens.count == slots.count { whens = zip(whens, slots).filter { $0.1 != nil }.map(\.0) }
            for i in arrays.indices where arrays[i].values.count == slots.count {
                arrays[i].values = zip(arrays[i].values, slots).filter { $0.1 != nil }.map(\.0)
            }
        }
        guard !coords.isEmpty else {
            if slots.isEmpty { warnEmptyGeometry("gx:Track") }
            return
        }
        if let odd = arrays.first(where: { $0.values.count != coords.count }) {
            warnOnce("track-array-length", "gx:SimpleArrayData '\(odd.name)' has \(odd.values.count) values for \(coords.count) positions; kept as it is")
        }
        var times = whens.count == coords.count && !whens.isEmpty ? whens : nil
        if times?.contains(where: \.isEmpty) == true {
            warnOnce("track-empty-when", "a gx:Track has an empty <when/>; its times are not kept")
            times = nil
        }
        if !whens.isEmpty && whens.count != coords.count {
            warnOnce("track-times", "a gx:Track has \(whens.count) times for \(coords.count) positions; the times are not kept")
        }
        if coords.count == 1 {
            // One position is a place, not a path: kept as a Point with its time.
            warnOnce("track-one-position", "a gx:Track has a single position; it is kept as a Point")
            if let when = times?.first, draft?.rare?.when == nil, draft?.rare?.begin == nil { draft?.rareParts.when = when }
            add(.annotation(coords[0]))
            return
        }
        // Every track's arrays, empty too, so that the n-th set goes with the n-th line.
        draft?.rareParts.trackArrays.append(arrays)
        add(.polyline(Polyline(coords, times: times)))
    }

    private func endMulti() {
        guard case .multi(_, let shapes)? = popFrame() else { return }
        // Nested MultiGeometry adds nothing a flat collection does not say.
        let flat = shapes.flatMap { shape -> [Shape] in
            if case .collection(let members) = shape { return members }
            return [shape]
        }
        if flat.isEmpty { return }
        add(flat.count == 1 ? flat[0] : .collection(flat))
    }

    /// Hands a finished shape to the enclosing MultiGeometry, or to the feature.
    private func add(_ shape: consuming Shape) {
        if innermostFrameKind == .multi, case .multi(let kind, var shapes)? = frames.popLast() {
            shapes.append(shape)
            frames.append(.multi(kind, shapes))
        } else if draft?.firstShape == nil {
            draft?.firstShape = consume shape
        } else {
            draft?.rareParts.laterShapes.append(shape)
        }
    }

    // MARK: - Finishing a feature

    private func finishFeature() {
        readingFeature = false
        guard var d = draft.take() else { return }
        // Most placemarks have none of the rare parts: then this is nil, and nothing is read from it.
        let rare = d.rare
        // The parts are moved out of the draft into locals, and the Feature is made once from
        // them (a Feature is large, and a copy retains each part).
        var properties = Properties()
        swap(&properties, &draftProperties)
        // Geometry.
        var shape: Shape?
        var overlay: OverlayKind?
        switch d.element {
        case .screenOverlay:
            // Fixed on the screen, not on the map: a feature without geometry.
            overlay = .screenOverlay
        case .photoOverlay:
            // A photo placed in the view from its Point.
            overlay = .photoOverlay
            shape = d.firstShape.take()
        case .groundOverlay:
            overlay = .groundOverlay
            if let quad = rare?.quad, quad.count >= 3 {
                shape = .polygon(Polygon(outer: quad + [quad[0]]))
            } else if let box = rare?.box, let n = box.north, let s = box.south, let e = box.east, let w = box.west {
                shape = boxShape(Self.boxCorners(north: n, south: s, east: e, west: w, rotation: rare?.rotation ?? 0))
            }
        case .networkLink:
            overlay = .networkLink
            if let box = rare?.box, let n = box.north, let s = box.south, let e = box.east, let w = box.west {
                shape = boxShape(Self.boxCorners(north: n, south: s, east: e, west: w, rotation: 0))
            }
        default:
            if let laterShapes = rare?.laterShapes, !laterShapes.isEmpty, let first = d.firstShape.take() {
                // Sibling geometries (several MultiGeometry elements, say) form one collection.
                shape = .collection(([first] + laterShapes).flatMap { shape -> [Shape] in
                    if case .collection(let members) = shape { return members }
                    return [shape]
                })
            } else {
                shape = d.firstShape.take()
            }
        }
        // Most placemarks have no key that the steps below look for: one pass over the keys
        // says so, and spares each step its own lookups.
        let hasSpecialKey = d.mayHaveSpecialKey
        // The entries' count, read in place (the collection's `count` is a call).
        let propertyCount = properties.entries.count
        if propertyCount > propertyRoom { propertyRoom = min(propertyCount, Self.propertyRoomLimit) }
        // Data named like a field the placemark's own element fills, with another value, would
        // take that field's place in GeoJSON: it is kept beside it as data:KEY.
        // (Three calls, not a loop over an array made for each feature.)
        // (`properties` passed in place, not captured, so that it can be moved into the feature.)
        func keepApart(_ key: String, from field: String?, in properties: inout Properties) {
            guard let field, let value = properties[key], value != .string(field) else { return }
            warnOnce("data-\(key)", "ExtendedData '\(key)' differs from the placemark's <\(key)>; it is kept as 'data:\(key)'")
            var renamed = Properties()
            for entry in properties {
                renamed.append(key: entry.key == key ? "data:" + key : entry.key, value: entry.value)
            }
            properties = renamed
        }
        if hasSpecialKey {
            keepApart("name", from: d.title, in: &properties)
            keepApart("description", from: d.subtitle, in: &properties)
            keepApart("address", from: rare?.address, in: &properties)
            // A Multi* geometry MapBridge wrote as a MultiGeometry says so in its data: it comes back as
            // that type (a MultiGeometry from elsewhere stays a collection, as the file says).
            if case .string(let name)? = properties[KMLMultiGeometryMarker.key] {
                if let restored = KMLMultiGeometryMarker.restore(name, from: shape) {
                    shape = restored
                    properties[KMLMultiGeometryMarker.key] = nil
                } else if let kind = OverlayKind(rawValue: name) {
                    // An overlay written as a Placemark (a PhotoOverlay, or one that no longer fits its element).
                    if overlay == nil { overlay = kind }
                    properties[KMLMultiGeometryMarker.key] = nil
                }
            }
        }
        // Time.
        let time: FeatureTime?
        if let when = rare?.when {
            time = .instant(when)
        } else if let rare, rare.begin != nil || rare.end != nil {
            time = .span(begin: rare.begin, end: rare.end)
        } else {
            time = rare?.inheritedTime
        }
        // gx:SimpleArrayData: per-position values, as `coordinateProperties` (GPX tracks and
        // togeojson put them there): an array per name, or for several tracks an array of
        // such arrays (null for a track without that name). MapBridge writes what per-point
        // values a track cannot hold as a coordinateProperties object in the data: the arrays
        // join it.
        if let trackArrays = rare?.trackArrays, trackArrays.contains(where: { !$0.isEmpty }) {
            var existing: Properties?
            switch hasSpecialKey ? properties["coordinateProperties"] : nil {
            case nil: existing = Properties()
            case .object(let members)?: existing = members
            default: existing = nil
            }
            if let existing {
                var perPoint = Properties()
                var order: [String] = []
                for track in trackArrays { for entry in track where !order.contains(entry.name) { order.append(entry.name) } }
                for name in order {
                    let perTrack: [PropertyValue] = trackArrays.map { track in
                        track.first { $0.name == name }.map { .array($0.values) } ?? .null
                    }
                    perPoint[name] = trackArrays.count == 1 ? perTrack[0] : .array(perTrack)
                }
                for entry in existing where !perPoint.contains(key: entry.key) { perPoint.append(key: entry.key, value: entry.value) }
                properties["coordinateProperties"] = .object(perPoint)
            }
        }
        // Style: the shared one the styleUrl names, overridden by an inline Style.
        var style: Style?
        var highlightStyle: Style?
        var foreignMembers = Properties()
        if let url = d.styleURL {
            let resolved = styleSheet.resolve(url)
            style = resolved.normal
            highlightStyle = resolved.highlight
            if resolved.normal == nil && resolved.highlight == nil {
                // The style's id travels with the resolved style; a reference that resolves to
                // nothing here (another file's style, or a missing one) is kept as it was.
                foreignMembers["styleUrl"] = .string(url)
                if let id = KMLStyleSheet.localID(url) {
                    if styleSheet.hasMap(id) {
                        warnOnce("style-loop", "StyleMap '\(url)' leads to no Style (its pairs point back to StyleMaps in a loop, or nowhere); no style applies")
                    } else {
                        warnOnce("unknown-style", "styleUrl '\(url)' names no Style or StyleMap in this document")
                    }
                }
            }
        }
        if let inline = d.inlineStyle.take() {
            style = style.map { $0.overridden(by: inline) } ?? inline
        }
        // A style with nothing MapBridge reads (only a BalloonStyle or ListStyle, say) still
        // names its shared Style: the id is kept, so the styleUrl is not lost.
        if style?.isEmpty == true && style?.id == nil { style = nil }
        // The locals are consumed: moved into the feature, not copied into it and then released.
        var feature = Feature(id: d.id.take(), title: d.title.take(), subtitle: d.subtitle.take(), shape: consume shape,
                              properties: consume properties, style: consume style, time: consume time,
                              folderPath: rare?.folderPath ?? [], address: rare?.address, visibility: rare?.visibility,
                              altitudeMode: altitudeMode, highlightStyle: consume highlightStyle,
                              foreignMembers: consume foreignMembers, overlay: overlay, location: d.location.take())
        // Fields KML keeps in data (a marker's symbol, a title spelt `NAME`) go back to them.
        if hasSpecialKey { KMLDataMapping.restoreFields(of: &feature) }
        output.append(consume feature)
    }
}

