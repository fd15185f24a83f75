import Foundation
import VirtualRunLoop

/// A nib (UIKit's `UINib`). Nib files are not loaded on Linux: a nib stands for the class it is
/// named after, found in the module that made the `UINib` (`UINib(nibName: "PostCell", …)` in
/// module `App` is `App.PostCell`). Its views are made as nib loading makes them — with
/// `init?(coder:)`, then the outlets connected, then `awakeFromNib()` — from an empty archive: a
/// test connects the outlets with `connectOutlets(of:_:)`, and those left unconnected are named
/// in the simulator's warnings (reading one gives a stand-in; `InterfaceBuilderOutlet`).
@preconcurrency @MainActor
open class UINib {
    /// Options for `instantiate(withOwner:options:)` (UIKit's `UINib.OptionsKey`).
    public struct OptionsKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let externalObjects = OptionsKey(rawValue: "UINibExternalObjects")
    }

    /// The nib's name.
    public let name: String
    /// The class the nib is named after, if the module that made it has one.
    public let viewClass: UIView.Type?

    /// A nib named `name`; `fileID` (left to its default) names the module the class is in.
    public init(nibName name: String, bundle bundleOrNil: Bundle?, fileID: String = #fileID) {
        self.name = name
        self.viewClass = Self.viewClass(named: name, module: String(fileID.prefix { $0 != "/" }))
    }

    /// The class named `name` in `module` (or a fully qualified `name`), if it is a view class.
    static func viewClass(named name: String, module: String) -> UIView.Type? {
        let bare = name.split(separator: ".").last.map(String.init) ?? name
        for candidate in [name, "\(module).\(bare)"] {
            if let type = _typeByName(candidate) as? UIView.Type { return type }
        }
        return nil
    }

    /// The nib's top-level objects: a view of the class it is named after, or none.
    open func instantiate(withOwner ownerOrNil: Any?, options optionsOrNil: [OptionsKey: Any]? = nil) -> [Any] {
        guard let viewClass, let view = Self.make(viewClass) else { return [] }
        return [view]
    }

    /// A view as nib loading makes it: `init?(coder:)` (from an empty archive), its outlets
    /// connected by the test's connector, then `awakeFromNib()`.
    static func make<View: UIView>(_ type: View.Type) -> View? {
        guard let view = type.init(coder: NSCoder()) else { return nil }
        connect(view)
        view.awakeFromNib()
        return view
    }

    /// What connects the outlets of views (and storyboard controllers) of each class, as a nib
    /// file would.
    private static var connectors: [ObjectIdentifier: (AnyObject) -> Void] = [:]
    /// The classes whose unconnected outlets were already named in a warning.
    private static var reported: Set<ObjectIdentifier> = []

    /// Connects the outlets of every `View` made from a nib (and of subclasses without their own
    /// connector), before `awakeFromNib()`, as the nib file would on a device: the test makes the
    /// views and assigns them.
    ///
    /// ```swift
    /// UINib.connectOutlets(of: PostCell.self) { cell in
    ///     cell.titleLabel = UILabel()
    ///     cell.avatarView = UIImageView()
    /// }
    /// ```
    public static func connectOutlets<View: UIResponder>(of type: View.Type, _ connect: @escaping @MainActor (View) -> Void) {
        connectors[ObjectIdentifier(type)] = { view in
            if let view = view as? View { connect(view) }
        }
        reported.remove(ObjectIdentifier(type))
    }

    /// Runs the connector of the object's class (or its nearest superclass's), then names the
    /// outlets still unconnected, once per class.
    static func connect(_ view: UIResponder) {
        var type: AnyClass? = Swift.type(of: view)
        while let current = type {
            if let connector = connectors[ObjectIdentifier(current)] {
                connector(view)
                break
            }
            type = _getSuperclass(current)
        }
        let unconnected = unconnectedOutlets(of: view)
        let id = ObjectIdentifier(Swift.type(of: view))
        guard !unconnected.isEmpty, !reported.contains(id) else { return }
        reported.insert(id)
        let viewClass = Swift.type(of: view)
        AppClock.report(
            .warning(
                "a \(viewClass) made from its nib has unconnected outlets \(unconnected.joined(separator: ", ")) (nib files are not read on Linux): connect them in the test with UINib.connectOutlets(of: \(viewClass).self) { view in … }; reading one gives a stand-in"
            ))
    }

    /// The names of the object's outlets that nothing connected, its superclasses' included.
    static func unconnectedOutlets(of object: AnyObject) -> [String] {
        Outlets.of(object).filter(\.isUnconnected).map(\.name)
    }
}

extension Bundle {
    /// Loads a nib's top-level objects (see `UINib`).
    @MainActor
    public func loadNibNamed(
        _ name: String, owner: Any?, options: [UINib.OptionsKey: Any]? = nil, fileID: String = #fileID
    ) -> [Any]? {
        UINib(nibName: name, bundle: self, fileID: fileID).instantiate(withOwner: owner, options: options)
    }
}

extension UICollectionView {
    /// Registers a nib's cell class for a reuse identifier: new cells are made from the class the
    /// nib is named after and get `awakeFromNib()`.
    public func register(_ nib: UINib?, forCellWithReuseIdentifier identifier: String) {
        guard let nib else { return }
        guard let type = nib.viewClass as? UICollectionViewCell.Type else {
            return UIKitException.raise(
                Self.unresolvedNib(nib.name, base: "UICollectionViewCell"), name: "NSInternalInconsistencyException")
        }
        cellFactories[identifier] = { UINib.make(type) ?? type.init(scrollsimReuse: ()) }
        engine.register(reuseIdentifier: identifier)
    }

    /// Registers a nib's supplementary view class for a kind and reuse identifier.
    public func register(_ nib: UINib?, forSupplementaryViewOfKind kind: String, withReuseIdentifier identifier: String) {
        guard let nib else { return }
        guard let type = nib.viewClass as? UICollectionReusableView.Type else {
            return UIKitException.raise(
                Self.unresolvedNib(nib.name, base: "UICollectionReusableView"), name: "NSInternalInconsistencyException")
        }
        supplementaryFactories[Self.supplementaryPoolKey(kind, identifier)] = {
            UINib.make(type) ?? type.init(scrollsimReuse: ())
        }
    }

    /// Why a nib cannot be registered: scrollsim does not read nib files.
    static func unresolvedNib(_ name: String, base: String) -> String {
        "the nib '\(name)' names no \(base) subclass in the module that made it: nib files are not read on Linux, so a nib must be named after its view's class (docs/uikit-swift.md)"
    }
}

extension UITableView {
    /// Registers a nib's cell class (see `UICollectionView.register(_:forCellWithReuseIdentifier:)`).
    public func register(_ nib: UINib?, forCellReuseIdentifier identifier: String) {
        guard let nib else { return }
        guard let type = nib.viewClass as? UITableViewCell.Type else {
            return UIKitException.raise(
                UICollectionView.unresolvedNib(nib.name, base: "UITableViewCell"), name: "NSInternalInconsistencyException")
        }
        register(type, forCellReuseIdentifier: identifier)
        backingCollectionView.cellFactories[identifier] = { UINib.make(type) ?? type.init(scrollsimReuse: ()) }
    }

    /// Registers a nib's header/footer class.
    public func register(_ nib: UINib?, forHeaderFooterViewReuseIdentifier identifier: String) {
        guard let nib, let type = nib.viewClass as? UITableViewHeaderFooterView.Type else {
            return UIKitException.raise(
                UICollectionView.unresolvedNib(nib?.name ?? "nil", base: "UITableViewHeaderFooterView"),
                name: "NSInternalInconsistencyException")
        }
        register(type, forHeaderFooterViewReuseIdentifier: identifier)
    }
}
