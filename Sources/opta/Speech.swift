import Foundation
import Synchronization

/// Speaks text with espeak-ng when it is installed; says once how to install it when it is not.
enum Speech {
    static let program = ["/usr/bin/espeak-ng", "/usr/local/bin/espeak-ng"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let warned = Atomic<Bool>(false)

    static func say(_ text: String) {
        guard let program else {
            if !warned.exchange(true, ordering: .relaxed) {
                FileHandle.standardError.write(Data("opta: --speak needs espeak-ng (apt-get install espeak-ng)\n".utf8))
            }
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = [text]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()  // speaks in the background; the frame loop does not wait
    }
}
