import Foundation

/// A file's device and inode, after following symlinks: the same folder however it is reached.
public struct FileIdentity: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64

    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
