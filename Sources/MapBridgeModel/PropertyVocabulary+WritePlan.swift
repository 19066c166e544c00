/// The steps `PropertyVocabulary.properties(of:unplaced:recording:)` takes for one feature,
/// told as it takes them.
protocol WriteRecording {
    /// All of the feature's properties, as they are, and nothing else.
    mutating func allProperties(_ count: Int)
    /// The property at `index`, in its place.
    mutating func property(_ index: Int)
    /// A field's value, from `slot`, under `key`; `placement` is the feature's placement it came from.
    mutating func field(key: String, slot: PropertyVocabulary.Slot, placement: Int?)
    /// A slot that could not say its field's value (the writer went on to the next spelling).
    mutating func unencodable(_ slot: PropertyVocabulary.Slot)
    /// A field left out: every key for it was taken (what `unplaced` is told).
    mutating func unplaced(_ field: PropertyField)
}

/// Records nothing: `properties(of:unplaced:)` as it always was.
struct NoWriteRecording: WriteRecording {
    @inline(__always) mutating func allProperties(_ count: Int) {}
    @inline(__always) mutating func property(_ index: Int) {}
    @inline(__always) mutating func field(key: String, slot: PropertyVocabulary.Slot, placement: Int?) {}
    @inline(__always) mutating func unencodable(_ slot: PropertyVocabulary.Slot) {}
    @inline(__always) mutating func unplaced(_ field: PropertyField) {}
}

/// Takes the entries `PropertyVocabulary.writeProperties(of:unplaced:to:)` gives, in order.
public protocol PropertyOutput {
    /// The next entry.
    mutating func append(key: String, value: PropertyValue)
}

/// Collects the entries as `Properties` (what `properties(of:unplaced:)` returns).
struct CollectedProperties: PropertyOutput {
    var properties = Properties()
    @inline(__always) mutating func append(key: String, value: PropertyValue) {
        properties.append(key: key, value: value)
    }
}

extension PropertyVocabulary {
    /// What `properties(of:)` decided for the last few shapes of feature a writer wrote, kept
    /// so that a feature of a *shape* seen lately (the same property keys in the same order,
    /// the same field placements, the same fields present) is written by following the steps
    /// again, reading only its values, without looking at keys.
    ///
    /// The steps are recorded while `properties(of:)` runs, so they hold no rule of their own.
    /// What depends on values is checked again for each feature: each slot that could not say
    /// its field's value must still not say it, each that could must still say it (else the
    /// feature is written the long way, which records its shape's steps anew); a field's
    /// source spelling is kept as `properties(of:)` keeps it (`spelling(_:source:_:_:)`).
    ///
    /// Several shapes are kept (`capacity`, the most recently used first and tried first):
    /// features of a source often alternate between a few (a KML placemark with or without
    /// one of its data fields). The least recently used goes when a new one comes, so the
    /// memory a plan holds stays bounded.
    public struct WritePlan: Sendable {
        enum Step: Sendable {
            case property(Int)
            case field(slot: Slot, placement: Int?)
            case unencodable(Slot)
            /// A field left out, its keys all taken: told to `unplaced` again on each replay.
            case unplaced(PropertyField)
        }

        struct PlacementShape: Hashable, Sendable {
            var field: PropertyField
            var key: String
            var index: Int
        }

        /// One shape and the steps recorded for it.
        struct Recorded: Sendable {
            var keys: [String]
            var placements: [PlacementShape]
            var present: UInt32
            var steps: [Step]
            /// The keys written for a feature of this shape, in order.
            var outputKeys: [String]
            /// The values written for the last feature of this shape, one per key (overwritten
            /// in place by the next).
            var values: [PropertyValue]
            /// What the writer derived from `outputKeys` (see `writerKeys`).
            var writerKeys: [UInt8] = []
        }

        /// The most shapes a plan keeps.
        static let capacity = 8

        /// The shapes, the most recently used first (the last feature's is first).
        private var shapes: [Recorded] = []

        /// The keys written for the last feature, in order.
        public var outputKeys: [String] { shapes.isEmpty ? [] : shapes[0].outputKeys }
        /// The values written for the last feature, one per key.
        public var outputValues: [PropertyValue] { shapes.isEmpty ? [] : shapes[0].values }

        /// What a writer makes of `outputKeys` once per shape (the keys as it spells them),
        /// kept with the last feature's shape and dropped with it; empty until the writer
        /// sets it for that shape.
        public var writerKeys: [UInt8] {
            get { shapes.isEmpty ? [] : shapes[0].writerKeys }
            set { if !shapes.isEmpty { shapes[0].writerKeys = newValue } }
        }

        /// Per number slot (by raw value), the last number written and its value: a style's
        /// numbers repeat from feature to feature, so their text is made once.
        private var numbers: [(bits: UInt64, value: PropertyValue)?] = []

        public init() {}

        /// The position in `shapes` of the one `feature` has, if any. (Elements are read in
        /// place, through buffer pointers, so that comparing copies no key or value.)
        fileprivate func find(_ feature: Feature) -> Int? {
            guard !shapes.isEmpty else { return nil }
            let present = PropertyVocabulary.presentFields(feature)
            let entries = feature.properties.entries
            let placementCount = feature.placementCount
            return shapes.withUnsafeBufferPointer { shapes in
                entries.withUnsafeBufferPointer { entries in
                    // Read where they stand: a shape is not copied to be asked.
                    for i in shapes.indices
                    where shapes[i].present == present && shapes[i].keys.count == entries.count
                        && shapes[i].placements.count == placementCount
                        && Self.fits(shapes[i].keys, shapes[i].placements, entries, feature) {
                        return i
                    }
                    return nil
                }
            }
        }

        /// Whether the properties `entries` and the placements of `feature` (which holds
        /// them) are a shape's `keys` and `placements`; their counts are known to be the same.
        private static func fits(_ keys: [String], _ placements: [PlacementShape],
                                 _ entries: UnsafeBufferPointer<Properties.Entry>, _ feature: Feature) -> Bool {
            let sameKeys = keys.withUnsafeBufferPointer { keys in
                for i in 0..<keys.count where !sameBytes(keys[i], entries[i].key) { return false }
                return true
            }
            guard sameKeys else { return false }
            guard !placements.isEmpty else { return true }
            return placements.withUnsafeBufferPointer { placements in
                feature.storedPlacements.withUnsafeBufferPointer { stored in
                    // Compared where they stand: a derived placement is under its field's own key.
                    feature.allPlacementSlots { i, slot in
                        switch slot {
                        case .stored(let offset):
                            return placements[i].field == stored[offset].field && placements[i].index == stored[offset].index
                                && sameBytes(placements[i].key, stored[offset].key)
                        case .derived(let field, let index):
                            return placements[i].field == field && placements[i].index == index && placements[i].key == field.key
                        }
                    }
                }
            }
        }

        /// Whether two keys are spelt with the same bytes. (`==` says so of keys in different
        /// Unicode normal forms too, and a replayed feature is written with the keys of the
        /// feature its shape was recorded for.) Most keys are the very same string as the
        /// recorded one (a reader shares its key strings, and a short key is held in place),
        /// which one comparison of the two strings' representations says.
        @inline(__always)
        private static func sameBytes(_ a: String, _ b: String) -> Bool {
            if a._isIdentical(to: b) { return true }
            var a = a, b = b
            return a.withUTF8 { x in b.withUTF8 { y in x.count == y.count && x.elementsEqual(y) } }
        }

        /// Follows the steps of `shapes[position]` for `feature`, putting its values in
        /// `outputValues` (one per step that writes a value, as when they were recorded) and
        /// making that shape the first; `false` when a value makes a step go another way.
        fileprivate mutating func replay(_ feature: Feature, shape position: Int,
                                         unplaced: ((PropertyField) -> Void)?) -> Bool {
            // Taken out of the plan while they are overwritten (so changed in place), and back.
            // The shape's values are as many as its steps write, whatever the feature.
            var values: [PropertyValue] = []
            var numbers: [(bits: UInt64, value: PropertyValue)?] = []
            swap(&values, &shapes[position].values)
            swap(&numbers, &self.numbers)
            if numbers.isEmpty { numbers = Array(repeating: nil, count: Slot.allCases.count) }
            var leavesOut = false
            let done = shapes[position].steps.withUnsafeBufferPointer { steps in
                feature.properties.entries.withUnsafeBufferPointer { p in
                    values.withUnsafeMutableBufferPointer { out in
                        var k = 0
                        for step in steps {
                            switch step {
                            case .property(let i):
                                out[k] = p[i].value
                                k += 1
                            case .unencodable(let slot):
                                guard PropertyVocabulary.encode(feature, slot) == nil else { return false }
                            case .unplaced:
                                leavesOut = true
                            case .field(let slot, let placement):
                                let value: PropertyValue
                                if slot.isNumber {
                                    guard let d = PropertyVocabulary.number(feature, slot) else { return false }
                                    let slotIndex = Int(slot.rawValue)
                                    if let last = numbers[slotIndex], last.bits == d.bitPattern {
                                        value = last.value
                                    } else {
                                        value = .number(NumberValue(d))
                                        numbers[slotIndex] = (d.bitPattern, value)
                                    }
                                } else {
                                    guard let v = PropertyVocabulary.encode(feature, slot) else { return false }
                                    value = v
                                }
                                // A derived placement's source value is the field's text, `value` itself.
                                let source = placement.flatMap { feature.storedSourceValue(ofPlacementAt: $0) }
                                out[k] = PropertyVocabulary.spelling(value, source: source, slot, feature)
                                k += 1
                            }
                        }
                        return true
                    }
                }
            }
            swap(&values, &shapes[position].values)
            swap(&numbers, &self.numbers)
            guard done else { return false }
            // Moved to the front, the ones before it one place back (a few swaps, no copy).
            for j in stride(from: position, to: 0, by: -1) { shapes.swapAt(j, j - 1) }
            // Told once the values are known to take the recorded steps, as often as then.
            if leavesOut, let unplaced {
                for step in shapes[0].steps { if case .unplaced(let field) = step { unplaced(field) } }
            }
            return true
        }

        /// Keeps `feature`'s shape with `steps` first (in place of the same shape recorded
        /// before, whose steps a value made go another way, or else of the least recently
        /// used when the plan is full), and `output` as the last feature's keys and values.
        fileprivate mutating func record(_ feature: Feature, steps: [Step], output: Properties, replacing old: Int?) {
            let shape = Recorded(
                keys: feature.properties.map(\.key),
                placements: feature.withFieldPlacements { $0.map { PlacementShape(field: $0.field, key: $0.key, index: $0.index) } },
                present: PropertyVocabulary.presentFields(feature), steps: steps, outputKeys: output.map(\.key),
                values: output.map(\.value))
            if let old {
                shapes.remove(at: old)
            } else if shapes.count >= Self.capacity {
                shapes.removeLast()
            }
            shapes.insert(shape, at: 0)
        }
    }

    /// Records a plan's steps.
    private struct StepRecording: WriteRecording {
        var steps: [WritePlan.Step] = []
        mutating func allProperties(_ count: Int) { steps = (0..<count).map { .property($0) } }
        mutating func property(_ index: Int) { steps.append(.property(index)) }
        mutating func field(key: String, slot: Slot, placement: Int?) { steps.append(.field(slot: slot, placement: placement)) }
        mutating func unencodable(_ slot: Slot) { steps.append(.unencodable(slot)) }
        mutating func unplaced(_ field: PropertyField) { steps.append(.unplaced(field)) }
    }

    /// Puts in `plan.outputKeys` and `plan.outputValues` what `properties(of: feature,
    /// unplaced: unplaced)` gives (telling `unplaced` the same fields): by the steps of the
    /// feature's shape when the plan has it and the feature's values take the same steps,
    /// else the long way, recording the steps for the next feature of that shape.
    public func writeProperties(of feature: Feature, plan: inout WritePlan, unplaced: ((PropertyField) -> Void)? = nil) {
        let position = plan.find(feature)
        if let position, plan.replay(feature, shape: position, unplaced: unplaced) { return }
        var recording = StepRecording()
        let output = properties(of: feature, unplaced: unplaced, recording: &recording)
        plan.record(feature, steps: recording.steps, output: output, replacing: position)
    }
}
