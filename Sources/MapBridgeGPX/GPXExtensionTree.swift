import MapBridgeModel
import MapBridgeXML

/// An element with text and no element children inside `extensions` (or a GPX 1.0 private
/// element): the values the reader keeps. Attributes come along for MapBridge's own
/// `name` and `type`.
struct GPXExtensionLeaf {
    /// The leaf's name.
    var name: XMLQualifiedName
    /// The element it sits in, when that is not `extensions` itself.
    var container: XMLQualifiedName?
    /// 1 for a child of `extensions`, 2 for a grandchild, and so on.
    var depth: Int
    /// Its text, without leading and trailing spaces.
    var text: String
    var attributes: XMLAttributes
    /// Where it ends in the file, for warnings about it.
    var location: SourceLocation?

    /// Whether it is deep enough in a structure that the reader does not take it apart: kept
    /// are children of `extensions` and their children (`gpxtpx:TrackPointExtension/gpxtpx:hr`).
    var isNested: Bool { depth > 2 }

    func attribute(_ key: String) -> String? { attributes.first { $0.name == key }?.value }

    /// An empty element's attributes as an object (`<overlay:point lat="1" lon="2"/>` →
    /// `{"lat": "1", "lon": "2"}`); `nil` when it has text or no attributes.
    var attributesOnly: PropertyValue? {
        guard text.isEmpty, !attributes.isEmpty else { return nil }
        return .object(Properties(attributes.map { Properties.Entry(key: $0.name, value: .string($0.value)) }))
    }
}

/// Follows the elements inside one `extensions` element (or one GPX 1.0 private element) and
/// hands out its leaves as they close.
struct GPXExtensionTree {
    private var open: [(name: XMLQualifiedName, attributes: XMLAttributes, hasChildren: Bool)] = []

    /// An element inside the tree opens.
    mutating func start(_ name: XMLQualifiedName, attributes: XMLAttributes) {
        if !open.isEmpty { open[open.count - 1].hasChildren = true }
        open.append((name, attributes, false))
    }

    /// The innermost element closes; returns it when it is a leaf. `text` is the text read
    /// since it opened; `location` is where it closes.
    mutating func end(text: String, at location: SourceLocation? = nil) -> GPXExtensionLeaf? {
        guard let closing = open.popLast() else { return nil }
        guard !closing.hasChildren else { return nil }
        return GPXExtensionLeaf(name: closing.name, container: open.last?.name, depth: open.count + 1,
                                text: text.trimmingSpaces(), attributes: closing.attributes, location: location)
    }
}
