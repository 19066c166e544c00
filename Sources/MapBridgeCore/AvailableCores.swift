#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The cores this process may run on: on Linux, those of its CPU affinity mask (what
/// `taskset -c 0` narrows to one), else the cores online; at least 1.
let availableCores: Int = {
    #if os(Linux)
    // Glibc's header declares sched_getaffinity only under _GNU_SOURCE, which Swift's Glibc
    // module does not define: look the function up instead (RTLD_DEFAULT is a null handle).
    typealias GetAffinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32
    if let symbol = dlsym(nil, "sched_getaffinity") {
        let getAffinity = unsafeBitCast(symbol, to: GetAffinity.self)
        var mask = [UInt8](repeating: 0, count: 128)  // room for 1,024 CPUs, as cpu_set_t has
        let count = mask.withUnsafeMutableBytes { bytes -> Int in
            guard let base = bytes.baseAddress, getAffinity(0, bytes.count, base) == 0 else { return 0 }
            return bytes.reduce(0) { $0 + $1.nonzeroBitCount }
        }
        if count > 0 { return count }
    }
    #endif
    return max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1)
}()
