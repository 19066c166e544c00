/// The JSON pointer of the value a reader is parsing, as a stack of components, innermost last.
///
/// A reader pushes and pops a component for each member and element it descends into (several
/// times per feature) and reads the stack only to spell a pointer in a message. Held in memory
/// of its own rather than in an `Array`, so that a push or pop is a store and a count: no
/// uniqueness check of a shared buffer, no generic `removeLast`. Noncopyable, so that the one
/// owner frees that memory.
///
///     var path = JSONPathStack()
///     path.append(.member("features")); path.append(.index(3))
///     jsonPointer(path.components)   // "/features/3"
struct JSONPathStack: ~Copyable {
    private var base: UnsafeMutablePointer<PathComponent>
    /// How many components are on the stack, ≥ 0.
    private(set) var count = 0
    private var capacity: Int

    /// An empty stack.
    init() {
        capacity = 16
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Whether the stack is empty (the top level).
    var isEmpty: Bool { count == 0 }

    /// The components, outermost first.
    var components: [PathComponent] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Pushes `component`.
    @inline(__always)
    mutating func append(_ component: PathComponent) {
        if count == capacity { grow() }
        (base + count).initialize(to: component)
        count += 1
    }

    /// Pops the innermost component.
    /// - Precondition: the stack is not empty (pushes and pops pair up in the reader's code,
    ///   whatever the input).
    @inline(__always)
    mutating func removeLast() {
        precondition(count > 0, "popped an empty JSON path")
        count -= 1
        // Only a name read from the input holds a reference; the other steps are plain values.
        if case .key = base[count] { (base + count).deinitialize(count: 1) }
    }

    /// Empties the stack.
    mutating func removeAll() {
        base.deinitialize(count: count)
        count = 0
    }

    /// Doubles the room (a path is as deep as the input nests, up to the tokenizer's limit).
    @inline(never)
    private mutating func grow() {
        let larger = UnsafeMutablePointer<PathComponent>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }
}
