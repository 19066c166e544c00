/// A JSON pointer (RFC 6901) kept as a stack of reference tokens while a document is walked.
///
/// An array index is kept as a number and spelt only when the text is asked for (a finding):
/// most elements are passed without one.
struct JSONPointer: Hashable, Sendable {
    /// One reference token: a member name, or an array index.
    enum Token: Hashable, Sendable {
        case name(String)
        case index(Int)
    }

    private(set) var tokens: [Token] = []

    mutating func push(_ name: String) { tokens.append(.name(name)) }
    mutating func push(_ index: Int) { tokens.append(.index(index)) }
    mutating func pop() { if !tokens.isEmpty { tokens.removeLast() } }

    /// `/features/0/geometry`, or the empty string for the whole document.
    var text: String {
        var out = ""
        for t in tokens {
            out += "/"
            switch t {
            case .index(let i): out += String(i)
            case .name(let name):
                if name.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) {
                    out += name.replacingEscapes()
                } else {
                    out += name
                }
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
