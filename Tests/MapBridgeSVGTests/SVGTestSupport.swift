import MapBridgeIO
import MapBridgeModel
import MapBridgeSVG
import MapBridgeXML
import Testing

/// One parsed SVG element: its name, attributes, text and children.
final class SVGNode {
    let name: String
    let attributes: [String: String]
    var text = ""
    var children: [SVGNode] = []

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    /// This node and every node below it, in document order.
    var all: [SVGNode] { [self] + children.flatMap(\.all) }

    /// An attribute's value.
    subscript(_ attribute: String) -> String? { attributes[attribute] }
}

/// Builds a tree of `SVGNode`s from the XML parser's events.
final class SVGTreeBuilder: XMLEventHandler {
    struct Name: XMLElementName {
        let text: String
        init(_ name: XMLQualifiedName) { text = name.localName }
    }

    var stack: [SVGNode] = []
    var root: SVGNode?

    func startElement(_ name: Name, attributes: XMLAttributes) {
        let node = SVGNode(name: name.text, attributes: Dictionary(attributes.map { ($0.name, $0.value) }) { a, _ in a })
        stack.last?.children.append(node)
        if root == nil { root = node }
        stack.append(node)
    }

    func endElement(_ name: Name) { stack.removeLast() }

    func characters(_ bytes: UnsafeBufferPointer<UInt8>, isCDATA: Bool) {
        stack.last?.text += String(decoding: bytes, as: UTF8.self)
    }
}

/// What writing some features as SVG gave: the text and its parsed tree.
struct SVGOutput {
    var text: String
    var root: SVGNode
    var diagnostics: [Diagnostic]

    var width: Double { Double(root["width"] ?? "") ?? 0 }
    var height: Double { Double(root["height"] ?? "") ?? 0 }
    /// The feature groups, in order.
    var features: [SVGNode] { root.all.filter { $0.name == "g" && ($0["id"] ?? "").hasPrefix("feature-") } }
}

/// Writes `features` through an `SVGWriter` into memory and parses the result as XML (the
/// test fails when it does not parse).
func writeSVG(_ features: [Feature], document: DocumentInfo = DocumentInfo(),
              options: SVGWriter.Options = SVGWriter.Options()) throws -> SVGOutput
{
    var diagnostics: [Diagnostic] = []
    let sink = ByteSink(collectingInMemoryNamed: "out.svg")
    let writer = SVGWriter(sink: sink, options: options) { diagnostics.append($0) }
    try writer.begin(document)
    for f in features { try writer.write(f) }
    try writer.finish(document)
    let bytes = sink.collectedBytes
    let builder = SVGTreeBuilder()
    let parser = XMLPushParser(source: ByteSource(bytes: bytes), handler: builder, documentKind: "SVG")
    while try parser.parseNextChunk() {}
    let root = try #require(builder.root)
    return SVGOutput(text: String(decoding: bytes, as: UTF8.self), root: root, diagnostics: diagnostics)
}

/// The absolute vertices of SVG path data as the writer lays it out (`M x y`, then `l` and
/// implicit relative pairs, `z`), one array per subpath.
func pathVertices(_ d: String) -> [[(x: Double, y: Double)]] {
    var subpaths: [[(x: Double, y: Double)]] = []
    var numbers: [Double] = []
    var current = ""
    var command: Character = " "
    func flushNumber() {
        if let v = Double(current) { numbers.append(v) }
        current = ""
    }
    func flushPairs() {
        var i = 0
        while i + 1 < numbers.count {
            if command == "M" {
                subpaths.append([(numbers[i], numbers[i + 1])])
                command = "l"
            } else if let last = subpaths.last?.last {
                subpaths[subpaths.count - 1].append((last.x + numbers[i], last.y + numbers[i + 1]))
            }
            i += 2
        }
        numbers = []
    }
    for ch in d {
        switch ch {
        case "M", "l", "z":
            flushNumber(); flushPairs()
            command = ch == "z" ? " " : ch
        case " ":
            flushNumber()
        case "-":
            flushNumber(); current = "-"
        default:
            current.append(ch)
        }
    }
    flushNumber(); flushPairs()
    return subpaths
}

func line(_ points: [(Double, Double)], interpolation: Interpolation = .straight) -> Shape {
    .polyline(Polyline(points.map { Coordinate(longitude: $0.0, latitude: $0.1) }, interpolation: interpolation))
}
