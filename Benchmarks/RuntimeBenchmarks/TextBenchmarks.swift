import BenchWorkloads
import Benchmark
import Foundation
import HeadlessUI
import Rendering

/// A screen of twelve labels of two lines, given either plain text or the same text in ten
/// attributed runs (fonts, colours, a kern, an underline), each round alternating between two
/// sentences so that every label is laid out again, then drawn.
func labelScreen(attributed: Bool) -> String {
    """
            local sentences = { "The quick brown fox jumps over the lazy dog while the cat watches",
                                "Pack my box with five dozen liquor jugs and then go home early" }
            local colours = { objc.UIColor.redColor, objc.UIColor.blueColor, objc.UIColor.labelColor }
            local function runs(sentence)
                local text = objc.NSMutableAttributedString:newWithString_attributes(sentence,
                    { NSFont = objc.UIFont:systemFontOfSize(15) })
                local step = sentence.length // 10
                for run = 0, 9 do
                    local range = { location = run * step, length = run == 9 and sentence.length - 9 * step or step }
                    text:addAttributes_range({ NSColor = colours[run % 3 + 1],
                        NSFont = objc.UIFont:systemFontOfSize(run % 2 == 0 and 15 or 17) }, range)
                end
                text:addAttribute_value_range("NSKern", 1, { location = 0, length = step })
                text:addAttribute_value_range("NSUnderline", 1, { location = step, length = step })
                return text
            end
            texts = { runs(sentences[1]), runs(sentences[2]) }
            plain = sentences
            controller = objc.UIViewController:new()
            controller.view.backgroundColor = objc.UIColor.whiteColor
            labels = {}
            for i = 1, 12 do
                local label = objc.UILabel:newWithFrame(struct.CGRect(10, 20 + i * 50, 355, 44))
                label.numberOfLines = 2
                label.font = objc.UIFont:systemFontOfSize(15)
                controller.view:addSubview(label)
                labels[i] = label
            end
            function show(which)
                for _, label in ipairs(labels) do
                    if \(attributed) then label.attributedText = texts[which] else label.text = plain[which] end
                end
            end
            objc.UIApplication.sharedApplication.keyWindow.rootViewController = controller
    """
}

func textBenchmarks() {
    pairedScreenBenchmarks(
        ("text: 12 labels of a 10-run attributed string, laid out and drawn", labelScreen(attributed: true)),
        ("text: the same 12 labels in plain text, laid out and drawn", labelScreen(attributed: false)))
}

/// 100 KB of text in paragraphs of about 600 characters, the system font at 15 points.
let hundredKilobytesOfText: String = {
    let sentence = "The quick brown fox jumps over the lazy dog while the cat watches from the wall. "
    let paragraph = String(repeating: sentence, count: 7) + "\n"
    return String(repeating: paragraph, count: 100_000 / paragraph.utf8.count + 1)
}()

/// A text storage of `hundredKilobytesOfText` with a layout manager and a container 300 points
/// wide, laid out once.
func makeTextKitWorld() throws -> UIWorld {
    let world = try UIWorld(options: unlimited)
    let setUp = try world.bridge.state.load(
        """
        local text = ...
        storage = objc.NSTextStorage:newWithString_attributes(text, { NSFont = objc.UIFont:systemFontOfSize(15) })
        manager = objc.NSLayoutManager:new()
        storage:addLayoutManager(manager)
        container = objc.NSTextContainer:newWithSize(struct.CGSize(300, 10000000))
        manager:addTextContainer(container)
        manager:ensureLayoutForTextContainer(container)
        middle = storage.length // 2
        """, chunkName: "=setup")
    _ = try setUp.call(.string(hundredKilobytesOfText))
    return world
}

let textKitBenchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .throughput], timeUnits: .microseconds, warmupIterations: 1, maxDuration: .seconds(10),
        maxIterations: 200)
    Benchmark("textkit: laying out 100 KB in a 300-point container", configuration: configuration) { benchmark in
        let world = try makeTextKitWorld()
        let chunk = try world.bridge.state.load(
            """
            manager:invalidateLayoutForCharacterRange_actualCharacterRange({ location = 0, length = storage.length }, nil)
            manager:ensureLayoutForTextContainer(container)
            """, chunkName: "=bench")
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try chunk.call()) }
        benchmark.stopMeasurement()
    }
    Benchmark("textkit: Pango laying out the same text in one layout", configuration: configuration) { benchmark in
        let pango = DirectPango(face: "Inter", size: 15)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(pango.height(hundredKilobytesOfText, width: 290)) }
        benchmark.stopMeasurement()
    }
    // Typed and deleted in turn, so that the text stays the same length.
    Benchmark("textkit: one character typed in the middle, laid out", configuration: configuration) { benchmark in
        let world = try makeTextKitWorld()
        let chunk = try world.bridge.state.load(
            """
            local typed = ...
            if typed then
                storage:replaceCharactersInRange_withString({ location = middle, length = 1 }, "")
            else
                storage:replaceCharactersInRange_withString({ location = middle, length = 0 }, "x")
            end
            manager:ensureLayoutForTextContainer(container)
            """, chunkName: "=bench")
        var typed = false
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try chunk.call(.boolean(typed)))
            typed.toggle()
        }
        benchmark.stopMeasurement()
    }
}
