@testable import MapBridgeKML
import Testing

/// The reader's stack of open elements: pushes past its first buffer keep every element, and
/// `containsOutside` looks at every element but the innermost, as `dropLast().contains` did.
@Suite("KMLElementStack")
struct KMLElementStackTests {
    @Test("grows past its first buffer, pops, and finds elements outside the innermost only")
    func stack() {
        var stack = KMLElementStack(capacity: 4)
        var mirror: [KMLElement] = []
        let elements: [KMLElement] = [.kml, .document, .folder, .update, .placemark, .name, .other, .data, .value]
        for element in elements {
            stack.append(element)
            mirror.append(element)
            #expect(stack.count == mirror.count)
            #expect(stack.containsOutside(.update) == mirror.dropLast().contains(.update))
            #expect(stack.containsOutside(element) == mirror.dropLast().contains(element))
        }
        #expect((0..<stack.count).map { stack[$0] } == mirror)
        while !stack.isEmpty {
            stack.removeLast()
            mirror.removeLast()
            #expect(stack.containsOutside(.update) == mirror.dropLast().contains(.update))
        }
        stack.removeLast()
        #expect(stack.count == 0 && !stack.containsOutside(.kml))
    }
}
