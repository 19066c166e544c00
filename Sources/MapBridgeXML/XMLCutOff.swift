internal import CLibXML2

/// What the readers and the validator say when the input ends inside the document: libxml2
/// names a symptom ("Extra content at the end of the document", "Premature end of data in
/// tag"), not what happened, and a file cut short in a copy or a download is common.
///
///     XMLCutOff.message(element: "coordinates", line: 33, column: 29, open: 9)
///     // "the file ends before <coordinates> (opened at line 33, column 29) is closed, …"
public enum XMLCutOff {
    /// Whether libxml2's error `code` is one it raises when the input ends with elements open
    /// (it raises the same codes for content after the root, when none is open).
    public static func isEndOfInput(code: Int32) -> Bool {
        code == Int32(XML_ERR_DOCUMENT_END.rawValue) || code == Int32(XML_ERR_TAG_NOT_FINISHED.rawValue)
    }

    /// What to do when libxml2 raises an end-of-input code with no element open: text or a
    /// second root element follows the document's last end tag (a file appended to another,
    /// or junk a server added), which Google Earth and GDAL ignore.
    public static let afterRootRemedy = ": remove what follows the document's last end tag (such as </kml> or </gpx>)"

    /// The message for input that ends inside `element`, whose start tag is at 1-based `line`
    /// and `column`, with `open` elements (1 or more) open in all.
    public static func message(element: String, line: Int, column: Int, open: Int) -> String {
        "the file ends before <\(element)> (opened at line \(line), column \(column)) is closed, with \(open) element\(open == 1 ? "" : "s") open: it looks cut off; check that the whole file was copied"
    }
}
