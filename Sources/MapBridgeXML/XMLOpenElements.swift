/// The elements open now, innermost last, each with its name index and where its start tag
/// was: a stack in one buffer the parser keeps for the whole document, pushed and popped at
/// every element without an array's uniqueness checks. Noncopyable: it owns its buffer and
/// frees it.
///
///     var open = XMLOpenElements()
///     open.push(XMLOpenElements.Element(index: 3, line: 12, column: 5))
///     open.last?.index   // 3
///     open.removeLast()
struct XMLOpenElements: ~Copyable {
    /// An open element: the handler's name index and the line and column of its start tag.
    struct Element {
        var index: Int
        var line: Int
        var column: Int
    }

    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// How many elements are open.
    private(set) var count = 0

    /// An empty stack with room for `capacity` elements before it first grows.
    init(capacity: Int = 32) {
        self.capacity = max(capacity, 4)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The innermost open element, if any.
    var last: Element? { count > 0 ? base[count - 1] : nil }

    /// Opens `element` inside the others; the buffer doubles when it is full. Inlined into the
    /// parser's start callback, as the stack is pushed at every element.
    @inline(__always)
    mutating func push(_ element: Element) {
        if count == capacity {
            let grown = capacity * 2
            let larger = UnsafeMutablePointer<Element>.allocate(capacity: grown)
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
}
