import MapBridgeModel

extension Rule {
    /// Reported on the later of two named points that are one place: their names match after
    /// normalisation (case, accents, punctuation, white space) and they lie within the
    /// duplicate distance (default 100 m, geodesic) of each other. `mapbridge dedupe` merges them.
    public static let duplicatePlace = Rule(id: "duplicate-place", defaultSeverity: .warning,
        explanation: "two named points are one place: same name once case, accents and punctuation are ignored, within 100 m (\(Setting.duplicatePlaceDistance.mention()))")
}
