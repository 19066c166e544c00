import MapBridgeCore
import MapBridgeIO
import Synchronization

/// Work begun on a thread of its own when the process has a second core, else done on the
/// caller's thread when its result is first asked for: the same result either way.
///
///     let duplicates = BackgroundWork { duplicatePlaceFindings(file: path, within: 100) }
///     checkStructure()                 // meanwhile, on this thread
///     for f in duplicates.result() { … }
final class BackgroundWork<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `work` is only read, `outcome` is behind its lock, and `worker` and `taken`
    // are touched only by the thread that made the work.
    private let work: @Sendable () -> Value
    private let outcome = Mutex<Value?>(nil)
    private var worker: WorkerThread?
    private var taken: Value?

    init(_ work: @escaping @Sendable () -> Value) {
        self.work = work
        guard ConvertOptions.defaultThreads > 1 else { return }
        worker = WorkerThread { [self] in
            let value = work()
            outcome.withLock { $0 = value }
        }
    }

    /// The work's result, waiting for the thread when there is one; later calls return the same.
    func result() -> Value {
        if let taken { return taken }
        worker?.join()
        worker = nil
        let value = outcome.withLock { $0.take() } ?? work()
        taken = value
        return value
    }

    deinit { worker?.join() }
}
