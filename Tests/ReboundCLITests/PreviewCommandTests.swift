import Foundation
import LiveHost
import Rendering
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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
        let project = try TemporaryProject(example: "WordsCollection")
        try previewing(project.path, on: ["phone", "tablet"]) { run, url in
            #expect(run.outputText.contains("[phone] started CollectionController.lua"))
            #expect(run.outputText.contains("[tablet] started CollectionController.lua"))

            let browser = try HeadlessChromium(url: url)
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

    /// A screenshot taken as the page loads (`chromium --headless --screenshot`) shows the
    /// screens, at two window sizes: the state is in the page itself. At 1200 x 900 the phone
    /// and the tablet stand side by side, scaled to fit, and the file panel is not cut off.
    @Test func thePageShowsTheScreensAsItLoadsAndFitsTheWindow() throws {
        let project = try TemporaryProject(example: "WordsCollection")
        try previewing(project.path, on: ["phone", "tablet"]) { run, url in
            // Both pictures painted: the page asked for now has them.
            let painted = ContinuousClock.now + .seconds(60)
            while ContinuousClock.now < painted {
                let state = (try? Data(contentsOf: try #require(URL(string: url + "state.json")))).flatMap {
                    try? JSONSerialization.jsonObject(with: $0) as? [String: Any]
                }
                let screens = state?["screens"] as? [[String: Any]] ?? []
                if screens.count == 2, screens.allSatisfy({ $0["picture"] is String }) { break }
                usleep(100_000)
            }

            for (width, height) in [(1200, 900), (800, 600)] {
                let png = try HeadlessChromium.screenshot(of: url, width: width, height: height)
                let file = project.folder.appendingPathComponent("shot-\(width).png")
                try png.write(to: file)
                let image = try PixelImage(png: file.path)
                // The cells are bright colours; the page around them is grey.
                var colourful = 0
                for y in stride(from: 0, to: image.height, by: 2) {
                    for x in stride(from: 0, to: image.width, by: 2) {
                        let pixel = image.pixel(x: x, y: y)
                        if (pixel[0...2].max() ?? 0) - (pixel[0...2].min() ?? 0) > 80 { colourful += 1 }
                    }
                }
                #expect(
                    colourful > image.width * image.height / 4 / 50,
                    "\(width)x\(height): \(colourful) colourful samples")
            }

            let browser = try HeadlessChromium(url: url, viewport: (1200, 900))
            let measure = """
                (() => {
                  const rect = element => element.getBoundingClientRect();
                  const figures = [...document.querySelectorAll("figure .frame")].map(rect);
                  const aside = rect(document.querySelector("aside"));
                  if (figures.length < 2) return null;
                  return JSON.stringify({
                    fits: figures.every(r => r.right <= aside.left && r.bottom <= innerHeight && r.top >= 0),
                    sideBySide: Math.abs(figures[0].top - figures[1].top) < 1,
                    panel: aside.left >= 0 && aside.right <= innerWidth && aside.width > 100,
                    scale: window.rebound.scale, width: innerWidth, height: innerHeight,
                    frames: figures.map(r => [r.left, r.top, r.right, r.bottom]), asideLeft: aside.left });
                })()
                """
            func layout(_ value: Any?) -> [String: Any]? {
                (value as? String).flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            }
            let measured = try #require(layout(try browser.wait(for: measure) { $0 is String }))
            #expect(measured["width"] as? Int == 1200 && measured["height"] as? Int == 900, "\(measured)")
            #expect(measured["fits"] as? Bool == true, "\(measured)")
            #expect(measured["sideBySide"] as? Bool == true, "\(measured)")
            #expect(measured["panel"] as? Bool == true, "\(measured)")
            #expect((measured["scale"] as? Double ?? 1) < 1, "\(measured)")

            // What the page measures once a change has brought its scale below `scale` and the
            // screens fit again: the page may refit in more than one step as the panel settles.
            func refit(from scale: Double) throws -> [String: Any]? {
                layout(
                    try browser.wait(for: measure) {
                        (layout($0)?["scale"] as? Double ?? scale) < scale && layout($0)?["fits"] as? Bool == true
                    })
            }

            // The file panel grows as files load and reload (a long name, a failure's message)
            // without the window changing: the screens shrink to keep beside it.
            let before = try #require(measured["scale"] as? Double)
            _ = try browser.evaluate(
                "(() => { const aside = document.querySelector('aside');"
                    + " aside.style.minWidth = (aside.getBoundingClientRect().width + 150) + 'px'; })()")
            let besidePanel = try #require(
                try refit(from: before), "the screens did not fit below their scale, \(before), after the panel grew")

            // A lower window: the screens shrink to fit it.
            try browser.resize(to: (1200, 600))
            let panelScale = try #require(besidePanel["scale"] as? Double)
            let lower = try #require(
                try refit(from: panelScale), "the screens did not fit a smaller scale after the window shrank")
            #expect(lower["height"] as? Int == 600, "\(lower)")
        }
    }

    private final class StepCount { var value = 0 }

    /// Input through the page, in a real browser: a click selects a WordsCollection cell, a drag
    /// scrolls, an option-drag pinches a cell; a click and typing reach SignIn's text field. Each
    /// is seen in the next picture.
    @Test func thePageTakesClicksDragsPinchesAndTyping() throws {
        let project = try TemporaryProject(example: "WordsCollection")
        try drive(project.path, device: "phone") { browser, point, picture, _ in
            let first = try picture(nil)
            try browser.drag(from: try point(60, 130), through: [])
            let selected = try picture(first)
            // Two fingers about the screen's centre, on the word "yellow", moving apart: the cell
            // grows while they are down (WordsCollection puts it back when they lift).
            let apart = try (1...5).map { try point(150 - Double($0) * 8, 300 - Double($0) * 8) }
            try browser.drag(from: try point(150, 300), through: apart, option: true, releasing: false)
            let pinched = try picture(selected)
            try browser.release(at: apart[apart.count - 1], option: true)
            try browser.drag(from: try point(190, 560), through: (1...6).map { try point(190, 560 - Double($0) * 60) })
            let scrolled = try picture(pinched)
            // The spacing knob's slider, moved: the layout spreads out.
            _ = try browser.evaluate(
                """
                (() => {
                  const slider = document.querySelector('label[data-knob="spacing"] input');
                  slider.value = 30;
                  slider.dispatchEvent(new Event("input"));
                  return slider.type;
                })()
                """)
            let spread = try picture(scrolled)
            // The appearance toggle: the status bar and the system colours turn dark.
            _ = try browser.evaluate(#"document.querySelector("figure button.appearance").click()"#)
            let dark = try picture(spread)
            // The text size menu, then back to light: each reaches the device.
            _ = try browser.evaluate(
                """
                (() => {
                  const menu = document.querySelector("figure select.content-size");
                  menu.value = "AX1";
                  menu.dispatchEvent(new Event("change"));
                })()
                """)
            _ = try browser.evaluate(#"document.querySelector("figure button.appearance").click()"#)
            _ = try picture(dark)
            #expect(
                try browser.evaluate(#"document.querySelector("figure button.appearance").textContent"#) as? String
                    == "dark", "the toggle offers dark again once the device is light")
        }

        let signIn = "\(ReboundProcess.examples)/SignIn"
        try drive(signIn, device: "phone") { browser, point, picture, _ in
            let first = try picture(nil)
            // The email field, under the segmented control.
            try browser.drag(from: try point(187, 488), through: [])
            let focused = try picture(first)
            for character in "ada@example.com" {
                try browser.send(
                    "Input.dispatchKeyEvent", ["type": "keyDown", "key": String(character), "text": String(character)])
                try browser.send("Input.dispatchKeyEvent", ["type": "keyUp", "key": String(character)])
            }
            _ = try picture(focused)
        }
    }

    /// A drag across a table row on the page reveals its swipe actions, and a click on Delete
    /// commits the deletion, as a finger does on the device.
    @Test func aDragAcrossARowOnThePageRevealsItsSwipeActions() throws {
        let project = try TemporaryProject([
            "main.lua": """
            local fruit = { "Apple", "Banana", "Cherry", "Damson" }
            Rows = objc.UITableViewController:createSubclass "Rows"
            function Rows:tableView_numberOfRowsInSection() return #fruit end
            function Rows:tableView_cellForRowAtIndexPath(tableView, indexPath)
                local cell = objc.UITableViewCell:newWithStyle_reuseIdentifier(0, nil)
                cell.textLabel.text = fruit[indexPath.row + 1]
                return cell
            end
            function Rows:tableView_willBeginEditingRowAtIndexPath(tableView, indexPath)
                print("swiped open row " .. indexPath.row)
            end
            function Rows:tableView_commitEditingStyle_forRowAtIndexPath(tableView, style, indexPath)
                print("deleted " .. fruit[indexPath.row + 1])
                table.remove(fruit, indexPath.row + 1)
                tableView:deleteRowsAtIndexPaths_withRowAnimation({ indexPath }, 5)
            end
            return Rows
            """
        ])
        try drive(project.path, device: "phone") { browser, point, picture, run in
            let first = try picture(nil)
            // Row 1 (Banana) lies from y 64 to 108, under the status bar and the first row.
            try browser.drag(from: try point(300, 86), through: (1...8).map { try point(300 - Double($0) * 25, 86) })
            #expect(run.waitForOutput(containing: "swiped open row 1"))
            _ = try picture(first)
            // The Delete button fills the end of the row.
            try browser.drag(from: try point(340, 86), through: [])
            #expect(run.waitForOutput(containing: "deleted Banana"))
        }
    }

    /// A touch screen's two fingers (DevTools' touch events, which the browser turns into
    /// pointer events of type "touch") pinch a WordsCollection cell, as the mirrored mouse
    /// pinch does; lifting them puts it back.
    @Test func twoFingersOnATouchScreenPinch() throws {
        let project = try TemporaryProject(example: "WordsCollection")
        try drive(project.path, device: "phone") { browser, point, picture, _ in
            let first = try picture(nil)
            func touch(_ type: String, _ points: [(x: Double, y: Double)]) throws {
                try browser.send(
                    "Input.dispatchTouchEvent",
                    [
                        "type": type,
                        "touchPoints": points.enumerated().map { index, point in
                            ["x": point.x, "y": point.y, "id": index + 1, "radiusX": 1, "radiusY": 1, "force": 1]
                        },
                    ])
            }
            try browser.send("Emulation.setTouchEmulationEnabled", ["enabled": true, "maxTouchPoints": 5])
            // About the word in the middle of the screen, as the mouse pinch above.
            let start = [try point(180, 326), try point(195, 341)]
            try touch("touchStart", start)
            for step in 1...5 {
                let spread = Double(step) * 8
                try touch("touchMove", [try point(180 - spread, 326 - spread), try point(195 + spread, 341 + spread)])
            }
            let pinched = try picture(first)
            try touch("touchEnd", [])
            _ = try picture(pinched)
        }
    }

    /// Runs `project` with the preview on `devices` and hands `body` the process and the page's
    /// address; the run is interrupted, and awaited, when `body` returns.
    private func previewing(_ project: String, on devices: [String], _ body: (ReboundProcess, String) throws -> Void)
        throws
    {
        let run = try ReboundProcess(["run", project, "--preview"] + devices.flatMap { ["--device", $0] }, input: nil)
        defer { _ = run.finish(deadline: .seconds(30)) }
        defer { run.send(SIGINT) }
        try body(run, try run.previewAddress())
    }

    /// Runs `project` with the preview, opens the page in Chromium, and hands `body` the
    /// browser, a function from device points to page points, and one that waits for a picture
    /// other than the one given (nil: any) and returns its digest.
    private func drive(
        _ project: String, device: String,
        _ body: (
            HeadlessChromium, (Double, Double) throws -> (x: Double, y: Double), (String?) throws -> String,
            ReboundProcess
        ) throws -> Void
    ) throws {
        try previewing(project, on: [device]) { run, url in
            let browser = try HeadlessChromium(url: url, viewport: (1200, 900))
            let point = { (x: Double, y: Double) throws -> (x: Double, y: Double) in
                let value = try browser.wait(
                    for: """
                        (() => {
                          const frame = document.querySelector(`figure[data-device="\(device)"] .frame`);
                          if (!frame || !frame.style.width) return null;
                          const rect = frame.getBoundingClientRect();
                          return JSON.stringify([rect.left, rect.top, rect.width, rect.height]);
                        })()
                        """
                ) { $0 is String }
                let rect = (value as? String).flatMap {
                    try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [Double]
                }
                let size: (Double, Double) = (375, 667)
                guard let rect, rect.count == 4 else { throw BrowserError("the screen is not on the page") }
                return (rect[0] + x / size.0 * rect[2], rect[1] + y / size.1 * rect[3])
            }
            // The picture after an action: changed, then still for half a second (a flick's
            // deceleration has ended), so that the next action's change is its own.
            let steps = StepCount()
            let picture = { (previous: String?) throws -> String in
                steps.value += 1
                let shown = Self.screens(
                    in: try browser.wait(for: Self.screensScript) { value in
                        guard let digest = Self.screens(in: value)[device]?.digest else { return false }
                        return digest != previous
                    })
                guard var digest = shown[device]?.digest else {
                    throw BrowserError("step \(steps.value): the picture did not change within 30 s")
                }
                let deadline = ContinuousClock.now + .seconds(30)
                while ContinuousClock.now < deadline {
                    usleep(500_000)
                    guard let now = Self.screens(in: try browser.evaluate(Self.screensScript))[device]?.digest,
                        now != digest
                    else { return digest }
                    digest = now
                }
                throw BrowserError("the picture did not settle within 30 s")
            }
            try body(browser, point, picture, run)
        }
    }
}

/// `rebound run --record`: a session on the page, written as a spec that `rebound test`
/// replays green, and that fails once the program's behaviour changes.
@Suite struct RecordingTests {
    /// Posts one input message to the page's channel, as the page does.
    static func post(_ body: String, to base: String, token: String) throws -> Int {
        var request = URLRequest(url: try #require(URL(string: base + "input")))
        request.httpMethod = "POST"
        request.httpBody = Data(body.utf8)
        request.setValue(token, forHTTPHeaderField: "X-Rebound-Token")
        request.setValue(String(base.dropLast()), forHTTPHeaderField: "Origin")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let done = DispatchSemaphore(value: 0)
        let status = Box()
        URLSession.shared.dataTask(with: request) { _, response, _ in
            status.value = (response as? HTTPURLResponse)?.statusCode ?? 0
            done.signal()
        }.resume()
        guard done.wait(timeout: .now() + 30) == .success else { throw BrowserError("no answer from /input") }
        return status.value
    }

    private final class Box: @unchecked Sendable { var value = 0 }

    @Test func aRecordedSessionReplaysAndFailsAfterABreakingSave() throws {
        let project = try TemporaryProject(example: "SignIn")
        let run = try ReboundProcess(["run", project.path, "--record", "spec/recorded_spec.lua"], input: nil)
        let base = try run.previewAddress()
        let page = try String(contentsOf: try #require(URL(string: base)), encoding: .utf8)
        let token = String(
            try #require(page.range(of: "const inputToken = \"").map { page[$0.upperBound...].prefix(64) }))
        let tap = { (x: Int, y: Int) in
            #"{"actions": [{"type": "down", "finger": 1, "x": \#(x), "y": \#(y)}, "#
                + #"{"type": "up", "finger": 1, "x": \#(x), "y": \#(y)}]}"#
        }
        #expect(try Self.post(tap(187, 488), to: base, token: token) == 204, "the email field")
        for character in "ada" {
            #expect(
                try Self.post(#"{"actions": [{"type": "text", "text": "\#(character)"}]}"#, to: base, token: token)
                    == 204)
        }
        #expect(try Self.post(#"{"actions": [{"type": "key", "key": "return"}]}"#, to: base, token: token) == 204)
        #expect(try Self.post(#"{"actions": [{"type": "paste", "text": "secret"}]}"#, to: base, token: token) == 204)
        #expect(run.outputText.contains("recording what is done"))
        usleep(500_000)
        run.send(SIGINT)
        let finished = run.finish(deadline: .seconds(30))
        #expect(
            (finished.output + finished.error).contains("recorded 3 gestures and edits to spec/recorded_spec.lua"),
            "\(finished.output)\(finished.error)")
        let spec = try String(
            contentsOf: project.folder.appendingPathComponent("spec/recorded_spec.lua"), encoding: .utf8)
        #expect(spec.contains("tap(host.find { accessibilityIdentifier = \"email\" })"), "\(spec)")
        #expect(spec.contains("host.type(\"ada\\n\")"))
        #expect(spec.contains("simulate.paste(\"secret\")"))
        #expect(
            spec.contains(
                #"assert.is_not_nil(host.find { text = "Not signed in" }, "no view on screen shows the text \"Not signed in\"")"#
            ), "\(spec)")
        #expect(spec.contains("host.snapshot(\"recorded\")"))

        let replay = try ReboundProcess.run("test", project.path, "--output", "plain")
        #expect(replay.status == 0, "\(replay.output)\(replay.error)")
        #expect(replay.error.contains("recorded spec/__snapshots__/recorded.phone.png"))
        #expect(try ReboundProcess.run("test", project.path, "--output", "plain").status == 0, "green again")

        let controller = project.folder.appendingPathComponent("SignInController.lua")
        let source = try String(contentsOf: controller, encoding: .utf8)
        try project.write(
            "SignInController.lua", Data(source.replacingOccurrences(of: "Not signed in", with: "Signed out").utf8))
        let broken = try ReboundProcess.run("test", project.path, "--output", "plain")
        #expect(broken.status == 1, "\(broken.output)")
        #expect(broken.output.contains("0 passed, 1 failed") || broken.output.contains("1 failed"))
        #expect(broken.output.contains(#"no view on screen shows the text "Not signed in""#), "\(broken.output)")
    }
}
