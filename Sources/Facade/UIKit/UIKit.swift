// On Apple platforms UIKit brings Foundation, which brings Combine's `@Published` and
// `ObservableObject`: a view model that imports UIKit alone uses them.
@_exported import Combine
// `import UIKit`, unchanged, on Linux: iOS code compiles against ScrollSimUIKit's UIKit names (and
// Foundation, which UIKit brings), and its asynchronous work runs on a simulator's clock. On
// Apple platforms this module does not exist and the real UIKit stands.
@_exported import ScrollSimUIKit
