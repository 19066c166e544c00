import MapBridgeJSON
import MapBridgeModel
import MapBridgeXML

/// Turns SAX events into features: the GPX state machine. Finished features go to `output`.
///
/// One builder serves one pass over the file and builds the kinds of feature in `kinds`,
/// skipping the others' elements unread (see `GPXReader` for why a file may be read more
/// than once); only the first pass reads the metadata.
final class GPXFeatureBuilder: XMLEventHandler {
    /// The parser that drives the builder (on this thread or replaying another's), asked for
    /// locations. Not counted: the parser keeps the builder (its handler) alive and the reader
    /// keeps both together, so the parser outlives every call the builder makes on it (a weak
    /// reference cost a checked load at every point).
    unowned(unsafe) var parser: (any XMLEventSource)?
    let notes: GPXNotes
    let kinds: Set<GPXFeatureKind>
    let readsDocument: Bool
    @exclusivity(unchecked) private var output: [Feature] = []
    var document = DocumentInfo()
    var problem: MapBridgeError?
    /// Whether the metadata is behind (the first feature, or the end, has been reached).
    private(set) var isPastMetadata = false

    @exclusivity(unchecked) private var stack: [GPXElement] = []
    @exclusivity(unchecked) private var text = XMLTextBuffer()
    /// Set while the elements of a feature of a kind this pass does not build go by: the
    /// depth of that feature's element.
    private var skipDepth: Int?
    @exclusivity(unchecked) private var waypoint: GPXPointDraft?
    /// The route or track point being read, while `isInPoint`: one draft, started afresh at
    /// each point where it is (see `GPXPointDraft`).
    @exclusivity(unchecked) private var point = GPXPointDraft(location: SourceLocation(file: "-", line: 1, column: 1))
    @exclusivity(unchecked) private var isInPoint = false
    @exclusivity(unchecked) private var line: GPXLineFeatureDraft?
    private var documentChildren = GPXChildren()
    private var documentAuthor: String?
    private var documentEmail: String?
    /// `copyright`: its `author`, `year` and `license`.
    private var documentCopyright: Properties?
    /// The `link` being read: its `href`, `text` and `type`.
    private var link: Properties?
    /// The extension tree being read, and the depth of the element it belongs to.
    private var extensionTree: GPXExtensionTree?
    private var extensionBase = 0
    /// Whether the tree's root is a foreign element itself (GPX 1.0), not `extensions`.
    private var extensionRootIsElement = false

    /// How large one track, text or set of per-point names may grow.
    let limits: ReadLimits

    init(kinds: Set<GPXFeatureKind>, readsDocument: Bool, notes: GPXNotes, limits: ReadLimits = ReadLimits()) {
        self.limits = limits
        self.kinds = kinds
        self.readsDocument = readsDocument
        self.notes = notes
    }

    /// The features finished since the last call.
    func takeOutput() -> [Feature] {
        defer { output.removeAll(keepingCapacity: true) }
        return output
    }

    /// A prefix used without its `xmlns:` declaration: read on, said once per file.
    func namespaceWarning(_ message: String, line: Int, column: Int) {
        var at = location
        at.line = line
        at.column = column
        let detail = message.hasSuffix(".") ? String(message.dropLast()) : message
        notes.warnOnce("xml-namespace", "\(detail) (read on; declare the prefix with xmlns:… on <gpx>)", at: at)
    }

    var location: SourceLocation {
        parser?.location ?? SourceLocation(file: "-", line: 1, column: 1)
    }

    private var textString: String { text.string }

    private func parent(_ k: Int = 1) -> GPXElement? {
        stack.count > k ? stack[stack.count - 1 - k] : nil
    }

    // MARK: - SAX events

    /// A route or track point (nearly every element of a big file) is read from its
    /// attributes' bytes in place, and a child of a point that holds a value (`ele`, `time` …)
    /// only starts its text (its attributes mean nothing); any other element is read from its
    /// attributes as strings.
    func startElement(_ name: GPXElement, attributeList: XMLAttributeList) {
        if skipDepth == nil, extensionTree == nil, line != nil, let tag = name.tag {
            if isInPoint, tag.isPointField {
                // `startElement(_:attributes:)` does no more for them (no case of its own).
                stack.append(name)
                text.removeAll()
                return
            }
            if tag == .trkpt || tag == .rtept, stack.count >= 2, stack.last?.tag == (tag == .trkpt ? .trkseg : .rte) {
                stack.append(name)
                text.removeAll()
                startPoint(attributeList)
                return
            }
        }
        startElement(name, attributes: attributeList.pairs)
    }

    func startElement(_ name: GPXElement, attributes: XMLAttributes) {
        stack.append(name)
        text.removeAll()
        if skipDepth != nil { return }
        if extensionTree != nil {
            extensionTree?.start(name.qualifiedName, attributes: attributes)
            return
        }
        let depth = stack.count
        switch name {
        case .tag(.gpx) where depth == 1:
            break
        case _ where depth == 1:
            fail("the document's root element is <\(name.qualifiedName.localName)>, not <gpx>: this is not a GPX file")
        case .tag(let tag) where depth == 2 && tag.featureKind != nil:
            passMetadata()
            startFeature(tag.featureKind ?? .waypoint, attributes: attributes)
        case .tag(.wpt) where line != nil && !isInPoint && waypoint == nil:
            // OpenRouteService and others put waypoints inside <trk>, where GPX has no place
            // for them: read as waypoints (as GDAL does), in document order, with the line.
            notes.warnOnce("gpx-nested-wpt", "<wpt> inside a <\(line?.kind.rawValue ?? "trk")>, where GPX does not allow waypoints: read as a waypoint of its own; the line keeps its own name",
                           at: location)
            guard let p = GPXPointDraft(attributes: attributes, location: location) else {
                notes.badPosition("a waypoint", attributes, at: location)
                skipDepth = stack.count
                return
            }
            waypoint = p
        case .tag(.rtept) where parent()?.tag == .rte && line != nil,
            .tag(.trkpt) where parent()?.tag == .trkseg && line != nil:
            startPoint(XMLAttributeList(attributes))
        case .tag(.trkseg) where parent()?.tag == .trk && line != nil:
            line?.lines.append(GPXLineDraft())
        case .tag(.metadata) where depth == 2:
            if !readsDocument { skipDepth = depth }
        case .tag(.extensions):
            if depth == 2 { passMetadata() }
            startExtensions(rootIsElement: false, name: name, attributes: attributes)
        case .foreign:
            startExtensions(rootIsElement: true, name: name, attributes: attributes)
        case .tag(.link):
            link = ["href": .string(attributes.first { $0.name == "href" }?.value ?? "")]
        case .tag(.copyright) where readsDocument:
            documentCopyright = ["author": .string(attributes.first { $0.name == "author" }?.value ?? "")]
        case .tag(.email) where attributes.contains(where: { $0.name == "id" }):
            let part = { (key: String) in attributes.first { $0.name == key }?.value ?? "" }
            documentEmail = part("id") + "@" + part("domain")
        case .tag(.bounds):
            break  // derived from the points; `--bbox` computes it afresh
        case .tag:
            break
        case .other(let n):
            // Report the outermost unread element only, not everything inside it.
            if case .other? = parent() { break }
            notes.unread(n.qualified.localName, at: location)
        }
    }

    func characters(_ bytes: UnsafeBufferPointer<UInt8>, isCDATA: Bool) {
        guard skipDepth == nil else { return }
        guard text.count + bytes.count <= limits.maximumFeatureBytes else {
            if problem == nil {
                problem = limits.exceeded(.featureBytes, "this element's text is longer than \(limits.maximumFeatureBytes) bytes", at: location)
            }
            skipDepth = 1
            return
        }
        text.append(bytes)
    }

    func endElement(_ name: GPXElement) {
        defer { stack.removeLast() }
        if let skip = skipDepth {
            if stack.count == skip { skipDepth = nil }
            return
        }
        if extensionTree != nil {
            endExtensionElement()
            return
        }
        switch name {
        case .tag(.wpt) where stack.count == 2 || (line != nil && waypoint != nil):
            finishWaypoint()
        case .tag(.rte) where stack.count == 2, .tag(.trk) where stack.count == 2:
            finishLineFeature()
        case .tag(.rtept), .tag(.trkpt):
            finishPoint()
        case .tag(.link):
            if let l = link { children { $0.links.append(.object(l)) } }
            link = nil
        case .tag(.text) where parent()?.tag == .link, .tag(.type) where parent()?.tag == .link:
            link?[name.qualifiedName.localName] = .string(textString.trimmingSpaces())
        case .tag(.year) where parent()?.tag == .copyright, .tag(.license) where parent()?.tag == .copyright:
            documentCopyright?[name.qualifiedName.localName] = .string(textString.trimmingSpaces())
        case .tag(.name) where parent()?.tag == .author:
            documentAuthor = textString.trimmingSpaces()
        case .tag(.author) where documentAuthor == nil:
            let name = textString.trimmingSpaces()  // GPX 1.0: the author's name as text
            if !name.isEmpty { documentAuthor = name }
        case .tag(.email) where documentEmail == nil:
            let email = textString.trimmingSpaces()  // GPX 1.0
            if !email.isEmpty { documentEmail = email }
        case .tag(.gpx):
            isPastMetadata = true
            if readsDocument { finishDocument() }  // GPX 1.0 may say more after the features
        case .tag(let tag) where tag.isPointField || tag == .url || tag == .urlname:
            addField(tag)
        default:
            break
        }
    }

    // MARK: - Children shared by points, features and metadata

    /// Calls `body` with the children of the element that owns the one now closing: the point,
    /// else a waypoint (one inside a route or track too), else the route or track, else the
    /// metadata (GPX 1.1) or the document (1.0).
    private func children(_ body: (inout GPXChildren) -> Void) {
        // Taken out and put back so that the arrays inside are changed in place, not copied.
        if isInPoint {
            body(&point.children)
        } else if var w = waypoint.take() {
            body(&w.children)
            waypoint = w
        } else if var l = line.take() {
            body(&l.children)
            line = l
        } else if readsDocument {
            body(&documentChildren)
        }
    }

    private func addField(_ tag: GPXTag) {
        if isInPoint, tag == .ele || tag == .time {
            addPointField(tag)
            return
        }
        let value: PropertyValue
        switch tag {
        case .name, .desc, .cmt, .src, .type, .keywords:
            value = .string(textString)
        case _ where tag.isNumeric:
            // Read from the text's bytes; a `String` is made only of what is kept.
            if let number = NumberParsing.lenientNumber(text.bytes) {
                value = .number(number)
            } else {
                let trimmed = textString.trimmingSpaces()
                if trimmed.isEmpty { return }  // <ele></ele>: no value
                notes.warnOnce("gpx-number", "<\(tag.rawValue)>\(trimmed)</\(tag.rawValue)> is not a number; it is kept as text", at: location)
                value = .string(trimmed)
            }
        case .time:
            let t = NumberParsing.trimmingSpaces(text.bytes)
            let (trimmed, isDateTime) = (String(decoding: t, as: UTF8.self), t.isEmpty || GPXValues.isDateTime(utf8: t))
            if !isDateTime {
                notes.warnOnce("gpx-time", "<time>\(trimmed)</time> is not a valid xsd:dateTime (YYYY-MM-DDThh:mm:ss[Z|±hh:mm], each field in range); it is kept as text, and GPX output keeps it as a property, not as <time>",
                               at: location)
            }
            value = .string(trimmed)
        default:
            value = .string(textString.trimmingSpaces())
        }
        children { $0.fields.append((tag, value)) }
    }

    /// A route or track point's `ele` or `time`, read from the text's bytes: the first `ele`
    /// that is a number becomes the point's altitude, the first `time` goes straight to its
    /// line's times (a packed time makes no string). Later ones are not kept, as a point
    /// has one position and one time.
    private func addPointField(_ tag: GPXTag) {
        // The point and its line are changed where they are (taking them out would copy them).
        let trimmed = NumberParsing.trimmingSpaces(text.bytes)
        if tag == .ele {
            if let number = GPXPointDraft.elevation(trimmed) {
                if point.elevation == nil { point.elevation = number }
            } else if !trimmed.isEmpty {  // <ele></ele>: no value
                let shown = String(decoding: trimmed, as: UTF8.self)
                notes.warnOnce("gpx-number", "<ele>\(shown)</ele> is not a number; the point has no altitude", at: location)
            }
            return
        }
        if !trimmed.isEmpty && !GPXValues.isDateTime(utf8: trimmed) {
            let shown = String(decoding: trimmed, as: UTF8.self)
            notes.warnOnce("gpx-time", "<time>\(shown)</time> is not a valid xsd:dateTime (YYYY-MM-DDThh:mm:ss[Z|±hh:mm], each field in range); it is kept as text, and GPX output keeps it as a property, not as <time>",
                           at: location)
        }
        guard !point.hasTime else { return }
        line?.appendTime(utf8: trimmed)
        point.hasTime = true
    }

    // MARK: - Extensions

    private func startExtensions(rootIsElement: Bool, name: GPXElement, attributes: XMLAttributes) {
        guard isInPoint || waypoint != nil || line != nil || readsDocument else {
            skipDepth = stack.count  // the document's, read by the first pass only
            return
        }
        var tree = GPXExtensionTree()
        extensionRootIsElement = rootIsElement
        if rootIsElement {
            extensionBase = stack.count - 1
            tree.start(name.qualifiedName, attributes: attributes)
        } else {
            extensionBase = stack.count
        }
        extensionTree = tree
    }

    private func endExtensionElement() {
        if !extensionRootIsElement && stack.count == extensionBase {
            extensionTree = nil  // </extensions>
            return
        }
        if let leaf = extensionTree?.end(text: textString, at: location) {
            if leaf.isNested {
                notes.warnOnce("gpx-nested-extension", "extension elements nested more than two deep (such as <\(leaf.name.localName)>) are not read", at: location)
            } else {
                children { $0.extensions.append(leaf) }
            }
        }
        if extensionRootIsElement && stack.count == extensionBase + 1 { extensionTree = nil }
    }

    // MARK: - Features and points

    private func startFeature(_ kind: GPXFeatureKind, attributes: XMLAttributes) {
        guard kinds.contains(kind) else {
            skipDepth = stack.count
            return
        }
        switch kind {
        case .waypoint:
            guard let p = GPXPointDraft(attributes: attributes, location: location) else {
                notes.badPosition("a waypoint", attributes, at: location)
                skipDepth = stack.count
                return
            }
            waypoint = p
        case .route:
            line = GPXLineFeatureDraft(kind: .route, location: location, lines: [GPXLineDraft()])
        case .track:
            line = GPXLineFeatureDraft(kind: .track, location: location)
        }
    }

    private func startPoint(_ attributes: XMLAttributeList) {
        // Read in place, unless libxml2 handed a `&` over as `&#38;` (read from the expanded
        // text), into the draft where it stays.
        if let lat = attributes.valueBytes(of: "lat"), let lon = attributes.valueBytes(of: "lon"),
           !lat.contains(UInt8(ascii: "&")), !lon.contains(UInt8(ascii: "&"))
        {
            isInPoint = point.start(latitude: lat, longitude: lon, location: location)
        } else if let p = GPXPointDraft(attributes: attributes.pairs, location: location) {
            point = p
            isInPoint = true
        } else {
            isInPoint = false
        }
        guard isInPoint else {
            notes.badPosition(line?.kind == .route ? "a route point" : "a track point", attributes.pairs, at: location)
            skipDepth = stack.count
            return
        }
    }

    private func finishPoint() {
        guard isInPoint else { return }
        isInPoint = false
        guard let count = line?.appendPoint(point, notes: notes) else { return }
        if count > limits.maximumVertices, problem == nil {
            let kind = line?.kind.rawValue ?? "trk"
            problem = limits.exceeded(.vertices, "this <\(kind)> has more than \(limits.maximumVertices) points", at: location)
            skipDepth = 1
        }
    }

    private func finishWaypoint() {
        guard let p = waypoint.take() else { return }
        output.append(GPXFeatureAssembly.waypoint(p, notes: notes))
    }

    private func finishLineFeature() {
        guard let draft = line.take() else { return }
        if let feature = GPXFeatureAssembly.line(draft, notes: notes, limits: limits) { output.append(feature) }
    }

    /// The first feature (or the document's extensions) is reached: the document is known.
    private func passMetadata() {
        guard !isPastMetadata else { return }
        isPastMetadata = true
        if readsDocument { finishDocument() }
    }

    private func finishDocument() {
        document = GPXFeatureAssembly.document(documentChildren, author: documentAuthor, email: documentEmail,
                                               copyright: documentCopyright, notes: notes)
    }

    private func fail(_ message: String) {
        guard problem == nil else { return }
        problem = MapBridgeError(.data, message, at: location)
        skipDepth = 1
    }
}
