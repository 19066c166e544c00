import MapBridgeJSON
import MapBridgeModel

extension GeoJSONReader {
    /// How a piece of a FeatureCollection's input is read on its own: the input cut between
    /// elements of the first collection's `features`, so that the runs of elements can be
    /// parsed on several threads at once (`Options.collectionPiece`).
    ///
    /// The pieces of one input, read in order, give what one reader of the whole input gives:
    /// the first (`resume == nil`) starts at the input's start and ends between two
    /// elements; a middle one starts just after the `,` that followed the last element of the
    /// piece before it and ends between two elements; the last one starts the same way and
    /// reads to the end of the input, resuming the collection its first piece began.
    ///
    ///     var first = GeoJSONReader.Options()
    ///     first.collectionPiece = .init(resume: nil, endsInFeatures: true)
    ///     // … after reading the first piece: reader.collection, reader.elementsRead
    public struct CollectionPiece: Sendable {
        /// Where the piece starts: `nil` at the input's start; else just after a `,` between
        /// two elements of the first collection's `features`.
        public var resume: Resume?
        /// Whether the piece ends just after an element of that `features` array (else at the
        /// end of the input).
        public var endsInFeatures: Bool

        public init(resume: Resume?, endsInFeatures: Bool) {
            self.resume = resume
            self.endsInFeatures = endsInFeatures
        }
    }

    /// Where in `features` a piece starts (`CollectionPiece.resume`).
    public struct Resume: Sendable {
        /// The index in `features` of the piece's first element, ≥ 0 (for JSON pointers).
        public var featureIndex: Int
        /// The collection as the first piece left it (`GeoJSONReader.collection`); needed by
        /// the piece that reads past the end of `features`, `nil` for one that ends inside it.
        public var collection: Collection?

        public init(featureIndex: Int, collection: Collection?) {
            self.featureIndex = featureIndex
            self.collection = collection
        }
    }

    /// The first FeatureCollection of an input as the first piece read it: its members before
    /// `features` (what the rest of its members are checked against) and its document.
    public struct Collection: Sendable {
        let members: Members
        let document: DocumentInfo
    }

    /// The tokenizer settings for a piece that starts inside `features` after `resume`: the
    /// top-level object and the array. The names the object had before `features` are not
    /// handed over: the reader notices repeated names itself, and a piece that reads the
    /// object's later members has them in `resume.collection`'s members.
    static func enclosing(_ resume: Resume) -> [JSONTokenizer.Enclosing] {
        [JSONTokenizer.Enclosing(isObject: true), JSONTokenizer.Enclosing(isObject: false)]
    }

    /// Starts a piece inside `features`, as the whole input's reader stands just after the `,`
    /// before the element numbered `resume.featureIndex`.
    func enter(_ resume: Resume, at origin: JSONTokenizer.Origin?) {
        let collection = resume.collection
        let start = SourceLocation(file: tokenizer.sourceName, line: origin?.line ?? 1,
                                   column: Int((origin?.offset ?? 0) - (origin?.lineStart ?? 0)) + 1)
        featureIndex = resume.featureIndex
        document = collection?.document ?? DocumentInfo()
        path.removeAll()
        path.append(.member("features"))
        collectionMembers = collection?.members ?? Members(location: start)
        state = .inFeatures
    }
}
