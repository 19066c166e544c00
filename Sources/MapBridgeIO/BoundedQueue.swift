#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A first-in, first-out queue between one producing and one consuming thread that holds at
/// most `capacity` elements: the producer waits while it is full, the consumer while it is
/// empty, so memory stays bounded however far the producer could run ahead.
///
///     let queue = BoundedQueue<[Feature]>(capacity: 2)
///     // producer:  for batch in batches { guard queue.push(batch) else { break } }; queue.close()
///     // consumer:  while let batch = queue.pop() { … }; queue.cancel() to give up early
///
/// The one class that owns a pthread mutex and condition variable; elements are moved in and
/// out, never copied.
package final class BoundedQueue<Element: Sendable>: @unchecked Sendable {
    // @unchecked: `items`, `isClosed` and `isCancelled` are only touched with `mutex` held.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var items: [Element] = []
    private var isClosed = false
    private var isCancelled = false
    /// The most elements waiting at once (at least 1).
    package let capacity: Int

    package init(capacity: Int) {
        self.capacity = max(capacity, 1)
        items.reserveCapacity(self.capacity)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(mutex)
        changed.deallocate()
        mutex.deallocate()
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    /// Waits for room, then appends `element`.
    /// - Returns: `false`, dropping `element`, once the consumer has cancelled.
    package func push(_ element: consuming Element) -> Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while items.count >= capacity && !isCancelled { pthread_cond_wait(changed, mutex) }
        guard !isCancelled else { return false }
        items.append(element)
        pthread_cond_broadcast(changed)
        return true
    }

    /// Waits for an element and takes it.
    /// - Returns: `nil` once the producer has closed the queue and every element is taken, or
    ///   once the consumer has cancelled.
    package func pop() -> Element? {
        locked {
            while items.isEmpty && !isClosed && !isCancelled { pthread_cond_wait(changed, mutex) }
            guard !isCancelled, !items.isEmpty else { return nil }
            let first = items.removeFirst()
            pthread_cond_broadcast(changed)
            return first
        }
    }

    /// The producer's word that nothing more comes.
    package func close() {
        locked {
            isClosed = true
            pthread_cond_broadcast(changed)
        }
    }

    /// The consumer's word that it takes nothing more: a waiting or later `push` returns
    /// `false`, and what waits is dropped.
    /// - Returns: what was waiting, oldest first (released outside the lock).
    @discardableResult
    package func cancel() -> [Element] {
        locked {
            isCancelled = true
            pthread_cond_broadcast(changed)
            defer { items = [] }
            return items
        }
    }
}
