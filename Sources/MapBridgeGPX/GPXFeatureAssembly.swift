import MapBridgeIO
import MapBridgeJSON
import MapBridgeModel
import MapBridgeXML

/// Finished drafts into features and the document (see `GPXMapping` for the table).
enum GPXFeatureAssembly {
    /// A `wpt` as an annotation.
    static func waypoint(_ p: GPXPointDraft, notes: GPXNotes) -> Feature {
        var feature = Feature(shape: .annotation(p.positioned), location: p.location)
        var style = Style()
        apply(p.children, to: &feature, style: &style, isWaypoint: true, notes: notes)
        feature.style = style.isEmpty ? nil : style
        return feature
    }

    /// A `rte` or `trk` as a polyline, or several; `nil` when no segment has two points.
    static func line(_ d: GPXLineFeatureDraft, notes: GPXNotes, limits: ReadLimits = ReadLimits()) -> Feature? {
        let element = d.kind.rawValue
        let lines = d.lines.filter(\.isLine)
        let name = d.children.text(.name).map { " '\($0.trimmingSpaces())'" } ?? ""
        guard !lines.isEmpty else {
            let placed = d.lines.filter { !$0.coordinates.isEmpty }
            if placed.count == 1, placed[0].coordinates.count == 1 {
                notes.warnOnce("gpx-one-point-\(element)", "a <\(element)> with a single point is not a line; it is kept as a Point with its time and values (first: <\(element)>\(name))",
                               at: d.location)
                return onePoint(d, placed[0], notes: notes, limits: limits)
            }
            notes.warnOnce("gpx-empty-\(element)", "a <\(element)> without two or more points is not a line and is left out (first: <\(element)>\(name))",
                           at: d.location)
            // Its name is all that is left of it: every one is named at the end (`GPXNotes.finish`).
            notes.droppedLine("<\(element)>" + (name.isEmpty ? " at line \(d.location.line)" : name))
            return nil
        }
        if lines.count < d.lines.count {
            notes.warnOnce("gpx-short-segment", "a track segment with fewer than two points is not a line and is left out (first in <trk>\(name))",
                           at: d.location)
        }
        let polylines = lines.map { Polyline($0.coordinates, times: $0.completeTimes) }
        var feature = Feature(shape: polylines.count == 1 ? .polyline(polylines[0]) : .multiPolyline(polylines),
                              location: d.location)
        feature.properties.append(key: "_gpxType", value: .string(element))
        var style = Style()
        apply(d.children, to: &feature, style: &style, isWaypoint: false, notes: notes)
        feature.style = style.isEmpty ? nil : style
        // The line's time is when it starts, unless an extension says otherwise.
        if feature.properties["time"] == nil, let first = lines.lazy.compactMap(\.firstTime).first {
            feature.properties["time"] = .string(first)
        }
        let perPoint = coordinateProperties(lines, maximumNames: limits.maximumPointNames) { kept, all in
            notes.warnOnce("gpx-point-names", "<\(element)>\(name) has \(all) distinct per-point value names, more than the \(kept) kept (\(Setting.maximumPointNames.mention(value: "\(kept)", argument: "\(kept)"))); the values of the other \(all - kept) are left out. Each name is written as an array with an entry for every point, so many names make the output points × names large: raise \(Setting.maximumPointNames.mention(argument: "N")) to keep more",
                           at: d.location)
        }
        if d.kind == .track || !perPoint.isEmpty {
            feature.properties["coordinateProperties"] = .object(perPoint)
        }
        return feature
    }

    /// A route or track of one point as a Point feature: the line's fields, the point's time as
    /// the feature's, and its other values as properties (named as `coordinateProperties`
    /// names them).
    private static func onePoint(_ d: GPXLineFeatureDraft, _ line: GPXLineDraft, notes: GPXNotes,
                                 limits: ReadLimits) -> Feature {
        var feature = Feature(shape: .annotation(line.coordinates[0]), location: d.location)
        feature.properties.append(key: "_gpxType", value: .string(d.kind.rawValue))
        var style = Style()
        apply(d.children, to: &feature, style: &style, isWaypoint: false, notes: notes)
        feature.style = style.isEmpty ? nil : style
        if let time = line.time(at: 0) {
            feature.time = .instant(time)
            // Spelt `time` like a waypoint's, unless the line's own <time> holds that key.
            if !feature.properties.contains(key: "time") { feature.placeField(.time, key: "time", sourceValue: .string(time)) }
        }
        // One point's values are as many as its elements: every name is kept.
        for entry in coordinateProperties([line], maximumNames: .max, tooMany: { _, _ in }) where entry.key != "times" {
            guard case .array(let values) = entry.value, let value = values.first, value != .null else { continue }
            if !feature.properties.contains(key: entry.key) { feature.properties.append(key: entry.key, value: value) }
        }
        return feature
    }

    /// The metadata (GPX 1.0: the `gpx` element's own children) as the document.
    static func document(_ c: GPXChildren, author: String?, email: String?, copyright: Properties?,
                         notes: GPXNotes) -> DocumentInfo {
        var document = DocumentInfo()
        var members = Properties()
        for (tag, value) in c.fields {
            switch tag {
            case .name: document.name = value.stringValue?.trimmingSpaces()
            case .desc: document.description = value.stringValue
            case .url, .urlname: break
            default: members[tag.rawValue] = value
            }
        }
        if let author { members["author"] = .string(author) }
        if let email { members["email"] = .string(email) }
        if let copyright { members["copyright"] = .object(copyright) }
        let links = c.allLinks
        if !links.isEmpty { members["links"] = .array(links) }
        var extensionKeys = Set<String>()
        for leaf in c.extensions {
            forEachFeatureValue(leaf) { key, value in
                members[keptKey(key, in: members, seen: &extensionKeys, leaf: leaf, notes: notes)] = value
            }
        }
        document.foreignMembers = members
        return document
    }

    // MARK: - Feature fields

    private static func apply(_ c: GPXChildren, to feature: inout Feature, style: inout Style, isWaypoint: Bool,
                              notes: GPXNotes) {
        for (tag, value) in c.fields {
            switch tag {
            case .name:
                feature.title = value.stringValue
            case .desc:
                // The field, written back as `desc` by formats built on properties (as togeojson names it).
                feature.subtitle = value.stringValue
                if feature.subtitle != nil { feature.placeField(.subtitle, key: "desc", sourceValue: value) }
            case .time:
                if isWaypoint, let t = value.stringValue {
                    feature.time = .instant(t)
                    feature.placeField(.time, key: "time", sourceValue: value)
                } else {
                    feature.properties["time"] = value
                }
            case .sym:
                var marker = style.marker ?? MarkerStyle()
                marker.symbol = value.stringValue
                style.marker = marker
                if marker.symbol != nil { feature.placeField(.markerSymbol, key: "sym", sourceValue: value) }
            case .ele where isWaypoint, .url, .urlname:
                break  // the altitude; the links
            default:
                feature.properties[tag.rawValue] = value
            }
        }
        let links = c.allLinks
        if !links.isEmpty { feature.properties["links"] = .array(links) }
        var displayColor: Color?
        var extensionKeys = Set<String>()
        for leaf in c.extensions {
            if !isWaypoint, applyLineStyle(leaf, to: &style) { continue }
            forEachFeatureValue(leaf) { key, value in
                feature.properties[keptKey(key, in: feature.properties, seen: &extensionKeys, leaf: leaf, notes: notes)] = value
            }
            if leaf.name.localName == "DisplayColor" { displayColor = garminColors[leaf.text] }
        }
        if style.strokeColor == nil, let displayColor { style.strokeColor = displayColor }
    }

    /// The key an extension leaf's value is kept under: `key`, or when an earlier extension
    /// element of the same feature gave `key` already, the first free `key_2`, `key_3` …
    /// (`Properties.freeKey`), with a warning, so that a repeated element loses no value.
    private static func keptKey(_ key: String, in properties: Properties, seen: inout Set<String>,
                                leaf: GPXExtensionLeaf, notes: GPXNotes) -> String {
        guard !seen.insert(key).inserted else { return key }
        let kept = properties.freeKey(for: key)
        seen.insert(kept)
        notes.repeatedExtension(key, keptAs: kept, at: leaf.location)
        return kept
    }

    /// gpx_style's `line`: `color` (rrggbb), `opacity` (0…1) and `width` (millimetres).
    private static func applyLineStyle(_ leaf: GPXExtensionLeaf, to style: inout Style) -> Bool {
        guard let container = leaf.container, container.localName == "line",
            container.namespace == GPXMapping.styleNamespace || GPXMapping.isGPXNamespace(container.namespace)
        else { return false }
        switch leaf.name.localName {
        case "color":
            guard let color = Color(hex: leaf.text) else { return false }
            style.strokeColor = color
        case "opacity":
            guard let opacity = Double(leaf.text), (0...1).contains(opacity) else { return false }
            style.strokeOpacity = opacity
        case "width":
            guard let mm = NumberParsing.lenientDouble(Array(leaf.text.utf8)), mm >= 0 else { return false }
            style.strokeWidth = GPXMapping.pixels(millimetres: mm)
        default:
            return false
        }
        return true
    }

    /// Garmin's `DisplayColor` names.
    private static let garminColors: [String: Color] = [
        "Black": "000000", "DarkRed": "8b0000", "DarkGreen": "006400", "DarkYellow": "808000", "DarkBlue": "00008b",
        "DarkMagenta": "8b008b", "DarkCyan": "008b8b", "LightGray": "d3d3d3", "DarkGray": "a9a9a9", "Red": "ff0000",
        "Green": "00ff00", "Yellow": "ffff00", "Blue": "0000ff", "Magenta": "ff00ff", "Cyan": "00ffff",
        "White": "ffffff",
    ].compactMapValues { Color(hex: $0) }

    // MARK: - Extension values

    /// Calls `body` with each property a feature's (or the document's) extension leaf
    /// holds: one (see `featureValue`), or the members of MapBridge's `<mb:property
    /// type="members">` object, in order.
    static func forEachFeatureValue(_ leaf: GPXExtensionLeaf, _ body: (String, PropertyValue) -> Void) {
        if leaf.name.namespace == GPXMapping.mapBridgeNamespace, leaf.attribute("name") == nil,
           leaf.name.localName == "property", leaf.attribute("type") == GPXMapping.membersType
        {
            let tokenizer = JSONTokenizer(source: ByteSource(bytes: Array(leaf.text.utf8)))
            if case .object(let members)? = try? tokenizer.value(startingWith: tokenizer.next()) {
                for entry in members { body(entry.key, entry.value) }
                return
            }
        }
        let (key, value) = featureValue(leaf)
        body(key, value)
    }

    /// A feature's (or the document's) extension leaf as a property: `prefix_name` (or `name`
    /// without a prefix), its text as text, as togeojson and GDAL give them; MapBridge's own
    /// elements by the name and type they were written with.
    static func featureValue(_ leaf: GPXExtensionLeaf) -> (key: String, value: PropertyValue) {
        if leaf.name.namespace == GPXMapping.mapBridgeNamespace {
            return (leaf.attribute("name") ?? leaf.name.localName, typed(leaf))
        }
        let key = leaf.name.prefix.map { "\($0)_\(leaf.name.localName)" } ?? leaf.name.localName
        return (key, leaf.attributesOnly ?? .string(leaf.text))
    }

    /// A point's extension leaf as a per-point value: named by `GPXMapping.perPointKey`, a
    /// number when its text is a JSON number (so no text is lost), else text.
    static func pointValue(_ leaf: GPXExtensionLeaf) -> (key: String, value: PropertyValue) {
        if leaf.name.namespace == GPXMapping.mapBridgeNamespace {
            return (leaf.attribute("name") ?? GPXMapping.perPointKey(leaf.name.localName), typed(leaf))
        }
        let key = GPXMapping.perPointKey(leaf.name.localName)
        if let attributes = leaf.attributesOnly { return (key, attributes) }
        let bytes = Array(leaf.text.utf8)
        if NumberParsing.grammarProblem(bytes) == nil, let value = NumberParsing.lenientDouble(bytes) {
            return (key, .number(NumberValue(text: leaf.text, value: value)))
        }
        return (key, .string(leaf.text))
    }

    /// A MapBridge extension element's value by its `type` attribute (`number`, `boolean`,
    /// `null`, `json`; none for text).
    private static func typed(_ leaf: GPXExtensionLeaf) -> PropertyValue {
        switch leaf.attribute("type") {
        case "number": return NumberParsing.lenientNumber(leaf.text).map(PropertyValue.number) ?? .string(leaf.text)
        case "boolean": return .bool(leaf.text == "true")
        case "null": return .null
        case "json":
            let tokenizer = JSONTokenizer(source: ByteSource(bytes: Array(leaf.text.utf8)))
            return (try? tokenizer.value(startingWith: tokenizer.next())) ?? .string(leaf.text)
        default: return .string(leaf.text)
        }
    }

    // MARK: - Per-point values

    /// The points' values as `coordinateProperties`: for one line an array per name, for
    /// several an array of such arrays (one per line, all `null` where a line has none).
    /// Times travel in `Polyline.times`; only when some points lack one are they kept here,
    /// with `null` for those. Only the first `maximumNames` names met are kept (each costs an
    /// entry per point); `tooMany` hears how many were kept of how many.
    private static func coordinateProperties(_ lines: [GPXLineDraft], maximumNames: Int,
                                             tooMany: (_ kept: Int, _ all: Int) -> Void) -> Properties
    {
        var keys: [String] = []
        var seen: Set<String> = []
        for line in lines { for key in line.values.keys where seen.insert(key).inserted { keys.append(key) } }
        let kept = max(maximumNames, 0)
        if keys.count > kept {
            tooMany(kept, keys.count)
            keys.removeSubrange(kept...)
            seen = Set(keys)
        }
        let hasTimes = lines.contains(where: \.hasTimes)
        let timesComplete = lines.allSatisfy { $0.completeTimes != nil }
        func column(_ line: GPXLineDraft, _ key: String) -> [PropertyValue] {
            if key == "times" { return line.times.indices.map { line.time(at: $0).map(PropertyValue.string) ?? .null } }
            return line.values.column(key, count: line.coordinates.count)
                ?? Array(repeating: .null, count: line.coordinates.count)
        }
        if hasTimes && !timesComplete && !seen.contains("times") { keys.insert("times", at: 0) }
        var result = Properties()
        for key in keys {
            let value: PropertyValue = lines.count == 1
                ? .array(column(lines[0], key))
                : .array(lines.map { .array(column($0, key)) })
            result.append(key: key, value: value)
        }
        return result
    }
}

extension GPXLineDraft {
    /// Adds a finished point: its position, its time and its other values. An extension name
    /// repeated in one point keeps every value: the later ones as `name_2`, `name_3` …
    /// (reported through `notes`), as for a feature's extensions.
    mutating func append(_ p: GPXPointDraft, notes: GPXNotes) {
        let row = coordinates.count
        coordinates.append(p.positioned)
        // A point's time is added as it is read (`GPXFeatureBuilder.addPointField`).
        if !p.hasTime {
            untimed.append(row)
            times.append("")
        }
        for (tag, value) in p.children.fields {
            switch tag {
            case .time, .ele, .url, .urlname: continue
            default: values.set(GPXMapping.perPointKey(tag.rawValue), value, row: row)
            }
        }
        let links = p.children.allLinks
        if !links.isEmpty { values.set("links", .array(links), row: row) }
        for leaf in p.children.extensions {
            let (key, value) = GPXFeatureAssembly.pointValue(leaf)
            var kept = key
            if values.has(key, row: row) {
                var n = 2
                while values.has("\(key)_\(n)", row: row) { n += 1 }
                kept = "\(key)_\(n)"
                notes.repeatedExtension(key, keptAs: kept, at: leaf.location ?? p.location)
            }
            values.set(kept, value, row: row)
        }
    }
}
