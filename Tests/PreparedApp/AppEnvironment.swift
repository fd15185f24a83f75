import Foundation

// A stand-in for an app's own configuration module, compiled as it is beside the app's files that
// scrollsim-prepare translates (App/, listed in scrollsim-prepare.json).

/// Where the feed's pages come from.
public enum AppEnvironment {
    public static let feedURL = URL(string: "https://api.example.com/feed")!
    public static let pageSize = 10
}
