/// A JSON pointer (RFC 6901) kept as a stack of reference tokens while a document is walked.
struct JSONPointer: Hashable, Sendable {
    private(set) var tokens: [String] = []

    mutating func push(_ token: String) { tokens.append(token) }
    mutating func push(_ index: Int) { tokens.append(String(index)) }
    mutating func pop() { if !tokens.isEmpty { tokens.removeLast() } }

    /// `/features/0/geometry`, or the empty string for the whole document.
    var text: String {
        var out = ""
        for t in tokens {
            out += "/"
            if t.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) {
                out += t.replacingEscapes()
            } else {
                out += t
            }
        }
        return out
    }

    /// The pointer with `more` appended, as text.
    func text(appending more: [Int]) -> String {
        more.isEmpty ? text : text + more.map { "/\($0)" }.joined()
    }
}

extension String {
    fileprivate func replacingEscapes() -> String {
        var out = ""
        for c in self {
            switch c {
            case "~": out += "~0"
            case "/": out += "~1"
            default: out.append(c)
            }
        }
        return out
    }
}
