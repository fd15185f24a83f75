extension FileTranslation {
    /// Attributes that only speak to the Objective-C runtime or Interface Builder, and the app's
    /// entry point (the translated files are a library the tests drive, never an app that runs):
    /// removed.
    static let removedAttributes: Set<String> = [
        "@objc", "@objcMembers", "@nonobjc", "@IBAction", "@IBInspectable", "@IBDesignable", "@IBSegueAction", "@GKInspectable",
        "@main", "@UIApplicationMain", "@NSApplicationMain",
    ]

    mutating func translateAttribute(_ attribute: String, at index: Int, scopes: TypeScopes) {
        guard let token = significantToken(index) else { return }
        if Self.removedAttributes.contains(attribute) {
            // `@objc(refresh:)`: the name in parentheses goes too.
            var end = token.range.upperBound
            if touch(index), significantText(index + 1) == "(", let close = closingParenthesis(from: index + 1) {
                end = significantToken(close)!.range.upperBound
            }
            blank(token.range.lowerBound..<end)
        } else if attribute == "@IBOutlet" {
            translateStoredProperty(at: index, wrapper: "InterfaceBuilderOutlet", what: "outlet")
        } else if attribute == "@NSManaged" {
            translateStoredProperty(at: index, wrapper: "NSManagedAttribute", what: "managed attribute")
        }
    }

    /// `@IBOutlet weak var label: UILabel!` → `@InterfaceBuilderOutlet("label") var label:
    /// UILabel!`: the attribute becomes a property wrapper told the property's name, and `weak`
    /// or `unowned` go (a wrapped property cannot be weak; the view is kept, as its superview
    /// would keep it on a device).
    private mutating func translateStoredProperty(at index: Int, wrapper: String, what: String) {
        guard let attribute = significantToken(index) else { return }
        var cursor = index + 1
        while let token = significantToken(cursor), token.kind == .word || token.kind == .attribute, text(of: token) != "var" {
            let word = text(of: token)
            if word == "weak" || word == "unowned" {
                var end = token.range.upperBound
                if word == "unowned", touch(cursor), significantText(cursor + 1) == "(",
                    let close = closingParenthesis(from: cursor + 1)
                {
                    end = significantToken(close)!.range.upperBound
                    cursor = close
                }
                blank(token.range.lowerBound..<end)
            } else if significantText(cursor + 1) == "(", let close = closingParenthesis(from: cursor + 1) {
                cursor = close  // `private(set)`
            }
            cursor += 1
        }
        guard significantText(cursor) == "var", let name = significantToken(cursor + 1), name.kind == .word else {
            diagnose(
                attribute.range.lowerBound, .error,
                "this \(what) is not a 'var' the translation understands; declare it as 'var name: Type!'")
            return
        }
        let property = text(of: name).trimmingBackticks
        replace(attribute.range, with: "@\(wrapper)(\(Self.literal(property)))")
    }
}

extension String {
    /// The name without the backticks that escape a keyword.
    var trimmingBackticks: String {
        hasPrefix("`") && hasSuffix("`") && count >= 2 ? String(dropFirst().dropLast()) : self
    }
}
