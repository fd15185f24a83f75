import Foundation

#if FUZZING
    /// libFuzzer's entry point (`Fuzz/run.sh` builds with -D FUZZING; libFuzzer supplies main).
    /// The target is chosen by $SCROLLSIM_FUZZ_TARGET.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
        FuzzDriver.target(Array(UnsafeBufferPointer(start: data, count: size)))
        return 0
    }
#else
    /// Without libFuzzer: `scrollsim-fuzz TARGET FILE|DIR...` runs each input through a target
    /// (to replay a crash, or the seed corpus in the tests).
    @main
    struct Replay {
        static func main() {
            let arguments = Array(CommandLine.arguments.dropFirst())
            guard let name = arguments.first, let target = FuzzTargets.all[name] else {
                print("usage: scrollsim-fuzz \(FuzzTargets.all.keys.sorted().joined(separator: "|")) FILE|DIR...")
                exit(64)
            }
            var count = 0
            for path in arguments.dropFirst() {
                var isDirectory: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
                let files =
                    isDirectory.boolValue
                    ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map { path + "/" + $0 }
                    : [path]
                for file in files {
                    guard let data = FileManager.default.contents(atPath: file) else { continue }
                    target(Array(data))
                    count += 1
                }
            }
            print("\(name): \(count) inputs, no crash")
        }
    }
#endif

enum FuzzDriver {
    static let target: @Sendable ([UInt8]) -> Void = {
        let name = ProcessInfo.processInfo.environment["SCROLLSIM_FUZZ_TARGET"] ?? "frames"
        return FuzzTargets.all[name] ?? FuzzTargets.frames
    }()
}
