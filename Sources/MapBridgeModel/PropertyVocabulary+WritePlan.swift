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
}

/// Records nothing: `properties(of:unplaced:)` as it always was.
struct NoWriteRecording: WriteRecording {
    @inline(__always) mutating func allProperties(_ count: Int) {}
    @inline(__always) mutating func property(_ index: Int) {}
    @inline(__always) mutating func field(key: String, slot: PropertyVocabulary.Slot, placement: Int?) {}
    @inline(__always) mutating func unencodable(_ slot: PropertyVocabulary.Slot) {}
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
    /// What `properties(of:)` decided for the last feature a writer wrote, kept so that a
    /// feature of the same *shape* (the same property keys in the same order, the same field
    /// placements, the same fields present) is written by following the steps again, reading
    /// only its values, without looking at keys.
    ///
    /// The steps are recorded while `properties(of:)` runs, so they hold no rule of their own.
    /// What depends on values is checked again for each feature: each slot that could not say
    /// its field's value must still not say it, each that could must still say it (else the
    /// feature is written the long way, which records the plan anew); a field's source spelling
    /// is kept as `properties(of:)` keeps it (`spelling(_:source:_:_:)`).
    public struct WritePlan: Sendable {
        enum Step: Sendable {
            case property(Int)
            case field(slot: Slot, placement: Int?)
            case unencodable(Slot)
        }

        struct PlacementShape: Hashable, Sendable {
            var field: PropertyField
            var key: String
            var index: Int
        }

        /// The shape the steps were recorded for.
        private var keys: [String] = []
        private var placements: [PlacementShape] = []
        private var present: UInt32 = 0
        private var isRecorded = false
        private var steps: [Step] = []

        /// The keys written for the last feature, in order.
        public private(set) var outputKeys: [String] = []
        /// The values written for the last feature, one per key.
        public private(set) var outputValues: [PropertyValue] = []

        public init() {}

        /// Whether `feature` has the shape the steps were recorded for. (Elements are read in
        /// place, through buffer pointers, so that comparing copies no key or value.)
        fileprivate func fits(_ feature: Feature) -> Bool {
            guard isRecorded, PropertyVocabulary.presentFields(feature) == present else { return false }
            let entries = feature.properties.entries
            guard entries.count == keys.count, feature.placementCount == placements.count else { return false }
            let sameKeys = keys.withUnsafeBufferPointer { keys in
                entries.withUnsafeBufferPointer { entries in
                    for i in 0..<keys.count where keys[i] != entries[i].key { return false }
                    return true
                }
            }
            guard sameKeys else { return false }
            return placements.withUnsafeBufferPointer { placements in
                feature.storedPlacements.withUnsafeBufferPointer { stored in
                    // Compared where they stand: a derived placement is under its field's own key.
                    feature.allPlacementSlots { i, slot in
                        switch slot {
                        case .stored(let offset):
                            return placements[i].field == stored[offset].field && placements[i].index == stored[offset].index
                                && placements[i].key == stored[offset].key
                        case .derived(let field, let index):
                            return placements[i].field == field && placements[i].index == index && placements[i].key == field.key
                        }
                    }
                }
            }
        }

        /// Follows the steps for `feature`, putting its values over the last feature's in
        /// `outputValues` (one per step that writes a value, as when they were recorded);
        /// `false` when a value makes a step go another way.
        fileprivate mutating func replay(_ feature: Feature) -> Bool {
            let entries = feature.properties.entries
            let steps = self.steps
            return outputValues.withUnsafeMutableBufferPointer { out in
                entries.withUnsafeBufferPointer { p in
                    var k = 0
                    for step in steps {
                        switch step {
                        case .property(let i):
                            out[k] = p[i].value
                            k += 1
                        case .unencodable(let slot):
                            guard PropertyVocabulary.encode(feature, slot) == nil else { return false }
                        case .field(let slot, let placement):
                            guard let value = PropertyVocabulary.encode(feature, slot) else { return false }
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

        fileprivate mutating func record(_ feature: Feature, steps: [Step], output: Properties) {
            keys = feature.properties.map(\.key)
            placements = feature.withFieldPlacements { $0.map { PlacementShape(field: $0.field, key: $0.key, index: $0.index) } }
            present = PropertyVocabulary.presentFields(feature)
            self.steps = steps
            outputKeys = output.map(\.key)
            outputValues = output.map(\.value)
            isRecorded = true
        }
    }

    /// Records a plan's steps.
    private struct StepRecording: WriteRecording {
        var steps: [WritePlan.Step] = []
        mutating func allProperties(_ count: Int) { steps = (0..<count).map { .property($0) } }
        mutating func property(_ index: Int) { steps.append(.property(index)) }
        mutating func field(key: String, slot: Slot, placement: Int?) { steps.append(.field(slot: slot, placement: placement)) }
        mutating func unencodable(_ slot: Slot) { steps.append(.unencodable(slot)) }
    }

    /// Puts in `plan.outputKeys` and `plan.outputValues` what `properties(of: feature)` gives:
    /// by the plan's steps when the feature has the shape they were recorded for and its values
    /// take the same steps, else the long way, recording the steps for the next feature.
    public func writeProperties(of feature: Feature, plan: inout WritePlan) {
        if plan.fits(feature) && plan.replay(feature) { return }
        var recording = StepRecording()
        let output = properties(of: feature, unplaced: nil, recording: &recording)
        plan.record(feature, steps: recording.steps, output: output)
    }
}
