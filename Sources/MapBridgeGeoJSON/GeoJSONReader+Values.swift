import MapBridgeJSON
import MapBridgeModel

extension GeoJSONReader {
    /// Parses any JSON value that starts with `token` into a `PropertyValue`, keeping number
    /// text and member order. Duplicate names in an object are reported; the last one wins.
    func parseValue(startingWith token: JSONToken) throws -> PropertyValue {
        let t = tokenizer
        try checkRecordBytes()
        switch token {
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .string: return .string(try t.stringValue())
        case .number: return .number(try numberValue())
        case .beginObject: return .object(try parseObjectBody())
        case .beginArray:
            var items: [PropertyValue] = []
            while true {
                let next = try t.next()
                if next == .endArray { return .array(items) }
                path.append(.index(items.count))
                items.append(try parseValue(startingWith: next))
                path.removeLast()
            }
        case .endObject, .endArray, .key, .endOfInput:
            throw fail("expected a value", found: token)
        }
    }

    /// Parses the members of an object whose `{` was just read. With `recording` (the
    /// feature's own properties), notes in `record` which keys the vocabulary spells and
    /// whether the mapping will look any key up, and takes the strings under `name` and
    /// `description` into `record` rather than among the properties (`RecordProperties`); they
    /// are put back in place at the end when the mapping has more to read.
    ///
    /// The members gather on the reader's `entries` stack (above those of the objects around
    /// this one) and become `Properties` at the object's end, in one array of their count. A
    /// repeated name, which must replace the earlier value in place, moves the members read so
    /// far into `Properties` (which finds names by a scan, or an index when there are many) and
    /// the rest of the object is read into those. Repeated names are noticed here
    /// (`repeatsName`), not recorded by the tokenizer as well.
    func parseObjectBody(recording: Bool = false) throws -> Properties {
        let t = tokenizer
        var names = MemberNameSummary(clearings: keyTable.clearings)
        let start = entries.count
        // On a throw, the members of this object (and of any object inside it) are dropped.
        defer { entries.discard(from: start) }
        // The members so far once a repeated name was met; `nil` while they are on the stack.
        var spilled: Properties?
        // Counted here rather than asked of the members: the members appended; a repeated key
        // replaces its value in place.
        var count = 0
        while true {
            let token = try t.next()
            if token == .endObject {
                if let spilled { return spilled }
                return Properties(appending: takeEntries(from: start, restoringTaken: recording && record.mustRestoreTaken))
            }
            if count >= limits.maximumKeys { throw tooManyKeys() }
            // The name is fetched from the key table only where it is kept (not for a member
            // taken for the title or the subtitle, whose field is named by its key already);
            // one the table does not keep is made now, while the tokenizer holds it.
            let (tag, position) = try t.keyTagPosition(in: keyTable)
            if position == nil { unkeptName = try t.stringValue() }
            if repeatsName(at: position, noting: &names, count: count, start: start, spilled: spilled,
                           recording: recording) {
                var members = spilled.take()
                    ?? Properties(appending: takeEntries(from: start, restoringTaken: recording && record.hasTaken))
                try replaceRepeated(memberName(at: position), in: &members)
                count = members.count
                spilled = members
                continue
            }
            var takenField: PropertyField?
            if recording {
                let keyTag = GeoJSONKeyTag(raw: tag)
                if let rank = keyTag.vocabularyRank {
                    record.note(PropertyVocabulary.Candidate(index: count, rank: rank))
                }
                if keyTag.isLookedUpAfterReading { record.hasLookedUpKey = true }
                // Taken only while the members are on the stack (not once spilled).
                if spilled == nil { takenField = keyTag.derivedField }
            }
            let valueToken = try t.next()
            // A scalar needs no pointer unless it fails, so the key joins the path only then.
            let key: String, value: PropertyValue
            if let field = takenField, valueToken == .string, isWithinRecordBytes {
                let text = try t.stringValue()
                if record.canTake(field, index: count) {
                    record.take(field, text: text, index: count)
                    count += 1
                    continue
                }
                key = memberName(at: position)
                value = .string(text)
            } else if let scalar = try scalarValue(valueToken) {
                key = memberName(at: position)
                value = scalar
            } else {
                // Fetched before the value is read: an object inside it has names of its own.
                key = memberName(at: position)
                path.append(.key(key))
                defer { path.removeLast() }
                value = try parseValue(startingWith: valueToken)
            }
            if var members = spilled.take() {
                members.append(key: key, value: value)
                spilled = members
            } else {
                entries.append(key: key, value: value)
            }
            count += 1
        }
    }

    /// The name of the member whose key was at `position` in the key table, or, for `nil`,
    /// the last name the table did not keep (`unkeptName`), for `parseObjectBody`.
    @inline(__always)
    private func memberName(at position: Int?) -> String {
        guard let position else { return unkeptName }
        return keyTable.key(at: position)
    }

    /// Whether the member name `next()` just returned, at `position` in the key table,
    /// repeats one of the `count` names of the object being read (`parseObjectBody`), noting it
    /// in `names`: those of `spilled` once there is one, else those on `entries` from `start`
    /// up and, with `recording`, those `record` took. Past `MemberNameSummary.limit` names the
    /// tokenizer answers, given those names first.
    @inline(__always)
    private func repeatsName(at position: Int?, noting names: inout MemberNameSummary, count: Int, start: Int,
                             spilled: Properties?, recording: Bool) -> Bool {
        guard count < MemberNameSummary.limit else {
            let t = tokenizer
            if !t.recordsNames { t.recordNames(namesRead(start: start, spilled: spilled, recording: recording)) }
            return t.lastKeyIsDuplicate
        }
        guard names.noteMayRepeat(position, clearings: keyTable.clearings) else { return false }
        return isNameRead(start: start, spilled: spilled, recording: recording)
    }

    /// Whether the member name `next()` just returned is one of the names read (as
    /// `repeatsName` has them), byte for byte. Apart: nearly every name is told new without it.
    @inline(never)
    private func isNameRead(start: Int, spilled: Properties?, recording: Bool) -> Bool {
        let t = tokenizer
        if let spilled { return spilled.contains { t.payloadEquals(bytesOf: $0.key) } }
        if entries.containsKey(from: start, where: { t.payloadEquals(bytesOf: $0) }) { return true }
        var taken = false
        if recording { record.forEachTakenKey { if t.payloadEquals(bytesOf: $0) { taken = true } } }
        return taken
    }

    /// The names read (as `repeatsName` has them), for the tokenizer.
    @inline(never)
    private func namesRead(start: Int, spilled: Properties?, recording: Bool) -> [String] {
        if let spilled { return spilled.keys }
        var names = entries.keys(from: start)
        if recording { record.forEachTakenKey { names.append($0) } }
        return names
    }

    /// The members of the object being read, from position `start` of the stack up, moved
    /// out in order; with `restoringTaken`, with the members `record` took put back in place.
    private func takeEntries(from start: Int, restoringTaken: Bool) -> [Properties.Entry] {
        // Into the storage of the last lent feature's properties, if it handed it back.
        var taken: [Properties.Entry] = []
        swap(&taken, &spareEntries)
        entries.take(from: start, replacing: &taken)
        if restoringTaken { record.restoreTaken(into: &taken) }
        return taken
    }

    /// Reports the member `key` (whose name `next()` just returned) as a repeat, and reads
    /// its value in place of the earlier one in `members`.
    @inline(never)
    private func replaceRepeated(_ key: String, in members: inout Properties) throws {
        path.append(.key(key))
        defer { path.removeLast() }
        warn("duplicate-key", "the member '\(key)' appears twice in this object; the last one is kept",
             at: tokenizer.location(pointer: pointer()))
        members[key] = try parseValue(startingWith: try tokenizer.next())
    }

    /// The error for an object with more than `limits.maximumKeys` members.
    @inline(never)
    private func tooManyKeys() -> MapBridgeError {
        limits.exceeded(.keys, "this object has more than \(limits.maximumKeys) members",
                        at: tokenizer.location(pointer: pointer()))
    }

    /// The scalar that `token` starts, when it is one that reads without a problem (so
    /// without the JSON pointer a message would need); `nil` for the rest, which
    /// `parseValue(startingWith:)` reads with its pointer (and its messages).
    ///
    /// Strings and numbers, most values, are told by compares first: one switch on all the
    /// kinds was made a jump table, whose indirect jump went a new way for nearly every value.
    @inline(__always)
    private func scalarValue(_ token: JSONToken) throws -> PropertyValue? {
        guard isWithinRecordBytes else { return nil }
        if token == .string { return .string(try tokenizer.stringValue()) }
        if token == .number {
            let value = tokenizer.numberValue()
            guard value.isFinite else { return nil }
            return .number(NumberValue(text: tokenizer.numberText(), value: value))
        }
        return Self.literalValue(token)
    }

    /// The value of `null`, `true` or `false`; `nil` for any other token.
    @inline(never)
    private static func literalValue(_ token: JSONToken) -> PropertyValue? {
        switch token {
        case .null: .null
        case .true: .bool(true)
        case .false: .bool(false)
        default: nil
        }
    }

    /// Starts counting the bytes and positions of a feature (or top-level object) at the
    /// current token.
    func startRecord() {
        featureStart = tokenizer.tokenOffset
        featureVertices = 0
        recordDepth = path.count
        record.reset()
    }

    /// Whether the current token starts within `limits.maximumFeatureBytes` of the feature.
    @inline(__always)
    var isWithinRecordBytes: Bool { tokenizer.tokenOffset - featureStart <= Int64(limits.maximumFeatureBytes) }

    /// Throws when the feature being read has passed `limits.maximumFeatureBytes`.
    @inline(__always)
    func checkRecordBytes() throws {
        guard !isWithinRecordBytes else { return }
        throw tooManyBytes()
    }

    /// The error for a feature longer than `limits.maximumFeatureBytes` (apart from the check,
    /// which is inlined where values and positions are read).
    @inline(never)
    private func tooManyBytes() -> MapBridgeError {
        limits.exceeded(.featureBytes, "this feature is longer than \(limits.maximumFeatureBytes) bytes",
                        at: tokenizer.location(pointer: pointer()))
    }

    /// Counts one more position of the feature being read; throws past `limits.maximumVertices`.
    @inline(__always)
    func countVertex() throws {
        featureVertices += 1
        guard featureVertices > limits.maximumVertices else { return }
        throw tooManyVertices()
    }

    /// The error for a feature with more than `limits.maximumVertices` positions.
    @inline(never)
    private func tooManyVertices() -> MapBridgeError {
        limits.exceeded(.vertices, "this feature has more than \(limits.maximumVertices) positions",
                        at: tokenizer.location(pointer: pointer()))
    }

    /// The current number token as a `NumberValue`.
    /// - Throws: when it is too large for a double (such as `1e400`).
    func numberValue() throws -> NumberValue {
        let value = tokenizer.numberValue()
        let text = tokenizer.numberText()
        guard value.isFinite else {
            throw fail("the number \(text) is too large to represent; numbers must be within ±1.8e308")
        }
        return NumberValue(text: text, value: value)
    }
}
