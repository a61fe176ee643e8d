import Foundation
import HeadlessUI
import LiveHost
import LuaRuntime
import Rendering
import Testing

/// The renderer: UIKit's compositing rules probed pixel by pixel, text against Pango's layout,
/// the three file formats, and golden pictures and layouts of both examples.
@Suite struct RenderingTests {
    /// A world on a 200x200 @1 screen whose window shows what `script` adds to `root`.
    static func render(_ script: String) throws -> PixelImage {
        let world = try UIWorld(
            profile: try DeviceProfile(parsing: "200x200@1"), services: ScreenRenderer.worldServices)
        world.application.isStatusBarHidden = true  // it would cover the pixels probed at the top
        try world.bridge.state.run(
            """
            local window = objc.UIApplication.sharedApplication.keyWindow
            window.backgroundColor = objc.UIColor.whiteColor
            root = window
            function color(r, g, b, a) return objc.UIColor:colorWithRed_green_blue_alpha(r, g, b, a or 1) end
            function box(parent, x, y, w, h, c)
                local v = objc.UIView:newWithFrame(struct.CGRect(x, y, w, h))
                v.backgroundColor = c
                parent:addSubview(v)
                return v
            end
            \(script)
            """, chunkName: "=test")
        try world.layoutPass()
        return try ScreenRenderer.render(world).pixels()
    }

    static let white: [UInt8] = [255, 255, 255, 255]
    static let red: [UInt8] = [255, 0, 0, 255]
    static let blue: [UInt8] = [0, 0, 255, 255]

    @Test func backgroundsCornersAndClipping() throws {
        let image = try Self.render(
            """
            local rounded = box(root, 10, 10, 100, 100, color(1, 0, 0))
            rounded.layer.cornerRadius = 30
            rounded.clipsToBounds = true
            box(rounded, 50, 50, 100, 100, color(0, 0, 1))
            """)
        #expect(image.pixel(x: 40, y: 40) == Self.red)
        #expect(image.pixel(x: 12, y: 12) == Self.white, "the corner is rounded off")
        #expect(image.pixel(x: 80, y: 80) == Self.blue, "the subview is drawn over its parent")
        #expect(image.pixel(x: 130, y: 130) == Self.white, "and clipped by it")
        #expect(image.pixel(x: 107, y: 107) == Self.white, "also at its rounded corner")
    }

    @Test func alphaComposesTheGroupOnce() throws {
        let image = try Self.render(
            """
            local group = box(root, 0, 0, 100, 100, nil)
            group.alpha = 0.5
            box(group, 0, 0, 60, 60, color(1, 0, 0))
            box(group, 30, 30, 60, 60, color(0, 0, 1))
            """)
        // Where the two overlap, only the blue one shows, at half strength over white.
        let overlap = image.pixel(x: 45, y: 45)
        #expect(abs(Int(overlap[0]) - 127) <= 2 && abs(Int(overlap[1]) - 127) <= 2 && overlap[2] == 255, "\(overlap)")
        let redOnly = image.pixel(x: 10, y: 10)
        #expect(redOnly[0] == 255 && abs(Int(redOnly[1]) - 127) <= 2, "\(redOnly)")
    }

    @Test func hiddenViewsTransformsZOrderAndBorders() throws {
        let image = try Self.render(
            """
            local hidden = box(root, 0, 0, 50, 50, color(1, 0, 0))
            hidden.hidden = true
            local turned = box(root, 100, 20, 80, 20, color(0, 0, 1))
            turned.transform = struct.CGAffineTransform(0, 1, -1, 0, 0, 0)
            local below = box(root, 20, 120, 60, 60, color(0, 1, 0))
            below.layer.zPosition = -1
            local above = box(root, 20, 120, 60, 60, color(1, 0, 0))
            above.layer.zPosition = -2
            local bordered = box(root, 120, 120, 60, 60, color(1, 1, 1))
            bordered.layer.borderWidth = 6
            bordered.layer.borderColor = color(0, 0, 1).CGColor
            box(bordered, 0, 0, 60, 60, color(1, 0, 0))
            """)
        #expect(image.pixel(x: 25, y: 25) == Self.white, "hidden views are not drawn")
        // 80x20 turned a quarter about its centre (140, 30): 20 wide, 80 high.
        #expect(image.pixel(x: 140, y: 0) == Self.blue && image.pixel(x: 140, y: 65) == Self.blue)
        #expect(image.pixel(x: 105, y: 30) == Self.white, "the unturned ends are gone")
        #expect(image.pixel(x: 50, y: 150) == [0, 255, 0, 255], "a higher zPosition is drawn above a later subview")
        #expect(image.pixel(x: 122, y: 150) == Self.blue, "the border is drawn above the subviews")
        #expect(image.pixel(x: 150, y: 150) == Self.red)
    }

    @Test func labelsAreDrawnInPangosLayoutOfTheirText() throws {
        let world = try UIWorld(
            profile: try DeviceProfile(parsing: "300x100@1"), services: ScreenRenderer.worldServices)
        try world.bridge.state.run(
            """
            local window = objc.UIApplication.sharedApplication.keyWindow
            window.backgroundColor = objc.UIColor.whiteColor
            local label = objc.UILabel:newWithFrame(struct.CGRect(0, 0, 300, 100))
            label.text = "Hello, Rebound"
            label.font = objc.UIFont:systemFontOfSize(24)
            label.textAlignment = 1
            window:addSubview(label)
            """, chunkName: "=label")
        try world.layoutPass()
        let image = try ScreenRenderer.render(world).pixels()
        let font = try #require(world.window.subviews.first as? Label).effectiveFont
        let measured = world.text.measure("Hello, Rebound", face: font.face, size: font.pointSize)
        // The ink of the text lies in its logical box, centred as the label aligns it.
        var (left, right, top, bottom) = (Int.max, Int.min, Int.max, Int.min)
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixel(x: x, y: y)[0] < 128 {
                (left, right, top, bottom) = (min(left, x), max(right, x), min(top, y), max(bottom, y))
            }
        }
        let boxLeft = (300 - measured.size.width) / 2
        let boxTop = (100 - measured.size.height) / 2
        #expect(Double(left) >= boxLeft - 1 && Double(right) <= boxLeft + measured.size.width + 1, "\(left)...\(right)")
        #expect(Double(top) >= boxTop - 1 && Double(bottom) <= boxTop + measured.size.height + 1, "\(top)...\(bottom)")
        #expect(Double(right - left) > measured.size.width * 0.9, "the whole text is drawn")
    }

    @Test func oneDrawingGivesTheSamePNGEveryTimeAndSVGAndPDF() throws {
        let world = try UIWorld(profile: try DeviceProfile(parsing: "120x80@2"), services: ScreenRenderer.worldServices)
        try world.bridge.state.run(
            """
            local window = objc.UIApplication.sharedApplication.keyWindow
            window.backgroundColor = objc.UIColor.yellowColor
            local label = objc.UILabel:newWithFrame(struct.CGRect(0, 0, 120, 80))
            label.text = "Same bytes"
            window:addSubview(label)
            """, chunkName: "=files")
        try world.layoutPass()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rebound-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, format) in [
            ("a.png", Picture.Format.png), ("b.png", .png), ("c.svg", .svg), ("d.pdf", .pdf), ("e.pdf", .pdf),
        ] {
            try ScreenRenderer.render(world).write(to: folder.appendingPathComponent(name).path, as: format)
        }
        let data = { (name: String) in try Data(contentsOf: folder.appendingPathComponent(name)) }
        #expect(try data("a.png") == data("b.png"))
        #expect(try PixelImage(png: folder.appendingPathComponent("a.png").path).width == 240, "at the device's scale")
        #expect(String(decoding: try data("c.svg"), as: UTF8.self).contains("<svg"))
        #expect(try data("d.pdf").starts(with: Data("%PDF".utf8)))
        #expect(try data("d.pdf") == data("e.pdf"), "no date in the PDF")
    }

    @Test func theFastPNGGivesBackTheSamePixels() throws {
        let image = try Self.render(
            """
            local half = box(root, 20, 20, 100, 60, color(0.2, 0.6, 1, 0.5))
            half.layer.cornerRadius = 12
            local label = objc.UILabel:newWithFrame(struct.CGRect(10, 100, 180, 40))
            label.text = "Fast PNG"
            root:addSubview(label)
            """)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rebound-fast-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: file) }
        try image.fastPNGData().write(to: file)
        #expect(try PixelImage(png: file.path) == image, "opaque: written as RGB")
        // Transparent pixels keep their alpha (RGBA).
        var holed = image.bytes
        for offset in stride(from: 0, to: 400 * 4, by: 4) {
            holed.replaceSubrange(offset..<offset + 4, with: [0, 0, 0, 0])
        }
        let transparent = PixelImage(width: image.width, height: image.height, bytes: holed)
        try transparent.fastPNGData().write(to: file)
        #expect(try PixelImage(png: file.path) == transparent)
    }

    // MARK: Goldens

    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    static let projects = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Projects")

    /// `text` with each `0x…` address replaced by `#1`, `#2`, ... in the order they appear.
    static func numberingAddresses(_ text: String) -> String {
        var numbers: [Substring: Int] = [:]
        var result = ""
        var rest = text[...]
        while let range = rest.range(of: #"0x[0-9a-f]+"#, options: .regularExpression) {
            result += rest[..<range.lowerBound]
            let address = rest[range]
            let number = numbers[address] ?? numbers.count + 1
            numbers[address] = number
            result += "#\(number)"
            rest = rest[range.upperBound...]
        }
        return result + rest
    }

    /// A host running the project in `folder`, not watching its files.
    static func startedHost(_ folder: URL) throws -> LiveHost {
        let program = try Program(project: try Project(at: folder.path))
        var options = LiveHost.Options()
        options.watch = false
        options.worldServices = ScreenRenderer.worldServices
        let host = try LiveHost(program: program, options: options) { _, _ in }
        try host.start()
        return host
    }

    /// The bundled examples (SignIn: a segmented control, rounded text fields with their
    /// placeholders, in a stack view), and the test projects: `Drawing` draws every primitive of Core
    /// Graphics and UIKit's drawing; `Table`, `GroupedTable`, `Controls` and `Text` what UIKit
    /// draws for its own views (bars, separators, accessories, switches, sliders, buttons,
    /// truncated labels, iOS 6's text drawing, pattern colours).
    @Test(arguments: ["WordsCollection", "Mosaic", "SignIn", "Drawing", "Table", "GroupedTable", "Controls", "Text"])
    func theExamplesMatchTheirGoldenPicturesAndLayouts(example: String) throws {
        let bundled = ["WordsCollection", "Mosaic", "SignIn"].contains(example)
        let folder = bundled ? try BundledExamples.url(example) : Self.projects.appendingPathComponent(example)
        let host = try Self.startedHost(folder)
        defer { host.stop() }
        let world = try #require(host.world)
        let image = try ScreenRenderer.render(world).pixels()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // Constraints name their items by address, which differs from run to run: addresses are
        // numbered in the order they first appear instead.
        let layout = Self.numberingAddresses(
            String(decoding: try encoder.encode(LayoutDump.entries(of: world)), as: UTF8.self) + "\n")
        let picturePath = Self.goldens.appendingPathComponent("\(example).phone.png").path
        let layoutPath = Self.goldens.appendingPathComponent("\(example).phone.json").path
        if ProcessInfo.processInfo.environment["REBOUND_UPDATE_GOLDENS"] == "1" {
            try image.writePNG(to: picturePath)
            try layout.write(toFile: layoutPath, atomically: true, encoding: .utf8)
        }
        #expect(
            try String(contentsOfFile: layoutPath, encoding: .utf8) == layout, "the layout is exactly the golden one")
        let golden = try PixelImage(png: picturePath)
        let difference = try #require(image.difference(from: golden, tolerance: 2), "the picture has the golden's size")
        let allowed = image.width * image.height / 1000
        if difference.count > allowed {
            let failures = FileManager.default.temporaryDirectory.appendingPathComponent("rebound-render-failures")
            try FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
            try image.writePNG(to: failures.appendingPathComponent("\(example).actual.png").path)
            try difference.image?.writePNG(to: failures.appendingPathComponent("\(example).difference.png").path)
            Issue.record("\(difference.count) pixels differ (at most \(allowed)); see \(failures.path)")
        }
    }
}
