import Foundation
import LiveHost
import LiveTestSupport
import Synchronization
import Testing

/// Timers that schedule themselves again at once never keep the host's thread from its
/// mailbox: each one is due at the next turn, and the clock hands back after a bounded turn.
@Suite(.serialized) struct RunawayTimerTests {
    static let files = [
        "main.lua": """
        require "Sentinel"
        local C = objc.UIViewController:createSubclass("C")
        ticks, dispatched, timed = 0, 0, 0
        function C:tick()
            ticks = ticks + 1
            self:performSelector_withObject_afterDelay("tick", nil, 0)
        end
        local function again()
            dispatched = dispatched + 1
            dispatch_after(0, again)
        end
        function C:viewDidLoad()
            self:performSelector_withObject_afterDelay("tick", nil, 0)
            dispatch_after(0, again)
            objc.NSTimer:scheduledTimerWithTimeInterval_repeats_block(0, true, function() timed = timed + 1 end)
        end
        return C
        """,
        "Sentinel.lua": "return 0\n",
    ]

    @Test func zeroDelayLoopsLeaveTheConsoleAnswering() throws {
        var options = LiveProject.options
        options.followsRealTime = true
        let project = try LiveProject(Self.files, options: options)
        #expect(project.waitFor(.started) == 1)
        let question = ConsoleRequest(code: "return ticks > 100 and dispatched > 100 and timed > 100")
        let answered = Atomic<Bool>(false)
        let watchdogFired = Atomic<Bool>(false)
        Thread.detachNewThread {
            _ = question.wait()
            answered.store(true, ordering: .sequentiallyConsistent)
        }
        // Without the fix the host's thread never leaves the clock: the watchdog interrupts
        // the loops' Lua calls until it gets out, so that the test fails instead of hanging.
        let interrupter = project.host.interrupter
        Thread.detachNewThread {
            let deadline = Date(timeIntervalSinceNow: 60)
            while !answered.load(ordering: .sequentiallyConsistent) {
                if Date() > deadline {
                    watchdogFired.store(true, ordering: .sequentiallyConsistent)
                    interrupter.interrupt()
                }
                usleep(50_000)
            }
        }
        // The loops run for a moment first.
        _ = project.handle(until: { false }, timeout: .milliseconds(300))
        project.host.mailbox.post(.evaluate(question))
        let handled = project.handle(
            until: { answered.load(ordering: .sequentiallyConsistent) }, timeout: .seconds(120))
        #expect(handled)
        let freedByWatchdog = watchdogFired.load(ordering: .sequentiallyConsistent)
        #expect(!freedByWatchdog, "the host's thread did not get back to its mailbox")
        #expect(question.wait().outcome == .values(["true"]))
        try project.sentinel()
    }
}
