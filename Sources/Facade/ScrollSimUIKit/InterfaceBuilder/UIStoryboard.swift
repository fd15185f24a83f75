import Foundation
import VirtualRunLoop

/// A storyboard (UIKit's `UIStoryboard`). Storyboard files are not read on Linux: a storyboard
/// makes a controller whose storyboard identifier names a class of the module that made the
/// storyboard (`instantiateViewController(withIdentifier: "CommentsViewController")`), as nib
/// loading makes it (`init?(coder:)`, then `awakeFromNib()`; `UINib.connectOutlets` connects its
/// outlets when its view loads, before `viewDidLoad()`, with the view in place), unless the test
/// registered how to make it (`register(_:for:)`), which an identifier that names no class needs.
@preconcurrency @MainActor
open class UIStoryboard: NSObject {
    public let name: String
    let module: String
    private static var makers: [String: () -> UIViewController] = [:]

    public init(name: String, bundle storyboardBundleOrNil: Bundle?, fileID: String = #fileID) {
        self.name = name
        self.module = String(fileID.prefix { $0 != "/" })
        super.init()
    }

    /// Makes the controllers of `identifier` (in any storyboard) with `make`.
    public static func register(_ identifier: String, for make: @escaping @MainActor () -> UIViewController) {
        makers[identifier] = make
    }

    open func instantiateViewController(withIdentifier identifier: String) -> UIViewController {
        if let make = Self.makers[identifier] { return make() }
        let bare = identifier.split(separator: ".").last.map(String.init) ?? identifier
        for candidate in [identifier, "\(module).\(bare)"] {
            if let type = _typeByName(candidate) as? UIViewController.Type, let controller = type.init(coder: NSCoder()) {
                controller.connectsOutletsOnLoad = true
                controller.awakeFromNib()
                return controller
            }
        }
        UIKitException.raise(
            "Storyboard (<UIStoryboard: \(name)>) doesn't contain a view controller with identifier '\(identifier)' (storyboard files are not read on Linux: name the identifier after the controller's class, or register it with UIStoryboard.register(_:for:))",
            name: "NSInvalidArgumentException")
        return UIViewController()
    }

    open func instantiateViewController<ViewController: UIViewController>(
        identifier: String, creator: ((NSCoder) -> ViewController?)? = nil
    ) -> ViewController {
        if let creator, let made = creator(NSCoder()) { return made }
        return instantiateViewController(withIdentifier: identifier) as! ViewController
    }

    /// The storyboard's initial controller, registered under the storyboard's name.
    open func instantiateInitialViewController() -> UIViewController? {
        Self.makers[name].map { $0() }
    }
}

/// A segue (UIKit's `UIStoryboardSegue`): `performSegue(withIdentifier:sender:)` makes its
/// destination as the test registered it (`UIStoryboardSegue.register(_:kind:destination:)`),
/// calls the source's `prepare(for:sender:)`, then shows the destination (pushed, or presented).
@preconcurrency @MainActor
open class UIStoryboardSegue: NSObject {
    /// How a segue shows its destination.
    public enum Kind: Sendable { case show, present }

    public let identifier: String?
    public let source: UIViewController
    public let destination: UIViewController
    let kind: Kind

    public init(identifier: String?, source: UIViewController, destination: UIViewController) {
        self.identifier = identifier
        self.source = source
        self.destination = destination
        self.kind = .show
        super.init()
    }

    init(identifier: String, source: UIViewController, destination: UIViewController, kind: Kind) {
        self.identifier = identifier
        self.source = source
        self.destination = destination
        self.kind = kind
        super.init()
    }

    private static var destinations: [String: (kind: Kind, make: @MainActor () -> UIViewController)] = [:]

    /// Declares the segue `identifier` (from any controller): its destination, made by `make`.
    public static func register(
        _ identifier: String, kind: Kind = .show, destination make: @escaping @MainActor () -> UIViewController
    ) {
        destinations[identifier] = (kind, make)
    }

    static func make(_ identifier: String, from source: UIViewController) -> UIStoryboardSegue? {
        guard let declared = destinations[identifier] else { return nil }
        return UIStoryboardSegue(identifier: identifier, source: source, destination: declared.make(), kind: declared.kind)
    }

    /// Shows the destination.
    open func perform() {
        switch kind {
        case .show: source.show(destination, sender: nil)
        case .present: source.present(destination, animated: true)
        }
    }
}

extension UIViewController {
    /// The storyboard the controller came from: none on Linux.
    public var storyboard: UIStoryboard? { nil }

    /// Performs the segue `identifier` (registered with `UIStoryboardSegue.register`): the
    /// controller's `shouldPerformSegue` and `prepare(for:sender:)` run, then the destination shows.
    public func performSegue(withIdentifier identifier: String, sender: Any?) {
        guard let segue = UIStoryboardSegue.make(identifier, from: self) else {
            return UIKitException.raise(
                "Receiver (<\(type(of: self))>) has no segue with identifier '\(identifier)' (storyboards are not read on Linux: declare it with UIStoryboardSegue.register(\"\(identifier)\") { … })",
                name: "NSInvalidArgumentException")
        }
        guard shouldPerformSegue(withIdentifier: identifier, sender: sender) else { return }
        prepare(for: segue, sender: sender)
        segue.perform()
    }
}
