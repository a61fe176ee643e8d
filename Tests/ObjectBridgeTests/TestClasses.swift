import Foundation
import LuaRuntime
import ObjectBridge
import Testing

/// Native classes made for the bridge's tests: a widget with properties of every kind, a
/// container that owns its content, and a layout-like class whose overridable methods native
/// code calls.
class Widget: BridgeObject {
    var frame = CGRect.zero
    final var alpha = 1.0
    final var tag = 0
    var title: String?
    final var hidden = false
    var insets = Insets(fields: [0, 0, 0, 0])
    var transform = Transform(fields: [1, 0, 0, 1, 0, 0])
    var transform3D = Transform3D(fields: Transform3D.constructorDefaults)
    weak var delegate: BridgeObject?
    private(set) var content: BridgeObject?
    var storedBlock: ScriptBlock?

    func setContent(_ new: BridgeObject?) {
        replaceOwned(content, with: new)
        content = new
    }

    /// What native code does: asks the object for its size through an overridable method.
    func measure(_ bridge: ObjectBridge) throws -> CGSize {
        if let override = bridge.scriptOverride("sizeForWidth", of: self) {
            return try bridge.call(override, on: self, method: "sizeForWidth", frame.width, returning: CGSize.self)
        }
        return nativeSize(frame.width)
    }

    func nativeSize(_ width: Double) -> CGSize { CGSize(width: width, height: 10) }

    /// Asks the delegate an optional protocol method.
    func askDelegate(_ bridge: ObjectBridge) throws -> Int? {
        guard let delegate,
            let method = bridge.delegateMethod("widget_countForTag", of: delegate, protocol: "WidgetDelegate")
        else { return nil }
        return try bridge.call(method, on: delegate, method: "widget_countForTag", self, tag, returning: Int.self)
    }
}

func makeWidgetClass() -> NativeClass {
    NativeClass("Widget", superclass: "NSObject", type: Widget.self, allocate: Widget.init) { c in
        c.method("initWithFrame") { (w: Widget, frame: CGRect) -> Widget in
            w.frame = frame
            return w
        }
        c.property("frame", get: { $0.frame }, set: { $0.frame = $1 })
        c.property("alpha", stored: \.alpha, set: { $0.alpha = $1 })
        c.property("tag", stored: \.tag, set: { $0.tag = $1 })
        c.property("title", get: { $0.title }, set: { $0.title = $1 })
        c.property("hidden", stored: \.hidden, set: { $0.hidden = $1 })
        c.property("insets", get: { $0.insets }, set: { $0.insets = $1 })
        c.property("transform", get: { $0.transform }, set: { $0.transform = $1 })
        c.property("transform3D", get: { $0.transform3D }, set: { $0.transform3D = $1 })
        c.property("delegate", get: { $0.delegate }, set: { $0.delegate = $1 })
        c.property("content", get: { $0.content }, set: { $0.setContent($1) })
        c.property("size", get: { $0.frame.size })
        c.property(
            "checkedAlpha", get: { $0.alpha },
            set: { (w: Widget, value: Double) in
                guard (0...1).contains(value) else { throw ScriptValueError("alpha \(value) is outside 0...1") }
                w.alpha = value
            })
        c.method("setCaption") { (w: Widget, caption: String) in w.title = "caption: " + caption }
        c.method("setNeedsRedraw") { (w: Widget) in w.tag += 1 }
        c.method("sizeForWidth", overridable: true) { (w: Widget, width: Double) in w.nativeSize(width) }
        c.method("measure") { (w: Widget) throws -> CGSize in
            guard let bridge = w.bridge else { throw ScriptValueError("no bridge") }
            return try w.measure(bridge)
        }
        c.method("askDelegate") { (w: Widget) throws -> Int? in
            guard let bridge = w.bridge else { throw ScriptValueError("no bridge") }
            return try w.askDelegate(bridge)
        }
        c.method("offsetPoint_by") { (_: Widget, point: CGPoint, delta: CGSize) in
            CGPoint(x: point.x + delta.width, y: point.y + delta.height)
        }
        c.method("unionRect_withRect") { (_: Widget, a: CGRect, b: CGRect) in a.union(b) }
        c.method("rangeLength") { (_: Widget, range: NSRange) in range.length }
        c.method("sum") { (_: Widget, values: [Double]) in values.reduce(0, +) }
        c.method("paths") { (_: Widget, count: Int) throws -> [IndexPathValue] in
            guard (0...1000).contains(count) else { throw ScriptValueError("count \(count) is outside 0...1000") }
            return (0..<count).map { IndexPathValue(item: $0, section: 0) }
        }
        c.method("keys") { (_: Widget, table: [String: Double]) in table.keys.sorted() }
        c.method("runBlock_times") { (w: Widget, block: ScriptBlock, times: Int) throws in
            guard let bridge = w.bridge else { return }
            for index in 0..<min(max(times, 0), 100) { try bridge.call(block, index, "extra", w) }
        }
        c.method("keepBlock") { (w: Widget, block: ScriptBlock?) in w.storedBlock = block }
        c.method("callKeptBlock") { (w: Widget) throws in
            guard let bridge = w.bridge, let block = w.storedBlock else { return }
            w.storedBlock = nil  // released after use
            try bridge.call(block, w.tag)
        }
        c.method("fire_sender") { (w: Widget, action: String, sender: Widget) throws in
            try w.bridge?.performAction(action, on: w, sender: sender)
        }
        c.classMethod("widgetWithTag") { (tag: Int) -> Widget in
            let widget = Widget()
            widget.tag = tag
            return widget
        }
        c.classProperty("defaultAlpha") { 0.5 }
        c.enumeration("Style", module: "TestKit.Widget", [("Plain", 0), ("FlexibleWidth", 2), ("Grouped", 4)])
    }
}

let widgetDelegateProtocol = ProtocolDescription("WidgetDelegate", optional: ["widget_countForTag"])

/// Flat structs a higher layer registers with the bridge, named as UIKit's.
struct Insets: FlatScriptStruct, Equatable {
    var fields: [Double]
    static var structName: String { "UIEdgeInsets" }
    static var header: String { "UIKit.UIGeometry" }
    static var fieldNames: [String] { ["top", "left", "bottom", "right"] }
    init(fields: UnsafeMutableBufferPointer<Double>) { self.fields = Array(fields) }
    init(fields: [Double]) { self.fields = fields }
}

struct Transform: FlatScriptStruct, Equatable {
    var fields: [Double]
    static var structName: String { "CGAffineTransform" }
    static var header: String { "CoreGraphics.CGAffineTransform" }
    static var fieldNames: [String] { ["a", "b", "c", "d", "tx", "ty"] }
    init(fields: UnsafeMutableBufferPointer<Double>) { self.fields = Array(fields) }
    init(fields: [Double]) { self.fields = fields }
}

/// A struct whose constructor fills in a default other than zero (an identity matrix).
struct Transform3D: FlatScriptStruct, Equatable {
    var fields: [Double]
    static var structName: String { "CATransform3D" }
    static var header: String { "QuartzCore.CATransform3D" }
    static var fieldNames: [String] { (1...4).flatMap { row in (1...4).map { "m\(row)\($0)" } } }
    static var constructorDefaults: [Double] { [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1] }
    init(fields: UnsafeMutableBufferPointer<Double>) { self.fields = Array(fields) }
    init(fields: [Double]) { self.fields = fields }
}

/// A subclass that adopts WidgetDelegate natively, so script subclasses need not declare it.
final class AdoptingWidget: Widget {}

func makeAdoptingWidgetClass() -> NativeClass {
    NativeClass("AdoptingWidget", superclass: "Widget", type: AdoptingWidget.self, allocate: AdoptingWidget.init) { c in
        c.adopts("WidgetDelegate")
    }
}

/// A bridge with the test classes; diagnostics are collected.
final class TestBridge {
    let bridge: ObjectBridge

    /// The default budget stops runaway scripts after 2 s of wall-clock time; the heaviest tests
    /// here (the registry fuzzer's 100,000 calls) take longer than that under AddressSanitizer
    /// on two busy cores. No test here is about the budget.
    static var options: LuaState.Options {
        var options = LuaState.Options()
        options.timeBudget = .seconds(120)
        return options
    }

    init(options: LuaState.Options = TestBridge.options) throws {
        let box = DiagnosticsBox()
        bridge = try ObjectBridge(
            options: options, classes: [makeWidgetClass(), makeAdoptingWidgetClass()],
            protocols: [widgetDelegateProtocol],
            modules: [
                BindingModule(
                    "TestKit.Constants",
                    [
                        ("AnswerValue", .constant(42)),
                        (
                            "Double",
                            .function({ call in
                                try call.frame.push(try call.frame.number(1) * 2)
                                return 1
                            })
                        ),
                    ])
            ],
            structs: [Insets.self, Transform.self, Transform3D.self],
            diagnostics: { box.items.append($0) })
        self.box = box
    }

    private let box: DiagnosticsBox
    var warnings: [String] { box.items.map(\.description) }
    var reports: [BridgeDiagnostic] { box.items }

    @discardableResult
    func run(_ source: String, _ name: String = "=test") throws -> [LuaValue] {
        try bridge.state.run(source, chunkName: name)
    }

    /// Runs `source` and returns its error message (fails the test when it succeeds).
    func error(_ source: String) -> String {
        do {
            try run(source)
            Issue.record("expected an error from: \(source)")
            return ""
        } catch let error as LuaError {
            return error.message
        } catch {
            return "\(error)"
        }
    }
}

final class DiagnosticsBox { var items: [BridgeDiagnostic] = [] }
