import CPangoCairo
import Foundation
import HeadlessUI
import LuaRuntime
import Testing

/// Images read from real PNG files.
@Suite struct ImageTests {
    /// Writes a `width` x `height` PNG with Cairo.
    static func writePNG(_ path: String, width: Int32, height: Int32) {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)
        cairo_surface_write_to_png(surface, path)
        cairo_surface_destroy(surface)
    }

    @Test func pixelSizeAndScaleFromTheFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rebound-images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        Self.writePNG(folder.appendingPathComponent("icon@2x.png").path, width: 30, height: 20)
        Self.writePNG(folder.appendingPathComponent("plain.png").path, width: 7, height: 5)
        try "not an image".write(to: folder.appendingPathComponent("text.png"), atomically: true, encoding: .utf8)
        let t = try TestWorld()
        t.world.useProgramFiles(
            ProgramFiles(root: folder, identifier: nil) { path in
                let url = folder.appendingPathComponent(path)
                return FileManager.default.fileExists(atPath: url.path) ? url : nil
            })
        let results = try t.run(
            """
            local folder = "\(folder.path)"
            local retina = objc.UIImage:imageWithContentsOfFile(folder .. "/icon@2x.png")
            local plain = objc.UIImage:imageWithContentsOfFile(folder .. "/plain.png")
            local view = objc.UIImageView:newWithImage(retina)
            return retina.size.width, retina.size.height, retina.scale, plain.size.width, plain.scale,
                   view.frame.size.width, view:sizeThatFits { width = 0, height = 0 }.height
            """)
        #expect(results == [15, 10, 2, 7, 1, 15, 10])
        #expect(
            t.error("objc.UIImage:imageWithContentsOfFile('\(folder.path)/text.png')").contains(
                "is not a PNG or JPEG image"))
        #expect(t.error("objc.UIImage:imageWithContentsOfFile('\(folder.path)/missing.png')").contains("no image file"))
        // Outside the program's files, whether the file exists or not, the answer is the same.
        let outside = t.error("objc.UIImage:imageWithContentsOfFile('/nowhere/x.png')")
        #expect(outside.contains("is outside the program's files"), "\(outside)")
        let existing = t.error("objc.UIImage:imageWithContentsOfFile('/usr/include/stdio.h')")
        #expect(existing.replacingOccurrences(of: "/usr/include/stdio.h", with: "/nowhere/x.png") == outside)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("link.png").path,
            withDestinationPath: "/usr/include/stdio.h")
        #expect(t.error("objc.UIImage:imageWithContentsOfFile('link.png')").contains("is outside the program's files"))
    }
}
