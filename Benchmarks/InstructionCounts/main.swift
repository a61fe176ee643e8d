import BenchWorkloads
import Foundation

// `InstructionCounts NAME ROUNDS`: sets up the bridge workload NAME and runs ROUNDS rounds of
// it, for callgrind to count (Scripts/bench-instructions.sh runs it twice, at ROUNDS and twice
// as many, so that the difference is the rounds alone). `InstructionCounts --list` prints the
// comparisons: candidate, baseline and goal, a tab between them.
let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "--list" {
    for row in BridgeRows.comparisons + CollectorRows.comparisons {
        print("\(row.candidate.name)\t\(row.baseline.name)\t\(row.goal)")
    }
    exit(0)
}
guard arguments.count == 2, let name = arguments.first, let rounds = Int(arguments.last ?? ""), rounds > 0,
    let workload = (BridgeRows.workloads + CollectorRows.workloads).first(where: { $0.name == name })
else {
    FileHandle.standardError.write(Data("usage: InstructionCounts --list | InstructionCounts NAME ROUNDS\n".utf8))
    exit(2)
}
do {
    let round = try workload.prepare()
    for _ in 0..<rounds { try round() }
} catch {
    FileHandle.standardError.write(Data("\(name): \(error)\n".utf8))
    exit(1)
}
