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
