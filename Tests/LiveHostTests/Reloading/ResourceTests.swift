import CPangoCairo
import Foundation
import LiveHost
import LiveTestSupport
import LuaRuntime
import Testing

/// `getResource` in both spellings, every type, and bad resource files.
@Suite(.serialized) struct ResourceTests {
    static let main = """
        local Controller = objc.UIViewController:createSubclass("Controller")
        Controller.config = property()
        function Controller:setConfig(value) self._config = value; configs = (configs or 0) + 1 end
        function Controller:viewDidLoad()
            controller = self
            self:getResource("config", "json", "config")
            self:getResource("Data/settings", "plist", "settings")
            self:getResource("icon", "png", "icon")
            getResource("notes", "public.plain-text", self, function(self, text) notes = text end)
            self:addMessageHandler("system.did_load_resource", function(self, _, name, kind) loaded = name .. "." .. kind end)
        end
        return Controller
        """

    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict><key>columns</key><integer>3</integer><key>dark</key><true/>
        <key>names</key><array><string>a</string><string>b</string></array></dict></plist>
        """

    func project(options: LiveHost.Options = .init()) throws -> LiveProject {
        let project = try LiveProject(
            [
                "main.lua": Self.main,
                "config.json": #"{"columns": 2, "title": "Words", "ratio": 1.5, "tags": ["x", "y"], "on": false}"#,
                "Data/settings.plist": Self.plist,
                "notes.txt": "first notes",
            ], start: false)
        Self.writePNG(project.url("icon@2x.png").path, width: 40, height: 20)
        try project.launch(options: options)
        return project
    }

    static func writePNG(_ path: String, width: Int32, height: Int32) {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)
        cairo_surface_write_to_png(surface, path)
        cairo_surface_destroy(surface)
    }

    @Test func everyTypeIsDeliveredAtOnce() throws {
        let project = try project()
        #expect(try project.value("controller.config.columns") == 2)
        #expect(try project.value("controller.config.title") == "Words")
        #expect(try project.value("controller.config.ratio") == 1.5)
        #expect(try project.value("controller.config.tags[2]") == "y")
        #expect(try project.value("controller.config.on") == false)
        #expect(try project.value("controller.settings.columns") == 3)
        #expect(try project.value("controller.settings.dark") == true)
        #expect(try project.value("controller.settings.names[1]") == "a")
        #expect(try project.value("controller.icon.size.width") == 20)  // @2x: 40 pixels are 20 points
        #expect(try project.value("notes") == "first notes")
        #expect(project.events.filter(\.isError).isEmpty)
    }

    @Test func aChangedResourceIsDeliveredAgainThenItsMessage() throws {
        let project = try project()
        try project.save("config.json", #"{"columns": 4}"#, as: .renameOver)
        #expect(project.waitFor(.resource) == 1)
        #expect(try project.value("controller.config.columns") == 4)
        #expect(try project.value("loaded") == "config.json")
        #expect(project.events(.resource).first?.turn?.handlers == 1)
        try project.save("notes.txt", "second notes", as: .truncateThenWrite)
        #expect(project.waitFor(.resource, count: 2) == 2)
        #expect(try project.value("notes") == "second notes")
    }

    @Test func aMalformedFileIsAnErrorAndTheLastGoodValueStays() throws {
        let project = try project()
        try project.save("config.json", #"{"columns": 4,"#, as: .inPlace)
        project.waitFor(.problem(.resourceError))
        let message = try #require(project.events(.problem(.resourceError)).first?.problem?.message)
        #expect(message.hasPrefix("config.json is not valid JSON"))
        #expect(try project.value("controller.config.columns") == 2)
        try project.save("Data/settings.plist", "<plist><dict><key>x</key>", as: .inPlace)
        project.waitFor(.problem(.resourceError), count: 2)
        #expect(
            project.events(.problem(.resourceError)).last?.problem?.message.hasPrefix(
                "Data/settings.plist is not a valid property list") == true)
        try project.save("icon@2x.png", "not a picture", as: .inPlace)
        project.waitFor(.problem(.resourceError), count: 3)
        #expect(project.events(.problem(.resourceError)).last?.problem?.message.contains("icon@2x.png") == true)
        #expect(try project.value("controller.icon.size.width") == 20)
    }

    @Test func aFileOverTheSizeLimitIsRefused() throws {
        var options = LiveProject.options
        options.resourceSizeLimit = 1024
        let project = try project(options: options)
        try project.save("notes.txt", String(repeating: "x", count: 4096), as: .inPlace)
        project.waitFor(.problem(.resourceError))
        #expect(
            project.events(.problem(.resourceError)).first?.problem?.message
                == "notes.txt is 4096 bytes, over the 1024 bytes resource size limit; it was not loaded")
        #expect(try project.value("notes") == "first notes")
    }

    @Test func aMissingResourceIsAWarningAndIsDeliveredWhenItAppears() throws {
        let project = try project()
        _ = try project.run("controller:getResource('later', 'txt', 'later')")
        #expect(project.events(.warning).last?.text?.contains("no txt resource 'later'") == true)
        try project.write("Texts/later.txt", "here now")
        project.waitFor(.resource)
        #expect(try project.value("controller.later") == "here now")
    }

    @Test func aBindingGoesAwayWithItsObject() throws {
        let project = try project()
        _ = try project.run(
            "do local other = objc.NSObject:new(); other:getResource('notes', 'txt', function() end) end")
        project.world.bridge.state.collectGarbage()
        try project.save("notes.txt", "third notes", as: .inPlace)
        project.waitFor(.resource)
        #expect(project.events(.resource).first?.turn?.bindings == 1)  // the controller's alone
    }

    /// CodeFlow's forms: type identifiers, the value returned at once, functions bound without
    /// an object (told apart by where they are written), dotted group names, and NSArray's and
    /// NSDictionary's members on decoded tables.
    @Test func codeFlowsFormsAndTypeNames() throws {
        let project = try project()
        try project.write("data/palette.json", #"[{"name": "red", "hue": 0}, {"name": "teal", "hue": 0.5}]"#)
        _ = try project.run(
            """
            palette = getResource("data.palette", "public.json")
            settings = getResource("Data/settings", "public.xml-property-list")
            image = getResource("icon", "public.image")
            text = getResource("notes", "public.text")
            calls = {}
            returned = getResource("notes", "text", function(value) calls[#calls + 1] = "first " .. value end)
            getResource("notes", "text", function(value) calls[#calls + 1] = "second " .. value end)
            """)
        #expect(try project.value("palette.count") == 2)
        #expect(try project.value("palette:objectAtIndex(1).name") == "teal")
        #expect(try project.value("palette:objectAtIndex(0):objectForKey('hue')") == 0)
        #expect(try project.value("palette.firstObject.count") == 2)
        #expect(try project.value("table.concat(settings:allKeys(), ',')") == "columns,dark,names")
        #expect(try project.value("settings.names.count") == 2)
        #expect(try project.value("image.size.height") == 10)
        #expect(try project.value("text == returned and text") == "first notes")
        #expect(try project.value("table.concat(calls, '; ')") == "first first notes; second first notes")
        let outOfBounds = #expect(throws: LuaError.self) { try project.run("palette:objectAtIndex(2)") }
        #expect(
            outOfBounds?.message
                == "test:1: bad argument #1 (index) to 'objectAtIndex' (index 2 beyond bounds [0 .. 1])")
        try project.save("notes.txt", "new notes", as: .inPlace)
        project.waitFor(.resource)
        #expect(
            try project.value("table.concat(calls, '; ')")
                == "first first notes; second first notes; first new notes; second new notes")
        #expect(try project.value("text") == "first notes")  // a value read once does not change
    }

    @Test func badArgumentsAreNamed() throws {
        let project = try project()
        for (source, expected) in [
            ("controller:getResource('x', 'txtt', 'p')", "unknown resource type 'txtt'"),
            ("controller:getResource('x', 'txt', 42)", "property name or function expected, got number"),
            ("getResource('x', 'txt', 'not an object', 'p')", "bad argument #3 (object or function) to 'getResource'"),
            ("getResource('x', 'txt', function() end, 'p')", "bad argument #4 to 'getResource'"),
            ("getResource('x', 'public.movie')", "unknown resource type 'public.movie' (known types: "),
            (
                "palette = getResource('config', 'json'); palette:objectAtIndex(0)",
                "attempt to call a nil value (method 'objectAtIndex')"
            ),
            ("controller:getResource('../../etc/passwd', 'txt', 'p')", "must be a path inside the project"),
            ("controller:getResource('/etc/hostname', 'txt', 'p')", "must be a path inside the project"),
        ] {
            var message = ""
            do { _ = try project.run(source) } catch { message = String(describing: error) }
            #expect(message.contains(expected), "\(message)")
        }
    }
}
