#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The temporary files and folders this process has made and not yet removed or renamed into
/// place, so that an interrupted run leaves none behind: `removeOnSignals()` installs a
/// handler for SIGINT, SIGTERM, SIGHUP and crashes that removes them all, then lets the
/// signal do what it did before (by default, end the process, whose status then names the
/// signal). `makeTemporaryFile(beside:)` registers what it makes; `removeTemporaryFile(_:)`
/// and `forgetTemporaryFile(_:)` take a path off.
///
/// The handler only calls async-signal-safe functions (`unlink`, `rmdir`, `sigaction`,
/// `raise`, and `readdir` on a folder opened beforehand, used by no one else); it reads a
/// fixed table of C strings filled in under a lock by the threads that make the files.
public enum TemporaryFileRegistry {
    /// Live temporary paths tracked at most; further ones are still removed on every
    /// ordinary path, only not on a signal.
    static let capacity = 256

    private struct Slot {
        var path: UnsafeMutablePointer<CChar>?
        /// For a folder: the folder, open, so the handler can empty it without allocating.
        var folder: DirectoryHandle?
    }

    private struct Table: @unchecked Sendable {
        let slots: UnsafeMutablePointer<Slot>
        let previous: UnsafeMutablePointer<sigaction>
    }

    // Allocated once, never freed: the signal handler reads it at any moment.
    private static let table: Table = {
        let slots = UnsafeMutablePointer<Slot>.allocate(capacity: capacity)
        slots.initialize(repeating: Slot(), count: capacity)
        let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        previous.initialize(repeating: sigaction(), count: 65)
        return Table(slots: slots, previous: previous)
    }()
    private static let lock = Mutex(())

    /// The signals after which temporaries are removed: interruption, then crashes.
    static let signals: [Int32] = interruptions + [SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE]

    /// The signals sent from outside to interrupt the process (SIGINT, SIGTERM, SIGHUP). A
    /// thread the process starts for its work blocks them, so that the handler runs on the
    /// main thread, which then makes no new temporary while the others are removed.
    public static let interruptions: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Tracks `path`, a temporary file (or with `isFolder`, a folder whose files are all
    /// temporary), for removal on a signal.
    static func register(_ path: String, isFolder: Bool = false) {
        let table = table
        lock.withLock { _ in
            for i in 0..<capacity where table.slots[i].path == nil {
                table.slots[i].folder = isFolder ? opendir(path) : nil
                table.slots[i].path = strdup(path)
                return
            }
        }
    }

    /// Runs `body` with SIGINT, SIGTERM and SIGHUP held back on this thread, then lets any that
    /// came meanwhile through: a file made and registered inside `body` is either not yet
    /// made or already tracked when the handler runs.
    static func withInterruptionsHeld<T>(_ body: () -> T) -> T {
        var held = sigset_t(), previous = sigset_t()
        sigemptyset(&held)
        for signal in interruptions { sigaddset(&held, signal) }
        pthread_sigmask(SIG_BLOCK, &held, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return body()
    }

    /// Stops tracking `path`; returns whether it was tracked.
    static func unregister(_ path: String) {
        let table = table
        lock.withLock { _ in
            for i in 0..<capacity {
                guard let p = table.slots[i].path, strcmp(p, path) == 0 else { continue }
                table.slots[i].path = nil
                if let folder = table.slots[i].folder { closedir(folder) }
                table.slots[i].folder = nil
                free(p)
                return
            }
        }
    }

    /// Removes every tracked file and folder; safe to call from a signal handler.
    static func removeAll() {
        let slots = table.slots
        for i in 0..<capacity {
            guard let path = slots[i].path else { continue }
            if let folder = slots[i].folder {
                let dir = folder
                rewinddir(dir)
                while let entry = readdir(dir) {
                    withUnsafePointer(to: entry.pointee.d_name) { name in
                        name.withMemoryRebound(to: CChar.self, capacity: 256) { name in
                            _ = unlinkat(dirfd(dir), name, 0)
                        }
                    }
                }
                rmdir(path)
            } else {
                unlink(path)
            }
        }
    }

    /// Installs the handler that removes the temporaries on SIGINT, SIGTERM, SIGHUP and on a
    /// crash (SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE), and at `exit`. A signal the
    /// process ignores stays ignored; one it was started with blocked (a mask inherited from
    /// a multi-threaded parent, such as a test runner) is unblocked, so it is not lost. Call
    /// once, early, from a program (not a library).
    public static func removeOnSignals() {
        let table = table
        installAlternateStack()
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signal in signals { sigaddset(&unblocked, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        for signal in signals {
            var current = sigaction()
            guard sigaction(signal, nil, &current) == 0, !isIgnored(current) else { continue }
            var action = sigaction()
            setHandler(&action) { signal in
                TemporaryFileRegistry.removeAll()
                // Put back what was there (the default: end the process) and let it happen.
                let table = TemporaryFileRegistry.table
                sigaction(signal, table.previous + Int(signal), nil)
                raise(signal)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = Int32(SA_ONSTACK)
            sigaction(signal, &action, table.previous + Int(signal))
        }
        atexit { TemporaryFileRegistry.removeAll() }
    }

    /// A stack for the handler, so it runs even when the stack overflowed.
    private static func installAlternateStack() {
        var current = stack_t()
        guard sigaltstack(nil, &current) == 0, (current.ss_flags & Int32(SS_DISABLE)) != 0 else { return }
        let size = 1 << 16
        var stack = stack_t()
        stack.ss_sp = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        stack.ss_size = size
        stack.ss_flags = 0
        sigaltstack(&stack, nil)
    }
}

#if canImport(Darwin)
private typealias DirectoryHandle = UnsafeMutablePointer<DIR>
private func isIgnored(_ action: sigaction) -> Bool {
    unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self) == 1
}
private func setHandler(_ action: inout sigaction, _ handler: @convention(c) (Int32) -> Void) {
    action.__sigaction_u.__sa_handler = handler
}
#else
private typealias DirectoryHandle = OpaquePointer
private func isIgnored(_ action: sigaction) -> Bool {
    // SIG_IGN is the handler value 1.
    action.__sigaction_handler.sa_handler.map { unsafeBitCast($0, to: Int.self) == 1 } ?? false
}
private func setHandler(_ action: inout sigaction, _ handler: @convention(c) (Int32) -> Void) {
    action.__sigaction_handler.sa_handler = handler
}
#endif

/// Removes the temporary file `path` and stops tracking it.
public func removeTemporaryFile(_ path: String) {
    unlink(path)
    TemporaryFileRegistry.unregister(path)
}

/// Stops tracking `path`, which has been renamed into place (or handed to its caller to keep).
public func forgetTemporaryFile(_ path: String) {
    TemporaryFileRegistry.unregister(path)
}
