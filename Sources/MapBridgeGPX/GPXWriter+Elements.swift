import MapBridgeIO
import MapBridgeModel
import MapBridgeXML

extension GPXWriter {
    // MARK: - Metadata

    /// `metadata`: name, desc, author, links, time and keywords from the document; its other
    /// members in `<extensions>`.
    func writeMetadata(_ document: DocumentInfo) throws {
        var members = document.foreignMembers
        func take(_ key: String, _ accept: (PropertyValue) -> Bool = { $0.stringValue != nil }) -> PropertyValue? {
            guard let value = members[key], accept(value) else { return nil }
            members[key] = nil
            return value
        }
        for key in ["name", "description"] where members[key]?.stringValue != nil
            && members[key]?.stringValue == (key == "name" ? document.name : document.description)
        {
            members[key] = nil  // a GeoJSON collection's members repeat the document's own
        }
        let author = take("author")?.stringValue
        let email = take("email") { $0.stringValue.map(Self.emailParts) != nil }?.stringValue.flatMap(Self.emailParts)
        let copyright = take("copyright", Self.isCopyright)
        let links = take("links") { GPXLink.links($0) != nil }.flatMap(GPXLink.links) ?? []
        let time = take("time") { $0.stringValue.map(GPXValues.isDateTime) ?? false }?.stringValue
        let keywords = take("keywords")?.stringValue
        guard document.name != nil || document.description != nil || author != nil || email != nil
            || copyright != nil || !links.isEmpty || time != nil || keywords != nil || !members.isEmpty
        else { return }
        try main.open("metadata", break: .before)
        if let name = document.name { try main.leaf("name", name) }
        if let description = document.description { try main.leaf("desc", description) }
        if author != nil || email != nil {
            try main.open("author")
            if let author { try main.leaf("name", author) }
            if let email { try main.empty("email", [("id", email.id), ("domain", email.domain)]) }
            try main.close("author")
        }
        if case .object(let c)? = copyright {
            try main.open("copyright", ("author", c["author"]?.stringValue ?? ""))
            if let year = c["year"]?.stringValue { try main.leaf("year", year) }
            if let license = c["license"]?.stringValue { try main.leaf("license", license) }
            try main.close("copyright")
        }
        try writeLinks(links, into: &main)
        if let time { try main.leaf("time", time) }
        if let keywords { try main.leaf("keywords", keywords) }
        try writeExtensions(members.map { ($0.key, $0.value, false) }, lineStyle: nil, garmin: [], into: &main)
        try main.close("metadata")
    }

    /// Whether a `copyright` member fits `copyrightType`: an object with a text `author`, a
    /// four-digit `year` and a text `license`, each but the author optional.
    private static func isCopyright(_ value: PropertyValue) -> Bool {
        guard case .object(let c) = value, c["author"]?.stringValue != nil,
            c.keys.allSatisfy({ ["author", "year", "license"].contains($0) }),
            c["license"].map({ $0.stringValue != nil }) ?? true
        else { return false }
        guard let year = c["year"] else { return true }
        guard let text = year.stringValue else { return false }
        return text.utf8.count == 4 && text.utf8.allSatisfy { (48...57).contains($0) }
    }

    /// `id@domain` split for GPX's `emailType`.
    private static func emailParts(_ text: String) -> (id: String, domain: String)? {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        return (String(parts[0]), String(parts[1]))
    }

    // MARK: - Waypoints

    func writeWaypoint(_ feature: Feature, at c: Coordinate, radius: Double?) throws {
        var body = GPXFeatureFields(feature, isWaypoint: true, lineStart: nil, carried: []).body
        if let radius, !feature.properties.contains(key: "radius") {
            body.extensions.append(("radius", .number(NumberValue(radius)), false))
        }
        try writePoint("wpt", c, body, into: &main)
    }

    // MARK: - Routes and tracks

    func writeLine(_ feature: Feature, parts: GPXShapeParts, asRoute: Bool) throws {
        let perPoint = parts.perPointValuesApply ? GPXPerPointColumns(feature, lines: parts.lines) : nil
        if parts.perPointValuesApply && perPoint == nil && feature.properties["coordinateProperties"] != nil {
            note("gpx-per-point", "a coordinateProperties value whose arrays do not match the points is written whole, as JSON text in <extensions>",
                 at: feature.location)
        }
        var carried: Set<String> = perPoint == nil ? [] : ["coordinateProperties"]
        let style = feature.style
        if style?.strokeColor != nil { carried.insert("stroke") }
        if style?.strokeOpacity != nil { carried.insert("stroke-opacity") }
        if style?.strokeWidth != nil { carried.insert("stroke-width") }
        let lineStart = parts.lines.first?.times?.first ?? perPoint?.firstTime
        let fields = GPXFeatureFields(feature, isWaypoint: false, lineStart: lineStart, carried: carried)
        var xml = try lineOutput(route: asRoute)
        try xml.open(asRoute ? "rte" : "trk", break: .around)
        try writeDescription(fields.body, into: &xml)
        if let number = fields.number { try xml.leaf("number", number) }
        if let type = fields.body.type { try xml.leaf("type", type) }
        try writeExtensions(fields.body.extensions, lineStyle: style, garmin: [], into: &xml)
        for (index, line) in parts.lines.enumerated() {
            if !asRoute { try xml.open("trkseg", break: .around) }
            for (k, c) in line.coordinates.enumerated() {
                let values = perPoint?.values(line: index, point: k) ?? []
                let body = GPXPointBody(time: line.times?[k], values: values)
                try writePoint(asRoute ? "rtept" : "trkpt", c, body, into: &xml)
            }
            if !asRoute { try xml.close("trkseg", break: .around) }
        }
        try xml.close(asRoute ? "rte" : "trk", break: .around)
        storeLineOutput(xml, route: asRoute)
    }

    // MARK: - Points

    /// A `wpt`, `rtept` or `trkpt` with its children in the schema's order.
    private func writePoint(_ element: StaticString, _ c: Coordinate, _ body: GPXPointBody,
                            into xml: inout XMLOutput) throws
    {
        if !(-90...90).contains(c.latitude) || !(-180...180).contains(c.longitude) {
            note("gpx-range", "a position lies outside GPX's ranges (latitude −90…90, longitude −180 up to 180); it is written as given, which the GPX schema rejects")
        }
        let lat = GPXValues.degrees(c.latitude, text: c.sourceText(of: .latitude), precision: options.precision)
        let lon = GPXValues.longitude(c.longitude, text: c.sourceText(of: .longitude), precision: options.precision)
        try xml.open(element, attributes: [("lat", lat), ("lon", lon)], break: .before)
        if let altitude = c.altitude {
            try xml.leaf("ele", GPXValues.degrees(altitude, text: c.sourceText(of: .altitude), precision: options.precision))
        }
        let timeIsDateTime = body.time.map(GPXValues.isDateTime) ?? false
        if let time = body.time {
            if timeIsDateTime {
                try xml.leaf("time", time)
            } else {
                note("gpx-time", "a point's time '\(time)' is not an xsd:dateTime; GPX cannot hold it, so it is written in <extensions>")
            }
        }
        for key in GPXPointBody.fieldOrderBeforeLinks { try writeField(key, body.fields[key], into: &xml) }
        try writeDescription(body, into: &xml)
        if let sym = body.sym { try xml.leaf("sym", sym) }
        if let type = body.type { try xml.leaf("type", type) }
        for key in GPXPointBody.fieldOrderAfterType { try writeField(key, body.fields[key], into: &xml) }
        var extensions = body.extensions
        if let time = body.time, !timeIsDateTime { extensions.insert(("times", .string(time), true), at: 0) }
        try writeExtensions(extensions, lineStyle: nil, garmin: body.garmin, into: &xml)
        try xml.close(element)
    }

    private func writeField(_ key: String, _ text: String?, into xml: inout XMLOutput) throws {
        guard let text else { return }
        // The field names are GPX's own, checked by GPXFeatureFields and GPXPointBody.
        try xml.leaf(prefix: "", localName: key, text)
    }

    /// `name`, `cmt`, `desc`, `src` and the `link`s, which points, routes and tracks share in
    /// this order.
    private func writeDescription(_ body: GPXPointBody, into xml: inout XMLOutput) throws {
        if let name = body.name { try xml.leaf("name", name) }
        if let cmt = body.cmt { try xml.leaf("cmt", cmt) }
        if let desc = body.desc { try xml.leaf("desc", desc) }
        if let src = body.src { try xml.leaf("src", src) }
        try writeLinks(body.links, into: &xml)
    }

    private func writeLinks(_ links: [GPXLink], into xml: inout XMLOutput) throws {
        for link in links {
            try xml.open("link", ("href", link.href))
            if let text = link.text { try xml.leaf("text", text) }
            if let type = link.type { try xml.leaf("type", type) }
            try xml.close("link")
        }
    }
}
