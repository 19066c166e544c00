internal import CJemalloc

/// The memory allocator the `mapbridge` command runs on: jemalloc (Debian's libjemalloc),
/// linked into the command so that it serves every allocation of the process.
///
/// Why: with two threads, features made on the parsing thread are freed on the writing
/// thread. glibc's allocator then takes the parsing thread's arena lock for each freed block
/// and the two threads keep putting each other to sleep: converting 1,000,000 places from
/// KML to GeoJSON made 51,595 voluntary context switches and took 11.2 s (15.3 s of CPU);
/// with jemalloc, whose thread caches take such frees without a shared lock, 3,495 and 7.4 s
/// (11.3 s of CPU). The library itself does not depend on it: an app keeps its own allocator.
enum Allocator {
    /// The allocator's name and version, for `--version`: `jemalloc 5.3.0`.
    static var description: String {
        guard let version = mapbridge_jemalloc_version() else { return "the system allocator" }
        let text = String(cString: version)
        return "jemalloc " + (text.split(separator: "-").first.map(String.init) ?? text)
    }
}
