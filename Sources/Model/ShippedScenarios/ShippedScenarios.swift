/// The scenarios of `Config/scenarios`, compiled into the binary so the daemon and the client run
/// with no files installed (`Sources/Model/ShippedScenarios/scenarios` links to that folder).
///
/// Keyed by path relative to the scenario folder. A test checks that every file of the folder is
/// listed here.
public enum ShippedScenarios {
    public static let files: [String: [UInt8]] = [
        "home.json": PackageResources.home_json,
        "home-split.json": PackageResources.home_split_json,
        "shop-home.json": PackageResources.shop_home_json,
        "modern.json": PackageResources.modern_json,
        "workspace.json": PackageResources.workspace_json,
        "photos.json": PackageResources.photos_json,
        "data/home-data.json": PackageResources.home_data_json,
    ]
}
