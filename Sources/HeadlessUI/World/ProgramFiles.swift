import Foundation
import ObjectBridge

/// The running program's files, as the host gives them to the world: what `NSBundle`,
/// `UIImage:imageNamed` and the file-reading methods see. Scripts reach no other file.
public struct ProgramFiles {
    /// The bundle's folder (`bundlePath`): the project's source folder, or the package's.
    public var root: URL
    public var identifier: String?
    /// The file at a path relative to the root, when the program has one.
    public var file: (String) -> URL?
    /// `infoDictionary`: the program's `Info.plist`, or its settings.
    public var info: () -> [String: Any]

    public init(
        root: URL, identifier: String?, file: @escaping (String) -> URL?, info: @escaping () -> [String: Any] = { [:] }
    ) {
        self.root = root
        self.identifier = identifier
        self.file = file
        self.info = info
    }

    /// `path` (absolute, or relative to the root) if it names a file of the program; an error
    /// that says so when it leads elsewhere.
    func checkedFile(_ path: String) throws -> URL? {
        let rootPath = root.resolvingSymlinksInPath().path
        let absolute = path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
        let resolved = absolute.standardizedFileURL.resolvingSymlinksInPath().path
        guard resolved == rootPath || resolved.hasPrefix(rootPath + "/") else {
            throw ScriptValueError("\(path) is outside the program's files (\(root.path)); scripts read only those")
        }
        return file(String(resolved.dropFirst(rootPath.count + 1)))
    }
}
