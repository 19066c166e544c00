@testable import MapBridgeGeoJSON
import Testing

/// The reader's scratch stack: empty, within its first room, grown past it (order kept), and
/// the ways elements leave it (taken, dropped, popped with or without deinitialising). The
/// stack is noncopyable, so each check reads it into a value first.
@Suite("ScratchStack")
struct ScratchStackTests {
    /// An object whose lifetime a test can watch through a weak reference.
    private final class Token {}

    @Test("an empty stack holds nothing and takes nothing")
    func empty() {
        var stack = ScratchStack<Int>(capacity: 1)
        let wasEmpty = stack.isEmpty, held = Array(stack.elements), taken = stack.take(from: 0)
        #expect(wasEmpty)
        #expect(held.isEmpty)
        #expect(taken.isEmpty)
        stack.removeAll(from: 0)
        let count = stack.count
        #expect(count == 0)
    }

    @Test("pushes past the first room keep every element in order", arguments: [1, 2, 3, 100])
    func growth(count: Int) {
        var stack = ScratchStack<String>(capacity: 2)
        for i in 0..<count { stack.append("e\(i)") }
        let held = Array(stack.elements)
        #expect(held == (0..<count).map { "e\($0)" })
    }

    @Test("take moves out the elements from a position up and leaves those below")
    func take() {
        var stack = ScratchStack<String>(capacity: 2)
        for key in ["a", "b", "c", "d"] { stack.append(key) }
        let above = stack.take(from: 1), below = Array(stack.elements), none = stack.take(from: 1)
        #expect(above == ["b", "c", "d"])
        #expect(below == ["a"])
        #expect(none.isEmpty)
        stack.append("e")
        let all = stack.take(from: 0), isEmpty = stack.isEmpty
        #expect(all == ["a", "e"])
        #expect(isEmpty)
    }

    @Test("dropping from a position releases those elements; from past the top, nothing")
    func removeAllFrom() {
        weak var dropped: Token?
        var stack = ScratchStack<Token>(capacity: 1)
        let kept = Token()
        stack.append(kept)
        do {
            let token = Token()
            dropped = token
            stack.append(token)
        }
        stack.removeAll(from: 5)
        let countAfterNothing = stack.count
        #expect(countAfterNothing == 2)
        stack.removeAll(from: 1)
        let countAfterDrop = stack.count, bottom = stack.elements.first
        #expect(countAfterDrop == 1)
        #expect(dropped == nil)
        #expect(bottom === kept)
        stack.removeAll()
        let isEmpty = stack.isEmpty
        #expect(isEmpty)
    }

    @Test("a pop deinitialises the top element unless told it holds no reference")
    func removeLast() {
        weak var popped: Token?
        var stack = ScratchStack<Token>(capacity: 1)
        do {
            let token = Token()
            popped = token
            stack.append(token)
        }
        stack.removeLast()
        let isEmpty = stack.isEmpty
        #expect(isEmpty)
        #expect(popped == nil)

        var path = ScratchStack<PathComponent>(capacity: 1)
        path.append(.member("features"))
        path.append(.index(3))
        path.append(.key("name"))
        path.removeLast(deinitializingIf: { if case .key = $0 { true } else { false } })
        path.removeLast(deinitializingIf: { if case .key = $0 { true } else { false } })
        path.append(.index(4))
        let pointer = jsonPointer(Array(path.elements))
        #expect(pointer == "/features/4")
    }
}
