// The toolchain's Swift Testing declares a cross-import overlay for UIKit (`Testing.swiftcrossimport`
// names `_Testing_UIKit`), so a file importing both Testing and UIKit makes the compiler load this
// module. On Apple platforms it adds attachments of UIKit images; on Linux, where scrollsim's UIKit
// stands in, it only has to exist.
