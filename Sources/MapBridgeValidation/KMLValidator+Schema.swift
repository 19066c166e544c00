internal import CLibXML2

extension KMLValidator {
    /// Passes an element's start on to the schema validator (after the KML checks have seen it),
    /// first restarting its parent there when the parent has had `restartInterval` children since
    /// its last start and libxml2 still checks its content (see `KMLSchemaStream`).
    /// - Complexity: O(1) beyond libxml2's own work.
    func schemaStart(_ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?,
                     _ namespaceCount: Int32, _ namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
                     _ attributeCount: Int32, _ defaulted: Int32, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        guard let schemaStream else { return }
        if !stopped, stack.count >= 2 {
            let parent = stack.count - 2
            if stack[parent].restartable, stack[parent].schemaChecked,
                stack[parent].childrenSinceRestart >= options.restartInterval
            {
                let name = stack[parent].name
                let local = name.firstIndex(of: ":").map { String(name[name.index(after: $0)...]) } ?? name
                schemaMuted = true
                schemaStream.restart(local)
                schemaMuted = false
                stack[parent].childrenSinceRestart = 0
            }
            stack[parent].childrenSinceRestart += 1
        }
        schemaStarting = true
        schemaStream.start(localName, prefix, uri, namespaceCount, namespaces, attributeCount, defaulted, attributes)
        schemaStarting = false
    }

    /// Notes a schema error raised while an element's start was being validated: unless it is
    /// about one of its attributes, libxml2 now skips the rest of the parent's content (and this
    /// element's), so neither may be restarted.
    func noteSchemaStartError(_ message: String) {
        guard schemaStarting, !isAttributeMessage(message) else { return }
        let n = stack.count
        if n >= 1 { stack[n - 1].schemaChecked = false }
        if n >= 2 { stack[n - 2].schemaChecked = false }
    }

    /// Whether libxml2's `message` is about an attribute: `Element 'x', attribute 'y': …`.
    private func isAttributeMessage(_ message: String) -> Bool {
        guard message.hasPrefix("Element '"), let attribute = message.firstRange(of: "', attribute '") else { return false }
        guard let colon = message.firstRange(of: "': ") else { return true }
        return attribute.lowerBound < colon.lowerBound
    }
}
