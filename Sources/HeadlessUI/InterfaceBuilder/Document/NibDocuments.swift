import Foundation

/// The program's Interface Builder documents, read when first asked for and again after the
/// file changes (a save while the program runs).
final class NibDocuments {
    private var read: [String: (stamp: Stamp, document: IBDocument)] = [:]
    /// The stamp of a broken save whose error was given: the last good document stays.
    private var broken: [String: Stamp] = [:]

    private struct Stamp: Equatable {
        let modified: Date?
        let size: Int
    }

    /// The document at `url`, shown in messages as `name`.
    func document(at url: URL, named name: String) throws -> IBDocument {
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
        let stamp = Stamp(modified: attributes?[.modificationDate] as? Date, size: size)
        if let known = read[url.path], known.stamp == stamp || broken[url.path] == stamp { return known.document }
        guard size <= IBDocument.maximumSize else {
            throw InterfaceBuilderError(
                "the document is \(size) bytes, over the limit of \(IBDocument.maximumSize)", file: name)
        }
        do {
            let data: Data
            do {
                data = try Data(contentsOf: url)
            } catch {
                throw InterfaceBuilderError("cannot be read: \(error.localizedDescription)", file: name)
            }
            let document = try IBDocument(data: data, file: name)
            read[url.path] = (stamp, document)
            broken[url.path] = nil
            return document
        } catch {
            if read[url.path] != nil { broken[url.path] = stamp }
            throw error
        }
    }

    /// Reads again the document at `url` if it was read before (a screen may come from it):
    /// false when it was not. A broken save is an error naming the file and line, and the last
    /// good document stays.
    func reread(at url: URL, named name: String) throws -> Bool {
        guard read[url.resolvingSymlinksInPath().path] != nil || read[url.path] != nil else { return false }
        let key = read[url.path] != nil ? url : url.resolvingSymlinksInPath()
        _ = try document(at: key, named: name)
        return true
    }

    /// The program's document for a nib or storyboard `name` (`DetailViewController`, or a
    /// path under the program's folder), if it has one.
    func document(named name: String, type: String, in environment: UIEnvironment) throws -> IBDocument? {
        guard let files = environment.programFiles, !name.isEmpty else { return nil }
        let file = name.hasSuffix("." + type) ? name : "\(name).\(type)"
        guard let url = try files.checkedFile(file) else { return nil }
        return try document(at: url, named: file)
    }
}
