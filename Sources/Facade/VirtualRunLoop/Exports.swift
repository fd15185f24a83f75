// UIKit brings Foundation, so a file that imports only UIKit uses Foundation's types. Foundation
// is reached through this module, whose dispatch, timer and run-loop declarations therefore
// shadow Foundation's in such a file (a module's declarations shadow those of modules it
// re-exports).
@_exported import Foundation
