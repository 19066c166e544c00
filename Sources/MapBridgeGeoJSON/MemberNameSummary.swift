/// The names of the members of one object read so far, as a 64-bit summary of their positions
/// in the reader's key table (`JSONTokenizer.keyPosition(in:)`): a name whose bit is clear is
/// new, told without a compare (nearly every name), and only one whose bit is set, or one the
/// table does not keep, is compared with the names read. So the reader notices a repeated name
/// in the objects it reads by itself, and the tokenizer need not record their names as well
/// (`JSONTokenizer.Options.leavesRepeatedNamesToCaller`).
///
/// A position stands for one name only while the table is not cleared
/// (`JSONKeyTable.clearings`): once it is, every name is compared. An object with more than
/// `limit` names is handed back to the tokenizer (`JSONTokenizer.recordNames(_:)`), which
/// indexes large objects, so that the compares stay bounded.
///
///     var names = MemberNameSummary(clearings: table.clearings)
///     if names.noteMayRepeat(position, clearings: table.clearings) { /* compare the bytes */ }
struct MemberNameSummary {
    /// The most names of one object that its reader tells apart itself.
    static let limit = 32

    /// Bit `position % 64` of each name noted.
    private var bits: UInt64 = 0
    /// How many times the table had been cleared when the object started.
    private let clearings: Int

    /// No name noted yet, for an object starting when the table has been cleared `clearings` times.
    init(clearings: Int) {
        self.clearings = clearings
    }

    /// Notes a name at `position` in the key table (`nil`: the table does not keep it), which
    /// has been cleared `clearings` times by now; whether it may be a name noted before (else
    /// it certainly is not).
    @inline(__always)
    mutating func noteMayRepeat(_ position: Int?, clearings: Int) -> Bool {
        guard let position, clearings == self.clearings else { return true }
        let bit: UInt64 = 1 << UInt64(position & 63)
        defer { bits |= bit }
        return bits & bit != 0
    }
}
