// On iOS a file that imports SwiftUI alone uses UIKit's types (UIColor, UIImage, UIViewController)
// and Combine's (ObservableObject, @Published): SwiftUI brings them.
@_exported import Combine
@_exported import ScrollSimUIKit
