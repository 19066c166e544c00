import MapBridgeModel

extension ValidationReport {
    func start() throws {
        switch format {
        case .text, .github: break
        case .json:
            try emitter.beginObject()
            try emitter.key("files")
            try emitter.beginArray()
        case .sarif:
            try emitter.beginObject()
            try emitter.key("$schema")
            try emitter.string("https://json.schemastore.org/sarif-2.1.0.json")
            try emitter.key("version")
            try emitter.string("2.1.0")
            try emitter.key("runs")
            try emitter.beginArray()
            try emitter.beginObject()
            try emitter.key("tool")
            try emitter.beginObject()
            try emitter.key("driver")
            try emitter.beginObject()
            try emitter.key("name")
            try emitter.string("mapbridge")
            try emitter.key("informationUri")
            try emitter.string("https://github.com/mapbridge/mapbridge")
            try emitter.key("rules")
            try emitter.beginArray()
            for rule in Rule.catalogue {
                try emitter.beginObject()
                try emitter.key("id")
                try emitter.string(rule.id)
                try emitter.key("shortDescription")
                try emitter.beginObject()
                try emitter.key("text")
                try emitter.string(rule.explanation)
                try emitter.endObject()
                try emitter.key("defaultConfiguration")
                try emitter.beginObject()
                try emitter.key("level")
                try emitter.string(sarifLevel(rule.defaultSeverity))
                try emitter.endObject()
                try emitter.endObject()
            }
            try emitter.endArray()
            try emitter.endObject()
            try emitter.endObject()
            // Columns count UTF-16 code units, as SARIF 2.1.0 assumes; said outright.
            try emitter.key("columnKind")
            try emitter.string("utf16CodeUnits")
            if let workingDirectory {
                try emitter.key("originalUriBaseIds")
                try emitter.beginObject()
                try emitter.key(sarifSourceRoot)
                try emitter.beginObject()
                try emitter.key("uri")
                try emitter.string(fileURI(workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"))
                try emitter.endObject()
                try emitter.endObject()
            }
            try emitter.key("results")
            try emitter.beginArray()
        }
    }

    func openFile(_ path: String) throws {
        guard format == .json else { return }
        try emitter.beginObject()
        try emitter.key("path")
        try emitter.string(path)
        try emitter.key("findings")
        try emitter.beginArray()
    }

    func write(_ f: Finding) throws {
        let column = columns(of: f.location)
        switch format {
        case .text:
            let level = colour ? colourName(f.severity) : f.severity.rawValue
            var place = f.location
            place.column = column.characters
            // The place and the message may quote the file: shown escaped, one line each.
            try sink.write("\(place.description.escapedForDisplay()): \(level): [\(f.rule)] \(f.message.escapedForDisplay())\n")
        case .github:
            let command = f.severity == .info ? "notice" : f.severity.rawValue
            try sink.write("::\(command) file=\(githubProperty(f.location.file)),line=\(f.location.line),"
                + "col=\(column.characters),title=\(githubProperty(f.rule))::\(githubData("[\(f.rule)] \(f.message)"))\n")
        case .json:
            try emitter.beginObject()
            try emitter.key("rule")
            try emitter.string(f.rule)
            try emitter.key("severity")
            try emitter.string(f.severity.rawValue)
            try emitter.key("message")
            try emitter.string(f.message)
            try emitter.key("line")
            try emitter.number(f.location.line)
            try emitter.key("column")
            try emitter.number(column.characters)
            try emitter.key("byteColumn")
            try emitter.number(column.bytes)
            try emitter.key("pointer")
            try emitter.string(f.location.pointer ?? "")
            try emitter.endObject()
        case .sarif:
            try emitter.beginObject()
            try emitter.key("ruleId")
            try emitter.string(f.rule)
            if let index = Rule.catalogue.firstIndex(where: { $0.id == f.rule }) {
                try emitter.key("ruleIndex")
                try emitter.number(index)
            }
            try emitter.key("level")
            try emitter.string(sarifLevel(f.severity))
            try emitter.key("message")
            try emitter.beginObject()
            try emitter.key("text")
            try emitter.string(f.message)
            try emitter.endObject()
            try emitter.key("locations")
            try emitter.beginArray()
            try emitter.beginObject()
            try emitter.key("physicalLocation")
            try emitter.beginObject()
            try emitter.key("artifactLocation")
            try emitter.beginObject()
            let artifact = sarifArtifact(f.location.file)
            try emitter.key("uri")
            try emitter.string(artifact.uri)
            if let base = artifact.uriBaseId {
                try emitter.key("uriBaseId")
                try emitter.string(base)
            }
            try emitter.endObject()
            try emitter.key("region")
            try emitter.beginObject()
            try emitter.key("startLine")
            try emitter.number(f.location.line)
            try emitter.key("startColumn")
            try emitter.number(column.utf16)
            try emitter.endObject()
            try emitter.endObject()
            if let pointer = f.location.pointer {
                try emitter.key("logicalLocations")
                try emitter.beginArray()
                try emitter.beginObject()
                try emitter.key("fullyQualifiedName")
                try emitter.string(pointer)
                try emitter.endObject()
                try emitter.endArray()
            }
            try emitter.endObject()
            try emitter.endArray()
            try emitter.endObject()
        }
    }

    func closeFile() throws {
        guard format == .json else { return }
        try emitter.endArray()
        try emitter.endObject()
    }

    func close() throws {
        switch format {
        case .text:
            let files = totals.files == 1 ? "1 file" : "\(totals.files) files"
            try sink.write("\(files) checked: \(plural(totals.errors, "error")), \(plural(totals.warnings, "warning")), "
                + "\(plural(totals.infos, "note"))\n")
        case .github: break
        case .json:
            try emitter.endArray()
            try emitter.key("errors")
            try emitter.number(totals.errors)
            try emitter.key("warnings")
            try emitter.number(totals.warnings)
            try emitter.endObject()
            try sink.write("\n")
        case .sarif:
            try emitter.endArray()  // results
            try emitter.endObject()  // run
            try emitter.endArray()  // runs
            try emitter.endObject()
            try sink.write("\n")
        }
    }

    private func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }

    private func sarifLevel(_ s: Severity) -> String {
        switch s {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    private func colourName(_ s: Severity) -> String {
        switch s {
        case .error: "\u{1B}[1;31merror\u{1B}[0m"
        case .warning: "\u{1B}[1;33mwarning\u{1B}[0m"
        case .info: "\u{1B}[1;36minfo\u{1B}[0m"
        }
    }

    /// Escapes a workflow command's message as GitHub specifies (`%` → `%25`, CR → `%0D`,
    /// LF → `%0A`), on Unicode scalars, so that CR LF (one `Character`) is escaped too and a
    /// finding is always one line. Other control characters and bidi overrides are shown as
    /// `\u{1B}`, as in the text report.
    private func githubData(_ s: String) -> String { githubEscaped(s, property: false) }

    /// Escapes a workflow command's property value: as `githubData`, and `:` → `%3A`,
    /// `,` → `%2C`.
    private func githubProperty(_ s: String) -> String { githubEscaped(s, property: true) }

    private func githubEscaped(_ s: String, property: Bool) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case ":" where property: out += "%3A"
            case "," where property: out += "%2C"
            default:
                if scalar.needsDisplayEscape { out += scalar.displayEscape } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
