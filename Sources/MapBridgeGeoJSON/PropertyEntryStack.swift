import MapBridgeModel

/// The members of the objects being read, gathered before each object becomes `Properties`:
/// an object's members are appended above those of the objects that enclose it, and taken
/// off (moved into an array of their exact count) when it closes.
///
/// One reader keeps one stack for all its objects, so a feature's properties cost one
/// allocation, made at their exact size when the object ends, instead of an array grown (or
/// reserved from a guess) and checked for uniqueness at every member (a `ScratchStack`).
///
///     var stack = PropertyEntryStack()
///     let start = stack.count
///     stack.append(key: "name", value: .string("Oslo"))
///     let entries = stack.take(from: start)   // [name: "Oslo"]; the stack is back at `start`
struct PropertyEntryStack: ~Copyable {
    private var storage = ScratchStack<Properties.Entry>(capacity: 32)

    /// An empty stack.
    init() {}

    /// How many entries are on the stack, ≥ 0.
    var count: Int { storage.count }

    /// Pushes an entry (both parts moved in).
    @inline(__always)
    mutating func append(key: consuming String, value: consuming PropertyValue) {
        storage.append(Properties.Entry(key: key, value: value))
    }

    /// The entries from position `start` up, moved out in order into an array of their exact
    /// count; the stack is left with `start` entries.
    /// - Precondition: `start` is at most `count`.
    mutating func take(from start: Int) -> [Properties.Entry] {
        storage.take(from: start)
    }

    /// `take(from:)` into `taken` in place of what it held (the entries of an earlier
    /// feature, whose storage is kept).
    mutating func take(from start: Int, replacing taken: inout [Properties.Entry]) {
        storage.take(from: start, replacing: &taken)
    }

    /// Whether the key of an entry from position `start` up satisfies `predicate`.
    func containsKey(from start: Int, where predicate: (String) -> Bool) -> Bool {
        storage.elements[start...].contains { predicate($0.key) }
    }

    /// The keys of the entries from position `start` up, in order.
    func keys(from start: Int) -> [String] {
        storage.elements[start...].map(\.key)
    }

    /// Drops the entries from position `start` up (those of an object whose reading failed).
    mutating func discard(from start: Int) {
        storage.removeAll(from: start)
    }
}
