internal import CLibXML2

/// libxml2's streaming XML Schema validator, fed SAX events one at a time by the KML validator
/// (rather than plugged into the parser), so that it can be told to start a container afresh.
///
/// Why: libxml2 runs a content model it cannot compile to its compact table (any model with a
/// `##other` wildcard, which the reader schema has everywhere) on an automaton that, once one
/// child has matched a transition that is not the state's last, keeps a copy of every later
/// child's name and a rollback record for most of them until the parent ends: about 97 bytes
/// per child of a Document, 93 MB for a million Placemarks. `restart(_:)` ends the container
/// and opens it again in the validator only (never in the document), which frees that state.
/// That is the same validation only where the container's model is a repeated choice whose
/// every child is judged on its own (MapBridge's reader schema: see `KMLSchema.restartsContainers`).
///
/// Owns the validation context and libxml2's plug record; one per document.
final class KMLSchemaStream {
    private let validation: xmlSchemaValidCtxtPtr
    private let plug: xmlSchemaSAXPlugPtr
    /// The handler libxml2 fills with its validator's own callbacks (the plug writes through it
    /// again when unplugged, so it lives as long as the plug).
    private let handlerSlot: UnsafeMutablePointer<UnsafeMutablePointer<xmlSAXHandler>?>
    private let userSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    private let handler: UnsafeMutablePointer<xmlSAXHandler>
    /// The KML 2.2 namespace and the container names, as C strings that outlive every element
    /// the validator holds (it keeps the pointers of an open element's names).
    private let names: [String: UnsafeMutablePointer<xmlChar>]

    /// A validator for `schema` whose errors go to `errors` with `context`; nil if libxml2
    /// cannot make one (out of memory).
    init?(schema: KMLSchema, context: UnsafeMutableRawPointer, errors: @escaping xmlStructuredErrorFunc) {
        guard let validation = xmlSchemaNewValidCtxt(schema.schema) else { return nil }
        xmlSchemaSetValidStructuredErrors(validation, errors, context)
        let handlerSlot = UnsafeMutablePointer<UnsafeMutablePointer<xmlSAXHandler>?>.allocate(capacity: 1)
        handlerSlot.initialize(to: nil)
        let userSlot = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 1)
        userSlot.initialize(to: nil)
        // With no handler to pass events on to, the plug hands back the validator's callbacks
        // and the validation context as their user data.
        guard let plug = xmlSchemaSAXPlug(validation, handlerSlot, userSlot), let handler = handlerSlot.pointee else {
            handlerSlot.deallocate()
            userSlot.deallocate()
            xmlSchemaFreeValidCtxt(validation)
            return nil
        }
        self.validation = validation
        self.plug = plug
        self.handlerSlot = handlerSlot
        self.userSlot = userSlot
        self.handler = handler
        var names: [String: UnsafeMutablePointer<xmlChar>] = [:]
        for name in [KMLSchemaStream.kmlNamespace, "Document", "Folder"] {
            let bytes = Array(name.utf8) + [0]
            let copy = UnsafeMutablePointer<xmlChar>.allocate(capacity: bytes.count)
            copy.initialize(from: bytes, count: bytes.count)
            names[name] = copy
        }
        self.names = names
    }

    deinit {
        xmlSchemaSAXUnplug(plug)
        xmlSchemaFreeValidCtxt(validation)
        handlerSlot.deallocate()
        userSlot.deallocate()
        for pointer in names.values { pointer.deallocate() }
    }

    /// The KML 2.2 namespace URI.
    static let kmlNamespace = "http://www.opengis.net/kml/2.2"

    /// An element starts (libxml2's SAX2 arguments, passed on unchanged).
    func start(_ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?,
               _ namespaceCount: Int32, _ namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
               _ attributeCount: Int32, _ defaulted: Int32, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        handler.pointee.startElementNs?(userSlot.pointee, localName, prefix, uri, namespaceCount, namespaces,
                                        attributeCount, defaulted, attributes)
    }

    /// An element ends.
    func end(_ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?) {
        handler.pointee.endElementNs?(userSlot.pointee, localName, prefix, uri)
    }

    /// Text (whitespace included).
    func characters(_ bytes: UnsafePointer<xmlChar>?, _ length: Int32) {
        handler.pointee.characters?(userSlot.pointee, bytes, length)
    }

    /// A CDATA section.
    func cdata(_ bytes: UnsafePointer<xmlChar>?, _ length: Int32) {
        handler.pointee.cdataBlock?(userSlot.pointee, bytes, length)
    }

    /// Ends the open KML `Document` or `Folder` named `localName` and starts it again, without
    /// attributes or namespace declarations, so that libxml2 drops what its content model has
    /// kept of the children so far. Call between two children, only for a container that is
    /// not the root, whose start had neither namespace declarations nor namespaced attributes
    /// and raised no error, with the validator's errors muted (it raises none for the reader
    /// schema: its containers end in any state and take no required attribute).
    /// - Complexity: O(1).
    func restart(_ localName: String) {
        guard let name = names[localName], let uri = names[Self.kmlNamespace] else { return }
        handler.pointee.endElementNs?(userSlot.pointee, name, nil, uri)
        handler.pointee.startElementNs?(userSlot.pointee, name, nil, uri, 0, nil, 0, 0, nil)
    }
}
