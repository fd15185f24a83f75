import Foundation
import TestSupport
import Testing

/// `Config/scenario.schema.json` must describe what the loader accepts.
@Suite("Scenario JSON Schema")
struct SchemaTests {
    static let schemaURL = repositoryRoot.appendingPathComponent("Config/scenario.schema.json")

    func schema() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.schemaURL)) as? [String: Any])
    }

    func properties(_ object: [String: Any]?) -> Set<String> {
        Set(((object?["properties"]) as? [String: Any] ?? [:]).keys)
    }

    @Test("top-level, section and feed keys are the loader's keys (an unknown-key error lists the same)")
    func keysInSync() throws {
        let schema = try schema()
        let defs = try #require(schema["$defs"] as? [String: Any])
        #expect(
            properties(schema) == [
                "name", "description", "viewport", "configuration", "flowLayout", "invalidation", "prefetch", "data", "sections",
                "feeds", "script", "frameRate", "decelerationRate",
            ])
        #expect(
            properties(defs["section"] as? [String: Any]) == [
                "id", "cell", "items", "identity", "visibleItemsInvalidationHandler", "measuredSizes", "layout", "list", "flow",
            ])
        #expect(
            properties(defs["flowLayout"] as? [String: Any]) == [
                "scrollDirection", "itemSize", "minimumLineSpacing", "minimumInteritemSpacing", "sectionInset",
                "sectionInsetReference", "headerReferenceSize", "footerReferenceSize", "sectionHeadersPinToVisibleBounds",
                "sectionFootersPinToVisibleBounds",
            ])
        #expect(
            properties(defs["flowSection"] as? [String: Any]) == [
                "sizeForItemAt", "insetForSectionAt", "minimumLineSpacingForSectionAt", "minimumInteritemSpacingForSectionAt",
                "referenceSizeForHeaderInSection", "referenceSizeForFooterInSection",
            ])
        #expect(
            properties(defs["feed"] as? [String: Any]) == [
                "section", "pageSize", "maxPages", "trigger", "latency", "failureRate", "retry", "animatingDifferences",
            ])
        #expect(
            properties(defs["dimension"] as? [String: Any]) == ["absolute", "fractionalWidth", "fractionalHeight", "estimated"])
        #expect(
            properties(defs["group"] as? [String: Any]) == [
                "axis", "layoutSize", "count", "repeatingCount", "interItemSpacing", "contentInsets", "edgeSpacing", "subitems",
                "customItems",
            ])
    }

    static let hasJSONSchema = Python.canImport("jsonschema")

    @Test(
        "every shipped scenario validates against the schema (Python jsonschema, Draft 2020-12)",
        .enabled(if: hasJSONSchema, "needs python3 with jsonschema (.ci/run installs it)"))
    func shippedScenariosValidate() throws {
        let script = """
            import glob, json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft202012Validator.check_schema(schema)
            validator = jsonschema.Draft202012Validator(schema)
            bad = [(f, e.message) for f in sorted(glob.glob(sys.argv[2] + '/*.json')) for e in validator.iter_errors(json.load(open(f)))]
            print(bad if bad else 'ok')
            sys.exit(1 if bad else 0)
            """
        let (status, text) = try Python.run(
            script, arguments: [Self.schemaURL.path, repositoryRoot.appendingPathComponent("Config/scenarios").path])
        #expect(status == 0, "\(text)")
        #expect(text.contains("ok"))
    }
}
