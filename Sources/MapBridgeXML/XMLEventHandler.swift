/// An element's name as the document spells it: its local name, its prefix and the
/// namespace the prefix (or the default namespace) stands for.
///
///     <gpxtpx:hr xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
///     // localName "hr", prefix "gpxtpx", namespace "http://www.garmin.com/…/v1"
public struct XMLQualifiedName: Hashable, Sendable {
    /// The name without its prefix, e.g. `Placemark`, `trkpt`, `hr`.
    public var localName: String
    /// The prefix as written (`gx`, `gpxtpx`), or `nil` for an unprefixed name.
    public var prefix: String?
    /// The namespace URI, or `nil` when the element is in no namespace.
    public var namespace: String?

    public init(localName: String, prefix: String? = nil, namespace: String? = nil) {
        self.localName = localName
        self.prefix = prefix
        self.namespace = namespace
    }
}

/// The type a handler uses for element names: built once per distinct name, then handed to
/// the handler for every element of that name.
///
/// The parser caches the values it builds by the addresses at which libxml2 interns the
/// local name, prefix and namespace, so `init` runs once per distinct spelling, not once per
/// element; an enum of the element names the handler acts on makes its `switch` cheap.
public protocol XMLElementName {
    /// The handler's name for the element `name`.
    init(_ name: XMLQualifiedName)
}

/// An element's attributes as (local name, value) pairs, in document order; prefixes are
/// left out, entities and character references are expanded.
public typealias XMLAttributes = [(name: String, value: String)]

/// What an `XMLPushParser` reports, in document order. A format's reader implements it as a
/// state machine that turns events into features.
///
/// The parser holds its handler unowned: whoever makes the two keeps the handler alive.
public protocol XMLEventHandler: AnyObject {
    /// The handler's element-name type (an enum of the names it acts on, for example).
    associatedtype ElementName: XMLElementName

    /// An element opens.
    func startElement(_ name: ElementName, attributes: XMLAttributes)
    /// An element opens, its attributes read in place (the parser calls this one; by default
    /// it makes the attributes strings and calls `startElement(_:attributes:)`).
    func startElement(_ name: ElementName, attributeList: XMLAttributeList)
    /// The innermost open element closes.
    func endElement(_ name: ElementName)
    /// Text (or a CDATA section) inside the innermost element; one element's text may arrive
    /// in several calls. The bytes are UTF-8 and valid only during the call.
    func characters(_ bytes: UnsafeBufferPointer<UInt8>, isCDATA: Bool)
    /// A namespace slip the parser reads past: a prefix used but never declared
    /// (`xsi:schemaLocation` without `xmlns:xsi`), which Google Earth and GDAL accept too. The
    /// name keeps its prefix and has no namespace. `line` and `column` are 1-based.
    func namespaceWarning(_ message: String, line: Int, column: Int)
}

extension XMLEventHandler {
    /// Makes the attributes strings for `startElement(_:attributes:)`.
    public func startElement(_ name: ElementName, attributeList: XMLAttributeList) {
        startElement(name, attributes: attributeList.pairs)
    }

    /// Ignores the slip (the default for handlers that have no warnings to give).
    public func namespaceWarning(_ message: String, line: Int, column: Int) {}
}
