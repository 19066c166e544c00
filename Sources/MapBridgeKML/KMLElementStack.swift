/// The elements open now, outermost first: a stack in one buffer kept for the whole document,
/// pushed and popped at every element without an array's uniqueness checks. Noncopyable: it
/// owns its buffer and frees it. It mirrors the XML core's `XMLOpenElements` rather than
/// sharing one generic stack with it: a generic stack across the two modules measured 4.7%
/// more instructions reading places.kml.
///
///     var stack = KMLElementStack()
///     stack.append(.placemark)
///     stack.append(.name)
///     stack[stack.count - 2]   // .placemark
///     stack.removeLast()
struct KMLElementStack: ~Copyable {
    private var base: UnsafeMutablePointer<KMLElement>
    private var capacity: Int
    /// How many elements are open.
    private(set) var count = 0

    /// An empty stack with room for `capacity` elements before it first grows.
    init(capacity: Int = 32) {
        self.capacity = max(capacity, 4)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    var isEmpty: Bool { count == 0 }

    /// The element at `index` (0: the outermost), `0..<count`.
    subscript(index: Int) -> KMLElement {
        precondition(index >= 0 && index < count, "element index out of range")
        return base[index]
    }

    /// Opens `element` inside the others; the buffer doubles when it is full. Inlined into the
    /// builder's start, as the stack is pushed at every element.
    @inline(__always)
    mutating func append(_ element: KMLElement) {
        if count == capacity {
            let grown = capacity * 2
            let larger = UnsafeMutablePointer<KMLElement>.allocate(capacity: grown)
            larger.moveInitialize(from: base, count: count)
            base.deallocate()
            base = larger
            capacity = grown
        }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Closes the innermost element, if any.
    mutating func removeLast() {
        if count > 0 { count -= 1 }
    }

    /// Whether `element` is open around the innermost one (the innermost itself not counted).
    func containsOutside(_ element: KMLElement) -> Bool {
        var i = 0
        while i < count - 1 {
            if base[i] == element { return true }
            i += 1
        }
        return false
    }
}
