import CCairo
import Foundation
import HeadlessUI
import LuaRuntime
import Rendering
import Synchronization
import Testing

/// Pictures a received package ships are read as PNG or JPEG only, whatever their names say;
/// one whose header declares too many pixels is refused before it is decoded; a live program's
/// pictures are decoded off the thread that draws, within each picture's budget.
@Suite struct ImageDecodingTests {
    /// A folder of picture files, and a world whose program files they are.
    final class Pictures {
        let folder: URL
        let world: UIWorld

        init(_ files: [String: Data]) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("rebound-pictures-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (name, data) in files { try data.write(to: folder.appendingPathComponent(name)) }
            world = try UIWorld(
                profile: try DeviceProfile(parsing: "200x200@1"), services: ScreenRenderer.worldServices)
            let folder = folder
            world.useProgramFiles(
                ProgramFiles(root: folder, identifier: nil) { path in
                    let url = folder.appendingPathComponent(path)
                    return FileManager.default.fileExists(atPath: url.path) ? url : nil
                })
            try run("objc.UIApplication.sharedApplication.keyWindow.backgroundColor = objc.UIColor.whiteColor")
        }

        deinit { try? FileManager.default.removeItem(at: folder) }

        @discardableResult
        func run(_ code: String) throws -> [LuaValue] { try world.bridge.state.run(code, chunkName: "=test") }

        /// The error `code` raises ("" when it raises none).
        func error(_ code: String) -> String {
            do {
                try run(code)
                return ""
            } catch { return "\(error)" }
        }

        /// Shows the picture `name` in a 40 x 40 image view at (20, 20).
        func show(_ name: String) throws {
            try run(
                """
                local view = objc.UIImageView:newWithImage(objc.UIImage:imageNamed("\(name)"))
                view.frame = struct.CGRect(20, 20, 40, 40)
                objc.UIApplication.sharedApplication.keyWindow:addSubview(view)
                """)
            try world.layoutPass()
        }
    }

    /// A `width` x `height` PNG of one colour, written by Cairo.
    static func png(width: Int32, height: Int32, red: Double) -> Data {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)
        let cairo = cairo_create(surface)
        cairo_set_source_rgb(cairo, red, 0, 1 - red)
        cairo_paint(cairo)
        cairo_destroy(cairo)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rebound-png-\(UUID()).png").path
        cairo_surface_write_to_png(surface, path)
        cairo_surface_destroy(surface)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
    }

    /// A PNG's signature and header chunk declaring `width` x `height`, then where its pixels
    /// would start (a reader knows the header is done there): what a picture bomb begins with.
    static func pngHeader(width: UInt32, height: UInt32) -> Data {
        var chunk = Data("IHDR".utf8)
        for value in [width, height] { chunk += withUnsafeBytes(of: value.bigEndian) { Data($0) } }
        chunk += Data([8, 6, 0, 0, 0])
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        data += withUnsafeBytes(of: UInt32(13).bigEndian) { Data($0) } + chunk
        data += withUnsafeBytes(of: crc32(chunk).bigEndian) { Data($0) }
        data += withUnsafeBytes(of: UInt32(0).bigEndian) { Data($0) } + Data("IDAT".utf8)
        data += withUnsafeBytes(of: crc32(Data("IDAT".utf8)).bigEndian) { Data($0) }
        return data
    }

    static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// A 4 KB SVG at 4000 x 4000 whose filters take librsvg minutes, named as a PNG; a BMP and
    /// an XPM named as PNGs, each a format gdk-pixbuf's sniffing loaders would take.
    static let disguised: [String: Data] = [
        "bomb.png": Data(
            (#"<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000"><defs>"#
                + (1...40).map { #"<filter id="f\#($0)"><feGaussianBlur stdDeviation="900"/></filter>"# }.joined()
                + "</defs>"
                + (1...40).map { #"<rect width="4000" height="4000" filter="url(#f\#($0))"/>"# }.joined() + "</svg>")
                .utf8),
        "bitmap.png": Data([
            0x42, 0x4D, 0x3A, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0, 0x28, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0x18, 0,
            0, 0, 0, 0, 4, 0, 0, 0, 0x13, 0x0B, 0, 0, 0x13, 0x0B, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0,
        ]),
        "pixmap.png": Data(
            "/* XPM */\nstatic char *x[] = {\"1 1 1 1\", \"a c #FF0000\", \"a\"};\n".utf8),
    ]

    @Test func onlyPNGAndJPEGAreReadWhateverTheName() throws {
        let pictures = try Pictures(Self.disguised.merging(["ok.png": Self.png(width: 4, height: 4, red: 1)]) { $1 })
        for name in ["bomb", "bitmap", "pixmap"] {
            let refused = pictures.error("objc.UIImage:imageNamed('\(name)')")
            #expect(refused.contains("\(name).png is not a PNG or JPEG image"), "\(name): \(refused)")
            let data = try #require(Self.disguised["\(name).png"])
            #expect(throws: (any Error).self) { try Image(data: data, scale: 1) }
        }
        // The sentinel: a real PNG is still read.
        #expect(try pictures.run("return objc.UIImage:imageNamed('ok').size.width") == [.number(4)])
    }

    @Test func aHeaderThatDeclaresTooManyPixelsIsRefusedBeforeDecoding() throws {
        let bomb = Self.pngHeader(width: 100_000, height: 100_000)
        let pictures = try Pictures(["huge.png": bomb, "ok.png": Self.png(width: 4, height: 4, red: 1)])
        let refused = pictures.error("objc.UIImage:imageNamed('huge')")
        #expect(
            refused.contains("huge.png is 100000 x 100000 pixels, over the 67108864 a picture may have"), "\(refused)")
        #expect(throws: (any Error).self) { try Image(data: bomb, scale: 1) }
        #expect(try pictures.run("return objc.UIImage:imageNamed('ok').size.width") == [.number(4)])
    }

    /// A live program's picture is drawn without an image still decoding; the decoder says when
    /// it is ready, and the next picture has it.
    @Test func aLiveProgramsPicturesAreDecodedOffTheDrawingThread() throws {
        let pictures = try Pictures(["red.png": Self.png(width: 40, height: 40, red: 1)])
        try pictures.show("red")
        let decoded = Mutex(0)
        let decoder = ImageDecoder { decoded.withLock { $0 += 1 } }
        let first = try ScreenRenderer.render(pictures.world, images: decoder).pixels()
        #expect(first.pixel(x: 40, y: 40) == [255, 255, 255, 255], "drawn without the image, still decoding")
        let deadline = ContinuousClock.now + .seconds(60)
        while decoded.withLock({ $0 }) == 0, ContinuousClock.now < deadline { usleep(10_000) }
        #expect(decoded.withLock { $0 } == 1)
        let second = try ScreenRenderer.render(pictures.world, images: decoder).pixels()
        #expect(second.pixel(x: 40, y: 40) == [255, 0, 0, 255], "drawn once decoded")
        // A save makes a new picture of the file: decoded again, then shown.
        try Self.png(width: 40, height: 40, red: 0).write(to: pictures.folder.appendingPathComponent("red.png"))
        _ = try ScreenRenderer.render(pictures.world, images: decoder)
        while decoded.withLock({ $0 }) < 2, ContinuousClock.now < deadline { usleep(10_000) }
        let third = try ScreenRenderer.render(pictures.world, images: decoder).pixels()
        #expect(third.pixel(x: 40, y: 40) == [0, 0, 255, 255])
    }

    /// Three images of 1,600 pixels and a budget of 4,000: a picture decodes two, and says it
    /// left out the third.
    @Test func aPictureDecodesAtMostItsBudgetOfPixels() throws {
        let square = Self.png(width: 40, height: 40, red: 1)
        let pictures = try Pictures(["a.png": square, "b.png": square, "c.png": square])
        for name in ["a", "b", "c"] { try pictures.show(name) }
        let picture = try ScreenRenderer.render(pictures.world, images: .whileDrawing(pixelsPerPicture: 4000))
        #expect(
            picture.omissions == ["1 image was left out: the picture's images would decode more than 4000 pixels"],
            "\(picture.omissions)")
        #expect(ImageDecoder.maximumPixelsPerPicture == 128 << 20)
    }
}
