internal import CLibXML2
import MapBridgeJSON
import MapBridgeModel

extension KMLValidator {
    /// An element opens; `name` is its name as written (`gx:Track`), `id` its id attribute.
    /// - Parameter restartable: whether it is a KML `Document` or `Folder` with neither
    ///   namespace declarations nor namespaced attributes (see `KMLSchemaStream.restart`).
    func startElement(localName: String, name: String, id: String?, restartable: Bool = false) {
        applyPendingPops()
        let index: Int
        if stack.isEmpty {
            index = (rootCounts[name] ?? 0) + 1
            rootCounts[name] = index
        } else {
            index = (stack[stack.count - 1].childCounts[name] ?? 0) + 1
            stack[stack.count - 1].childCounts[name] = index
        }
        let start = here
        let checked = stack.isEmpty || stack[stack.count - 1].schemaChecked
        // Never the root: its end would end the validation.
        let restarts = restartable && !stack.isEmpty && options.schema?.restartsContainers == true
        stack.append(Frame(name: name, index: index, start: start, restartable: restarts, schemaChecked: checked))
        if let id { noteID(id, element: localName, at: start) }
        switch localName {
        case "coordinates":
            let parent = stack.count > 1 ? stack[stack.count - 2].name : ""
            // The parser reports an element with its `>` next: the text starts after it.
            scan = CoordinateScan(line: start.line, column: start.column + 1, parent: parent)
        case "styleUrl":
            styleURLText = []
        case "coord":
            coordText = []
        default:
            break
        }
    }

    /// Notes the root element's namespace: a built-in schema covers KML 2.2 only, so a file in
    /// one of Google's earlier namespaces (http://earth.google.com/kml/2.0, 2.1, 2.2) skips it,
    /// with one `info` finding, and its other checks run as usual.
    func checkRootNamespace(_ uri: String) {
        guard let schema = options.schema, schema.coversOnlyKML22, uri.hasPrefix("http://earth.google.com/kml/") else { return }
        schemaSkipped = true
        let at = stack.last?.start ?? here
        emit(Finding(rule: Rule.kmlSchema.id, severity: .info, message: Messages.olderNamespace(uri, schema: schema.name),
                     location: SourceLocation(file: fileName, line: at.line, column: at.column, pointer: path)))
    }

    /// The innermost element closes.
    func endElement(localName: String) {
        applyPendingPops()
        switch localName {
        case "coordinates":
            if var finished = scan {
                scan = nil
                finishCoordinates(&finished)
            }
        case "styleUrl":
            if let text = styleURLText {
                styleURLText = nil
                noteStyleURL(text)
            }
        case "coord":
            if let text = coordText {
                coordText = nil
                checkTrackCoordinate(text)
            }
        default:
            break
        }
        pendingPops += 1
    }

    /// Text inside the innermost element.
    func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
        applyPendingPops()
        if scan != nil {
            scanText(bytes)
        } else if styleURLText != nil, let count = styleURLText?.count, count < 4096 {
            styleURLText?.append(contentsOf: bytes.prefix(4096 - count))
        } else if coordText != nil, let count = coordText?.count, count < 256 {
            coordText?.append(contentsOf: bytes.prefix(256 - count))
        }
    }

    /// Checks a `gx:coord` of a `gx:Track`: `longitude latitude [altitude]`, separated by spaces.
    private func checkTrackCoordinate(_ bytes: [UInt8]) {
        let at = stack.last?.start ?? here
        let words = bytes.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
        var values: [Double] = []
        for word in words {
            guard let value = NumberParsing.lenientDouble(Array(word)) else {
                return report(.kmlCoordinates, Messages.trackNotANumber(String(decoding: word, as: UTF8.self)), at: at)
            }
            values.append(value)
        }
        guard values.count == 2 || values.count == 3 else {
            return report(.kmlCoordinates, Messages.trackCount(values.count), at: at)
        }
        if !(-180...180).contains(values[0]) { report(.lonOutOfRange, Messages.trackLongitude(values[0]), at: at) }
        if !(-90...90).contains(values[1]) { report(.latOutOfRange, Messages.trackLatitude(values[1]), at: at) }
    }

    // MARK: ids and styleUrl

    private func noteID(_ id: String, element: String, at place: (line: Int, column: Int)) {
        if element == "Style" || element == "StyleMap" || element == "CascadingStyle" { styleIDs.insert(id) }
        guard options.checksIDs else { return }
        if let first = ids.firstUse(of: id, at: place, pointer: { path }) {
            report(.duplicateID, Messages.duplicateID(id, line: first.line, column: first.column), at: place)
        }
    }

    private func noteStyleURL(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self).trimmingSpaces()
        // Only a reference inside this document ("#id") can be checked; "other.kml#id" and
        // URLs point elsewhere.
        guard text.hasPrefix("#"), text.count > 1 else { return }
        let id = String(text.dropFirst())
        if let k = styleReferenceIndex[id] {
            styleReferences[k].uses += 1
        } else {
            let at = stack.last?.start ?? here
            styleReferenceIndex[id] = styleReferences.count
            styleReferences.append(StyleReference(id: id, line: at.line, column: at.column, pointer: path, uses: 1))
        }
    }

    /// The checks that need the whole document: styles may be defined after their first use.
    func finishDocument() {
        for reference in styleReferences where !styleIDs.contains(reference.id) {
            report(.styleURLUnresolved, Messages.unresolved(reference.id, uses: reference.uses),
                   at: (reference.line, reference.column), pointer: reference.pointer)
        }
    }
}

extension KMLValidator {
    /// The messages of the KML rules.
    enum Messages {
        static let empty = "the file is empty; expected a KML document"
        static let cannotStart = "cannot start the XML parser"
        static let noKMLInArchive = "the KMZ archive holds no KML document (looked for doc.kml, then any .kml entry)"
        static let doctype = "the document has a DOCTYPE declaration; KML needs none, and MapBridge refuses DTDs and "
            + "entity declarations to stay safe from entity-expansion attacks: remove the <!DOCTYPE …> line"
        static let entities = "the document declares entities; MapBridge refuses them (entity-expansion attacks)"
        static func malformed(_ message: String) -> String { "malformed XML: \(message)" }
        /// A prefix used without its `xmlns:` declaration (MapBridge's converter reads on).
        static func undeclaredPrefix(_ message: String) -> String {
            let detail = message.hasSuffix(".") ? String(message.dropLast()) : message
            return "\(detail): declare the prefix with xmlns:… on <kml> (Google Earth and `mapbridge convert` read on without it)"
        }
        /// Bytes that are not UTF-8 in a document that names no other encoding.
        static func notUTF8(_ message: String) -> String {
            var bytes = ""
            if let at = message.firstRange(of: "Bytes: ") { bytes = " (bytes \(message[at.upperBound...]))" }
            return "the text is not UTF-8\(bytes), and its XML declaration names no other encoding: save it as UTF-8, "
                + "or name its encoding in <?xml version=\"1.0\" encoding=\"…\"?> (windows-1252 or ISO-8859-1 for most Western European files)"
        }
        static func olderNamespace(_ uri: String, schema: String) -> String {
            "the document is in Google's namespace \(uri), from before KML 2.2 became an OGC standard; "
                + "schema checks cover KML 2.2 (http://www.opengis.net/kml/2.2), so \(schema) was not applied "
                + "(the other checks were)"
        }
        static func schema(_ message: String, schema: String) -> String { "\(message) (schema: \(schema))" }
        static func duplicateID(_ id: String, line: Int, column: Int) -> String {
            "the id \"\(id)\" is already used by the element at line \(line), column \(column); ids must be unique"
        }
        static func unresolved(_ id: String, uses: Int) -> String {
            let more = uses > 1 ? " (used \(uses) times; this is the first)" : ""
            return "styleUrl \"#\(id)\" names no Style or StyleMap in this document\(more); define it or fix the reference"
        }
        static func notANumber(_ text: String, tuple: Int) -> String {
            "'\(text)' in coordinate tuple \(tuple) is not a number"
        }
        static func emptyNumber(tuple: Int) -> String {
            "coordinate tuple \(tuple) has an empty value between commas; write longitude,latitude[,altitude]"
        }
        static func oneNumber(tuple: Int) -> String {
            "coordinate tuple \(tuple) has one number; write longitude,latitude[,altitude] with no spaces inside a tuple"
        }
        static func tooManyNumbers(_ n: Int, tuple: Int) -> String {
            "coordinate tuple \(tuple) has \(n) numbers; KML tuples are longitude,latitude[,altitude]"
        }
        static func longitude(_ lon: Double, tuple: Int) -> String {
            "longitude \(lon) in coordinate tuple \(tuple) is outside [-180, 180]"
        }
        static func latitude(_ lat: Double, tuple: Int) -> String {
            "latitude \(lat) in coordinate tuple \(tuple) is outside [-90, 90]"
        }
        static func swapped(_ lat: Double) -> String {
            "latitude \(lat) is beyond ±90, yet every tuple here would be in range with its first two numbers swapped: "
                + "KML tuples are longitude,latitude, this looks like latitude,longitude"
        }
        static func trackNotANumber(_ text: String) -> String {
            "'\(text)' in gx:coord is not a number; write longitude latitude altitude, separated by spaces"
        }
        static func trackCount(_ n: Int) -> String {
            "gx:coord has \(n) number\(n == 1 ? "" : "s"); write longitude latitude altitude, separated by spaces"
        }
        static func trackLongitude(_ lon: Double) -> String { "longitude \(lon) in gx:coord is outside [-180, 180]" }
        static func trackLatitude(_ lat: Double) -> String { "latitude \(lat) in gx:coord is outside [-90, 90]" }
        static func lineTooShort(_ n: Int) -> String { "a LineString needs 2 or more coordinate tuples, this one has \(n)" }
        static func ringTooShort(_ n: Int) -> String { "a LinearRing needs 4 or more coordinate tuples, this one has \(n)" }
        static func notClosed(first: [Double], last: [Double]) -> String {
            "the LinearRing is not closed: its first tuple \(tupleText(first)) differs from its last \(tupleText(last)); "
                + "repeat the first tuple at the end"
        }
        private static func tupleText(_ values: [Double]) -> String {
            values.map { "\($0)" }.joined(separator: ",")
        }
    }
}
