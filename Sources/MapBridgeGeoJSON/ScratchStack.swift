/// Values the reader pushes and pops many times per feature, in memory of their own that is
/// kept from one feature to the next: a push is a store and a count (the room doubles when
/// full), with no uniqueness check of a shared buffer. Noncopyable, so that the one owner frees
/// that memory.
///
/// The reader's stacks (`JSONPathStack`, `PropertyEntryStack`, `RecordProperties`) each hold
/// one and add the operations their use needs. Internal to the module, so that each use is
/// specialised for its element.
///
///     var stack = ScratchStack<Int>(capacity: 8)
///     stack.append(1); stack.append(2)
///     stack.elements            // [1, 2]
///     stack.take(from: 1)       // [2]; the stack holds [1]
struct ScratchStack<Element>: ~Copyable {
    /// The first element; those below `count` are initialised.
    private var base: UnsafeMutablePointer<Element>
    /// How many elements are on the stack, ≥ 0.
    private(set) var count = 0
    /// How many elements fit before the room doubles, ≥ 1.
    private var capacity: Int

    /// An empty stack with room for `capacity` elements (≥ 1) before it first grows.
    init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Whether the stack is empty.
    var isEmpty: Bool { count == 0 }

    /// The elements, bottom first; valid until the stack next changes.
    var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    /// Pushes `element` (moved in).
    @inline(__always)
    mutating func append(_ element: consuming Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Pops the top element, deinitialising it only when `holdsReference` says so of it: a
    /// plain value (one that holds no reference) may be left as it is.
    /// - Precondition: the stack is not empty.
    @inline(__always)
    mutating func removeLast(deinitializingIf holdsReference: (Element) -> Bool = { _ in true }) {
        precondition(count > 0, "popped an empty stack")
        count -= 1
        if holdsReference(base[count]) { (base + count).deinitialize(count: 1) }
    }

    /// Empties the stack (keeping the room).
    mutating func removeAll() {
        base.deinitialize(count: count)
        count = 0
    }

    /// Drops the elements from position `start` up.
    mutating func removeAll(from start: Int) {
        guard count > start else { return }
        (base + start).deinitialize(count: count - start)
        count = start
    }

    /// The elements from position `start` up, moved out in order into an array of their exact
    /// count; the stack is left with `start` elements.
    /// - Precondition: `start` is at most `count`.
    mutating func take(from start: Int) -> [Element] {
        var taken: [Element] = []
        take(from: start, replacing: &taken)
        return taken
    }

    /// The elements from position `start` up, moved out in order into `taken` in place of
    /// what it held (an array whose storage is kept from an earlier use): each element it
    /// held is destroyed as one is moved over it, by code made for `Element` (emptying the
    /// array first destroyed them through the runtime's generic array destroy, several times
    /// the cost). The stack is left with `start` elements.
    /// - Precondition: `start` is at most `count`.
    mutating func take(from start: Int, replacing taken: inout [Element]) {
        let n = count - start
        let common = Swift.min(n, taken.count)
        if common > 0 {
            let from = base + start
            taken.withUnsafeMutableBufferPointer { target in
                for i in 0..<common { target[i] = (from + i).move() }
            }
        }
        if n > common {
            // Appended as a sequence that moves each element out: an empty array is made at
            // its size in one step (the standard library's specialised growth, not its generic
            // allocation of an uninitialised array) and nothing is retained or released.
            taken.append(contentsOf: Moving(start: base + start + common, count: n - common))
        } else {
            while taken.count > n { taken.removeLast() }
        }
        count = start
    }

    /// The elements of a run, each moved out as it is iterated (so iterated once, whole).
    private struct Moving: Sequence, IteratorProtocol {
        let start: UnsafeMutablePointer<Element>
        let count: Int
        var position = 0

        init(start: UnsafeMutablePointer<Element>, count: Int) {
            self.start = start
            self.count = count
        }

        var underestimatedCount: Int { count }

        mutating func next() -> Element? {
            guard position < count else { return nil }
            defer { position += 1 }
            return (start + position).move()
        }

        /// All the elements moved into `target` in one step (what `Array.append(contentsOf:)`
        /// asks of a sequence; the element-by-element default would move them one at a time).
        __consuming func _copyContents(initializing target: UnsafeMutableBufferPointer<Element>)
            -> (Iterator, UnsafeMutableBufferPointer<Element>.Index) {
            var rest = self
            let n = Swift.min(count - position, target.count)
            guard n > 0, let to = target.baseAddress else { return (rest, 0) }
            to.moveInitialize(from: start + position, count: n)
            rest.position += n
            return (rest, n)
        }
    }

    /// Doubles the room.
    @inline(never)
    private mutating func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }
}
