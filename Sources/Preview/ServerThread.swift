import Foundation

/// The preview server's own thread, as the task executor its tasks prefer.
///
/// Without it the server's tasks would share Swift's cooperative pool (one thread per core)
/// with whatever blocks there, such as a test that runs a live host, and could wait behind
/// it forever. Its jobs run one at a time, in order; once `finish` is called and the queue
/// is empty the thread ends, and a late job goes to the global executor instead.
final class ServerThread: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var finishing = false
    private var ended = false

    init(name: String) {
        let thread = Thread { [self] in run() }
        thread.name = name
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let queued = condition.withLock {
            guard !ended else { return false }
            jobs.append(job)
            condition.signal()
            return true
        }
        if !queued { globalConcurrentExecutor.enqueue(job) }
    }

    /// Ends the thread once the jobs queued so far have run.
    func finish() {
        condition.withLock {
            finishing = true
            condition.signal()
        }
    }

    private func run() {
        while let job = next() {
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    private func next() -> UnownedJob? {
        condition.withLock {
            while jobs.isEmpty && !finishing { condition.wait() }
            guard !jobs.isEmpty else {
                ended = true
                return nil
            }
            return jobs.removeFirst()
        }
    }
}
