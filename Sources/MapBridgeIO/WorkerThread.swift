#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A thread of its own running one closure, which `join()` waits for. The thread gets a
/// 16 MiB stack, as deep as the main thread's usual 8 MiB limit allows and then some, so that
/// a reader recursing through deeply nested input fails the same way on either thread.
/// SIGINT, SIGTERM and SIGHUP stay with the thread that started it.
///
///     guard let worker = WorkerThread({ parse() }) else { parse(); return }
///     …
///     worker.join()
package final class WorkerThread {
    private static let stackBytes = 16 << 20

    #if canImport(Darwin)
    private var thread: pthread_t?
    #else
    private var thread = pthread_t()
    #endif
    private var isJoined = false

    /// Starts `body` on a new thread; `nil` when the system has no thread to give (the caller
    /// then does the work itself).
    package init?(_ body: @escaping @Sendable () -> Void) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, WorkerThread.stackBytes)
        let box = Unmanaged.passRetained(Body(body))
        // The thread is born with interruptions blocked (it inherits this thread's mask), so
        // that they reach the thread that started it (see TemporaryFileRegistry.interruptions).
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        for signal in TemporaryFileRegistry.interruptions { sigaddset(&blocked, signal) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let started = pthread_create(&thread, &attributes, { raw in
            #if canImport(Darwin)
            let body = Unmanaged<Body>.fromOpaque(raw).takeRetainedValue()
            #else
            guard let raw else { return nil }
            let body = Unmanaged<Body>.fromOpaque(raw).takeRetainedValue()
            #endif
            body.run()
            return nil
        }, box.toOpaque())
        guard started == 0 else {
            box.release()
            return nil
        }
    }

    /// Waits until the closure has returned; later calls return at once.
    package func join() {
        guard !isJoined else { return }
        isJoined = true
        #if canImport(Darwin)
        if let thread { pthread_join(thread, nil) }
        #else
        pthread_join(thread, nil)
        #endif
    }

    deinit { join() }

    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
