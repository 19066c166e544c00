extension Properties {
    /// The key a repeat of `key` is kept under, so that no value is lost when a source
    /// names one key twice (a KML `<Data name="k">` or GPX extension element that repeats):
    /// `key` itself when it is free, else the first free of `key_2`, `key_3`, … — the naming
    /// the CSV reader gives repeated column names.
    ///
    ///     var p = Properties(); p["k"] = "a"
    ///     p.freeKey(for: "k")   // "k_2"
    ///
    /// - Complexity: O(n · r) for n keys and r repeats of `key`.
    public func freeKey(for key: String) -> String {
        guard contains(key: key) else { return key }
        var n = 2
        while contains(key: "\(key)_\(n)") { n += 1 }
        return "\(key)_\(n)"
    }
}
