/// A piece of measured work, set up once and then run round after round: by the time
/// benchmarks (`make bench`) and, under callgrind, by `InstructionCounts`
/// (`make bench-instructions`), so that both measure the same code.
public struct Workload: Sendable {
    public let name: String
    /// Whether a round takes long (a layout of 100k items): the time benchmarks run fewer.
    public let isLong: Bool
    private let setUp: @Sendable () throws -> () throws -> Void

    /// `setUp` makes the work ready and gives what one round runs.
    public init(_ name: String, isLong: Bool = false, setUp: @escaping @Sendable () throws -> () throws -> Void) {
        self.name = name
        self.isLong = isLong
        self.setUp = setUp
    }

    /// Makes the work ready; the closure runs one round.
    public func prepare() throws -> () throws -> Void { try setUp() }
}

/// A row of the bridge's table: a workload, the baseline it is measured against, and the
/// ratio it should not exceed.
public struct WorkloadComparison: Sendable {
    public let candidate: Workload
    public let baseline: Workload
    public let goal: Double
}

extension [WorkloadComparison] {
    /// Every workload of the comparisons, once.
    public var workloads: [Workload] {
        var seen: Set<String> = []
        return flatMap { [$0.candidate, $0.baseline] }.filter { seen.insert($0.name).inserted }
    }
}

/// Keeps a result alive, so that the work that made it is not optimised away.
@inline(never) public func consume<T>(_ value: T) { withExtendedLifetime(value) {} }
