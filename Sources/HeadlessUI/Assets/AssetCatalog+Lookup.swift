import Foundation

extension Color {
    /// `colorNamed`: the asset catalogs' colour set of that name, dynamic where it has a dark
    /// look, or nil.
    static func catalogColor(_ name: String, _ environment: UIEnvironment) throws -> Color? {
        guard let files = environment.programFiles,
            let set = try environment.assets.set(.color, named: name, in: files.root),
            let color = try AssetContents.colorSet(at: set.appendingPathComponent("Contents.json")).color
        else { return nil }
        // A colour of its own, whatever the set gave (a system colour is shared).
        let own = Color(red: 0, green: 0, blue: 0, alpha: 1)
        own.takeLooks(of: color)
        return environment.catalogColors[set, default: LiveObjects()].track(own)
    }
}

extension UIWorld {
    /// A saved file of an asset catalog: the colours taken from a saved colour set take its new
    /// looks, and their views draw again. Returns how many colours changed; a broken set is an
    /// error naming its file, and the colours keep their looks.
    public func assetWasSaved(at url: URL) throws -> Int {
        let set = url.deletingLastPathComponent().standardizedFileURL
        guard set.pathExtension == AssetCatalog.Kind.color.rawValue,
            let colors = environment.catalogColors.first(where: { $0.key.standardizedFileURL == set })?.value.all,
            !colors.isEmpty, let saved = try AssetContents.colorSet(at: url).color
        else { return 0 }
        for color in colors { color.takeLooks(of: saved) }
        environment.application.setNeedsDisplayEverywhere()
        return colors.count
    }
}

extension Image {
    /// The image set of that name: the file of the screen's scale, else the largest, read as
    /// any image file of the program is; a template when the set says so.
    static func catalogImage(_ name: String, _ files: ProgramFiles, _ environment: UIEnvironment) throws -> Image? {
        guard let set = try environment.assets.set(.image, named: name, in: files.root) else { return nil }
        let contents = try AssetContents.imageSet(at: set.appendingPathComponent("Contents.json"))
        let wanted = Int(environment.screen.profile.scale.rounded())
        /// The file of `looks` at the screen's scale, else at the largest it has.
        func look(_ looks: [Int: String]) throws -> Image? {
            guard let scale = looks[wanted] != nil ? wanted : looks.keys.max(), let file = looks[scale],
                let url = try files.checkedFile(set.appendingPathComponent(file).path)
            else { return nil }
            return try Image(contentsOfFile: url.path, scale: Double(scale))
        }
        guard let image = try look(contents.files) ?? look(contents.darkFiles) else { return nil }
        image.darkLook = try look(contents.darkFiles)
        return contents.isTemplate ? Image(image, renderingMode: 2, tint: nil) : image
    }
}
