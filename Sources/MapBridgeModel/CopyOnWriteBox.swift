/// The shared storage behind a copy-on-write value (`Style`, a feature's rare fields): one
/// reference to move instead of the whole value, so that copying the owner is a retain rather
/// than a memcpy of every member plus a retain per reference member.
///
/// A `final class` because a value type cannot be shared between copies; nothing else needs a
/// class here. The owner mutates `value` only after `isKnownUniquelyReferenced` has said that
/// it holds the only reference (else it copies the box first, see `makeUnique`), so a box that
/// more than one value, or more than one thread, can see is never written again. That is why
/// the `@unchecked Sendable` holds: a shared box is immutable in practice, and `Value` is
/// itself `Sendable`.
final class CopyOnWriteBox<Value: Sendable>: @unchecked Sendable {
    /// The members; written only through an owner that holds the only reference.
    var value: Value

    /// A box holding `value`.
    init(_ value: Value) { self.value = value }
}

extension CopyOnWriteBox {
    /// Makes `box` the only reference to its storage, copying the storage first when another
    /// value shares it, and returns it ready to be written.
    /// - Complexity: O(1) when `box` is already unique; else one allocation and one copy of `Value`.
    @inline(__always)
    static func makeUnique(_ box: inout CopyOnWriteBox<Value>) -> CopyOnWriteBox<Value> {
        if !isKnownUniquelyReferenced(&box) { box = CopyOnWriteBox(box.value) }
        return box
    }
}
