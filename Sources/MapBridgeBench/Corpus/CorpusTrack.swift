/// One generated GPS track, written to GPX by `CorpusGPXWriter`: what a device records, a point
/// a second with its elevation and time.
struct CorpusTrack: Sendable {
    var name: String
    /// The activity, written as the track's `type` (`hike`, `run`, `ride`, `drive`).
    var type: String
    /// The segments in order; a second one begins after a pause, as when a recording is resumed.
    var segments: [[CorpusTrackPoint]]
}

/// A track point: position in units of 10^-7 degrees, elevation in decimetres, time in seconds
/// since 1970-01-01T00:00:00Z.
struct CorpusTrackPoint: Sendable {
    var position: CorpusPosition
    var decimetres: Int
    var seconds: Int
}

/// Calendar dates from Unix time, by integer arithmetic (no C library time functions), so the
/// corpus is the same bytes whatever the time zone or platform.
enum CorpusTime {
    /// The year, month and day of `days` since 1970-01-01 in the proleptic Gregorian calendar
    /// (Hinnant's civil_from_days).
    static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097  // [0, 146096]
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365  // [0, 399]
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)  // [0, 365], from March 1
        let mp = (5 * dayOfYear + 2) / 153  // [0, 11], March first
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
