/// The JSON pointer of the value a reader is parsing, as a stack of components, innermost last.
///
/// A reader pushes and pops a component for each member and element it descends into (several
/// times per feature) and reads the stack only to spell a pointer in a message. Held in a
/// `ScratchStack` rather than in an `Array`, so that a push or pop is a store and a count: no
/// uniqueness check of a shared buffer, no generic `removeLast`.
///
///     var path = JSONPathStack()
///     path.append(.member("features")); path.append(.index(3))
///     jsonPointer(path.components)   // "/features/3"
struct JSONPathStack: ~Copyable {
    private var storage = ScratchStack<PathComponent>(capacity: 16)

    /// An empty stack.
    init() {}

    /// How many components are on the stack, ≥ 0.
    var count: Int { storage.count }

    /// Whether the stack is empty (the top level).
    var isEmpty: Bool { storage.isEmpty }

    /// The components, outermost first.
    var components: [PathComponent] { Array(storage.elements) }

    /// Pushes `component`.
    @inline(__always)
    mutating func append(_ component: PathComponent) {
        storage.append(component)
    }

    /// Pops the innermost component.
    /// - Precondition: the stack is not empty (pushes and pops pair up in the reader's code,
    ///   whatever the input).
    @inline(__always)
    mutating func removeLast() {
        // Only a name read from the input holds a reference; the other steps are plain values.
        storage.removeLast(deinitializingIf: { if case .key = $0 { true } else { false } })
    }

    /// Empties the stack.
    mutating func removeAll() {
        storage.removeAll()
    }
}
