import Foundation
import LiveHost
import Testing

/// `rebound run --preview` seen in a real browser: Debian's headless chromium loads the page,
/// and the test reads what the page shows (its pictures' pixels, its overlays) from the page.
@Suite struct PreviewCommandTests {
    /// Each screen of the page: its frame count, a digest of the picture's pixels as the
    /// browser decoded them (drawn into a canvas), and its overlay's text when it shows.
    static let screensScript = """
        (() => {
          const digest = image => {
            if (!image.complete || image.naturalWidth === 0) return null;
            const canvas = document.createElement("canvas");
            canvas.width = image.naturalWidth;
            canvas.height = image.naturalHeight;
            const context = canvas.getContext("2d");
            context.drawImage(image, 0, 0);
            const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
            let hash = 2166136261;
            for (let i = 0; i < pixels.length; i += 1) hash = Math.imul(hash ^ pixels[i], 16777619) >>> 0;
            return `${canvas.width}x${canvas.height}:${hash}`;
          };
          const screens = {};
          for (const figure of document.querySelectorAll("figure")) {
            const overlay = figure.querySelector(".overlay");
            screens[figure.dataset.device] = { digest: digest(figure.querySelector("img")),
                                               overlay: overlay.hidden ? null : overlay.textContent };
          }
          return JSON.stringify(screens);
        })()
        """

    typealias Screens = [String: (digest: String?, overlay: String?)]

    static func screens(in value: Any?) -> Screens {
        guard let text = value as? String,
            let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: [String: Any]]
        else { return [:] }
        return object.mapValues { ($0["digest"] as? String, $0["overlay"] as? String) }
    }

    @Test func thePageFollowsSavesOnEveryDeviceAndShowsWhatFailed() throws {
        let project = try TemporaryProject([:])
        let example = URL(fileURLWithPath: "\(ReboundProcess.examples)/WordsCollection")
        for name in ["CollectionController.lua", "LabelCell.lua", "PinchFlowLayout.lua", "h2g2.txt", "rebound.json"] {
            try project.write(name, try Data(contentsOf: example.appendingPathComponent(name)))
        }
        let run = try ReboundProcess(
            ["run", project.path, "--preview", "--device", "phone", "--device", "tablet"], input: nil)
        defer { _ = run.finish(deadline: .seconds(30)) }
        defer { run.send(SIGINT) }
        try #require(run.waitForOutput(containing: "preview: http://127.0.0.1:"))
        let url = try #require(run.outputText.split(separator: "\n").first { $0.hasPrefix("preview: ") }?.dropFirst(9))
        #expect(run.outputText.contains("[phone] started CollectionController.lua"))
        #expect(run.outputText.contains("[tablet] started CollectionController.lua"))

        let browser = try HeadlessChromium(url: String(url))
        let shown = Self.screens(
            in: try browser.wait(for: Self.screensScript) { value in
                let screens = Self.screens(in: value)
                return screens["phone"]?.digest != nil && screens["tablet"]?.digest != nil
            })
        let (phone, tablet) = (try #require(shown["phone"]?.digest), try #require(shown["tablet"]?.digest))
        #expect(phone.hasPrefix("750x1334:"))
        #expect(tablet.hasPrefix("2048x2732:"))

        let file = project.folder.appendingPathComponent("LabelCell.lua")
        let source = try String(contentsOf: file, encoding: .utf8)
        try project.write(
            "LabelCell.lua", Data(source.replacingOccurrences(of: "borderWidth = 8", with: "borderWidth = 3").utf8))
        let redrawn = Self.screens(
            in: try browser.wait(for: Self.screensScript) { value in
                let screens = Self.screens(in: value)
                return screens["phone"]?.digest != phone && screens["tablet"]?.digest != tablet
            })
        #expect(redrawn["phone"]?.digest != nil && redrawn["phone"]?.digest != phone)
        #expect(redrawn["tablet"]?.digest != nil && redrawn["tablet"]?.digest != tablet)

        try project.write(
            "LabelCell.lua",
            Data(
                source.replacingOccurrences(
                    of: "local label = self.label",
                    with: "local label = = self.label"
                ).utf8))
        let broken = Self.screens(
            in: try browser.wait(for: Self.screensScript) { value in
                let screens = Self.screens(in: value)
                return screens["phone"]?.overlay != nil && screens["tablet"]?.overlay != nil
            })
        for device in ["phone", "tablet"] {
            let overlay = try #require(broken[device]?.overlay)
            #expect(overlay.contains("LabelCell.lua:"))
            #expect(overlay.contains("unexpected symbol"))
            #expect(overlay.contains("local label = = self.label"))
            #expect(broken[device]?.digest == redrawn[device]?.digest)  // over the last good picture
        }

        try project.write("LabelCell.lua", Data(source.utf8))
        let fixed = Self.screens(
            in: try browser.wait(for: Self.screensScript) { value in
                let screens = Self.screens(in: value)
                // Each screen's picture arrives when it is painted, the phone's and the tablet's apart.
                return screens["phone"]?.overlay == nil && screens["tablet"]?.overlay == nil
                    && screens["phone"]?.digest == phone
                    && screens["tablet"]?.digest == tablet
            })
        #expect(fixed["phone"]?.digest == phone)
        #expect(fixed["tablet"]?.digest == tablet)
        #expect(fixed["tablet"]?.overlay == nil)
    }
}
