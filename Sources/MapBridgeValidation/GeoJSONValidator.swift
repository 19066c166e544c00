import MapBridgeIO
import MapBridgeJSON
import MapBridgeModel

/// Checks a GeoJSON document (RFC 7946) while streaming it, and reports every finding rather
/// than stopping at the first: features are checked one at a time, so memory grows with the
/// largest single geometry, not with the file.
///
/// Where findings point: each is located (line, column) where the JSON object or array at
/// fault begins, and its pointer names the exact member or element. A value of the wrong kind,
/// or a member that is missing, forbidden, repeated or of an unknown type, is a fault of the
/// object or array holding it (so `"properties": []` is reported at its Feature's `{`, and a
/// string inside a position at that position's `[`); a wrong count or wrong values are faults
/// of the array itself (a ring not closed, a line too short, a bbox that misses the data).
///
///     try GeoJSONValidator.validate(source: try ByteSource(path: "a.geojson")) { print($0) }
///
/// Malformed JSON is reported once (`json-syntax`, with its position) and ends the file.
/// - Complexity: O(n) in the input.
public final class GeoJSONValidator {
    let tokenizer: JSONTokenizer
    let emit: (Finding) -> Void
    var pointer = JSONPointer()

    init(tokenizer: JSONTokenizer, emit: @escaping (Finding) -> Void) {
        self.tokenizer = tokenizer
        self.emit = emit
    }

    /// Validates the document in `source`, handing each finding to `report` as it is found.
    /// - Parameter isSequence: the file is a sequence of GeoJSON texts (RFC 8142 `RS`-prefixed,
    ///   or one per line), each checked as a document of its own; otherwise only the end of the
    ///   input may follow the one document.
    /// - Throws: `MapBridgeError` of kind `.inputUnavailable` when the source cannot be read;
    ///   malformed JSON is a finding, not an error.
    public static func validate(source: ByteSource, maximumDepth: Int = 512, isSequence: Bool = false,
                                report: @escaping (Finding) -> Void) throws {
        var options = JSONTokenizer.Options()
        options.allowsMultipleValues = isSequence
        options.maximumDepth = maximumDepth
        let validator = GeoJSONValidator(tokenizer: JSONTokenizer(source: source, options: options), emit: report)
        do {
            var token = try validator.tokenizer.next()
            repeat {
                validator.pointer = JSONPointer()
                try validator.validateValue(startingWith: token, context: .root, holder: validator.here)
                token = try validator.tokenizer.next()  // without a sequence, only the end of input may follow
            } while token != .endOfInput
        } catch let error as MapBridgeError where error.kind == .data {
            let at = error.location ?? validator.tokenizer.location()
            report(Finding(rule: Rule.jsonSyntax.id, severity: .error, message: error.message,
                           location: SourceLocation(file: source.name, line: at.line, column: at.column,
                                                    pointer: validator.pointer.text)))
        }
    }

    // MARK: Reporting

    /// Reports `rule` at the last token with the current pointer (plus `indices`).
    func report(_ rule: Rule, _ message: String, severity: Severity? = nil, at position: (line: Int, column: Int)? = nil,
                indices: [Int] = [], pointer explicitPointer: String? = nil) {
        let where_ = position ?? (tokenizer.tokenLine, tokenizer.tokenColumn)
        emit(Finding(rule: rule.id, severity: severity ?? rule.defaultSeverity, message: message,
                     location: SourceLocation(file: tokenizer.sourceName, line: where_.line, column: where_.column,
                                              pointer: explicitPointer ?? pointer.text(appending: indices))))
    }

    var here: (line: Int, column: Int) { (tokenizer.tokenLine, tokenizer.tokenColumn) }
}
