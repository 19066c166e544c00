/// The kinds of token the tokenizer hands out.
public enum JSONToken: UInt8, Hashable, Sendable {
    case beginObject, endObject, beginArray, endArray
    /// An object member's name; its bytes are in `JSONTokenizer.stringBytes`.
    case key
    /// A string value; its decoded bytes are in `JSONTokenizer.stringBytes`.
    case string
    /// A number; its text is in `JSONTokenizer.numberBytes`.
    case number
    case `true`, `false`, null
    /// The end of the input (after the last top-level value).
    case endOfInput

    /// How the token is named in messages.
    public var displayName: String {
        switch self {
        case .beginObject: "'{'"
        case .endObject: "'}'"
        case .beginArray: "'['"
        case .endArray: "']'"
        case .key: "a member name"
        case .string: "a string"
        case .number: "a number"
        case .true: "true"
        case .false: "false"
        case .null: "null"
        case .endOfInput: "the end of the input"
        }
    }
}
