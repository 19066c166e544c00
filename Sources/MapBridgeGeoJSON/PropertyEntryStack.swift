import MapBridgeModel

/// The members of the objects being read, gathered before each object becomes `Properties`:
/// an object's members are appended above those of the objects that enclose it, and taken
/// off (moved into an array of their exact count) when it closes.
///
/// One reader keeps one stack for all its objects, so a feature's properties cost one
/// allocation, made at their exact size when the object ends, instead of an array grown (or
/// reserved from a guess) and checked for uniqueness at every member. Noncopyable, so that
/// the one owner frees the memory.
///
///     var stack = PropertyEntryStack()
///     let start = stack.count
///     stack.append(key: "name", value: .string("Oslo"))
///     let entries = stack.take(from: start)   // [name: "Oslo"]; the stack is back at `start`
struct PropertyEntryStack: ~Copyable {
    private var base: UnsafeMutablePointer<Properties.Entry>
    /// How many entries are on the stack, ≥ 0.
    private(set) var count = 0
    private var capacity: Int

    /// An empty stack.
    init() {
        capacity = 32
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Pushes an entry (both parts moved in).
    @inline(__always)
    mutating func append(key: consuming String, value: consuming PropertyValue) {
        if count == capacity { grow() }
        (base + count).initialize(to: Properties.Entry(key: key, value: value))
        count += 1
    }

    /// The entries from position `start` up, moved out in order into an array of their exact
    /// count; the stack is left with `start` entries.
    /// - Precondition: `start` is at most `count`.
    mutating func take(from start: Int) -> [Properties.Entry] {
        let n = count - start
        guard n > 0 else { return [] }
        // Appended as a sequence that moves each entry out: the array is made at its size in
        // one step (the standard library's specialised growth, not its generic allocation of
        // an uninitialised array) and nothing is retained or released on the way.
        var entries: [Properties.Entry] = []
        entries.append(contentsOf: Moving(start: base + start, count: n))
        count = start
        return entries
    }

    /// The entries of a run, each moved out as it is iterated (so iterated once, whole).
    private struct Moving: Sequence, IteratorProtocol {
        let start: UnsafeMutablePointer<Properties.Entry>
        let count: Int
        var position = 0

        init(start: UnsafeMutablePointer<Properties.Entry>, count: Int) {
            self.start = start
            self.count = count
        }

        var underestimatedCount: Int { count }

        mutating func next() -> Properties.Entry? {
            guard position < count else { return nil }
            defer { position += 1 }
            return (start + position).move()
        }

        /// All the entries moved into `target` in one step (what `Array.append(contentsOf:)`
        /// asks of a sequence; the element-by-element default would move them one at a time).
        __consuming func _copyContents(initializing target: UnsafeMutableBufferPointer<Properties.Entry>)
            -> (Iterator, UnsafeMutableBufferPointer<Properties.Entry>.Index) {
            var rest = self
            let n = Swift.min(count - position, target.count)
            guard n > 0, let to = target.baseAddress else { return (rest, 0) }
            to.moveInitialize(from: start + position, count: n)
            rest.position += n
            return (rest, n)
        }
    }

    /// Drops the entries from position `start` up (those of an object whose reading failed).
    mutating func discard(from start: Int) {
        guard count > start else { return }
        (base + start).deinitialize(count: count - start)
        count = start
    }

    /// Doubles the room (the members of all the open objects, up to the reader's limits).
    @inline(never)
    private mutating func grow() {
        let larger = UnsafeMutablePointer<Properties.Entry>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }
}
