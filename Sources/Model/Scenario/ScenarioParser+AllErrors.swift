import CompositionalLayout
import JSONModel

extension ScenarioParser {
    /// The errors of a scenario that does not parse, as many as can be told apart. After each
    /// error the parse goes on past it: an unknown key is read as the key it was probably meant
    /// to be (or left out), a step of the script or a feed with an error is set aside, and
    /// otherwise the part it is in is — its section, or its top-level key — so a file with two
    /// typos in one section and one in a script step gets three messages, each at its own place
    /// in the file. Empty when the scenario parses.
    /// - Parameter limit: the most errors reported.
    public func allErrors(_ json: JSONValue, limit: Int = 50) -> [ScenarioError] {
        guard case .object(var fields) = json else {
            do throws(ScenarioError) {
                _ = try parse(json)
                return []
            } catch {
                return [error]
            }
        }
        // Which original element each remaining one of a top-level list is (some are set aside).
        var original: [String: [Int]] = [:]
        for key in ["sections", "script", "feeds"] {
            if case .array(let list)? = fields[key] { original[key] = Array(list.indices) }
        }
        var errors: [ScenarioError] = []
        // Sections set aside for their own errors: a later "no section" naming one of them follows
        // from that error and is not reported again.
        var setAside: Set<String> = []
        while errors.count < limit {
            let failure: ScenarioError
            do throws(ScenarioError) {
                _ = try parse(.object(fields))
                break
            } catch {
                failure = error
            }
            guard case .invalid(let path, let message) = failure else {
                errors.append(failure)
                break
            }
            // The path as it is in the file: a list's remaining index is its original one.
            var reported = path
            if let match = path.firstMatch(of: /^(sections|script|feeds)\[(\d+)\](.*)$/), let index = Int(match.output.2),
                let indices = original[String(match.output.1)], index < indices.count
            {
                reported = "\(match.output.1)[\(indices[index])]\(match.output.3)"
            }
            let followsFromSetAside = setAside.contains { message.hasPrefix("no section \"\($0)\"") }
            if !followsFromSetAside { errors.append(.invalid(path: reported, message: message)) }
            // A required key spelt otherwise: read on with the key as it was meant.
            if let typo = message.firstMatch(of: /^required; found '([^']+)' instead: did you mean '([^']+)'\?/),
                let components = Self.components(path)
            {
                let (found, meant) = (String(typo.output.1), String(typo.output.2))
                var root = JSONValue.object(fields)
                let edited = Self.edit(&root, at: components.dropLast()) { object in
                    guard let value = object.removeValue(forKey: found) else { return false }
                    object[meant] = value
                    return true
                }
                if edited, case .object(let next) = root {
                    fields = next
                    continue
                }
            }
            // An unknown key: read on as if it were the key suggested, or without it.
            if message.hasPrefix("unknown key"), let components = Self.components(path), let key = components.last?.key {
                let suggested = message.firstMatch(of: /did you mean '([^']+)'\?/).map { String($0.output.1) }
                var root = JSONValue.object(fields)
                let edited = Self.edit(&root, at: components.dropLast()) { object in
                    guard let value = object.removeValue(forKey: key) else { return false }
                    if let suggested, object[suggested] == nil { object[suggested] = value }
                    return true
                }
                if edited, case .object(let next) = root {
                    fields = next
                    continue
                }
            }
            // A step of the script or a feed: the others are checked without it.
            if let match = path.firstMatch(of: /^(script|feeds)\[(\d+)\]/), let index = Int(match.output.2),
                case .array(var list)? = fields[String(match.output.1)], index < list.count, list.count > 1
            {
                let key = String(match.output.1)
                list.remove(at: index)
                original[key]?.remove(at: index)
                fields[key] = .array(list)
                continue
            }
            if let match = path.firstMatch(of: /^sections\[(\d+)\]/), let index = Int(match.output.1),
                case .array(var sections)? = fields["sections"], index < sections.count
            {
                guard sections.count > 1 else { break }
                if case .string(let id)? = sections[index].objectValue?["id"] { setAside.insert(id) }
                sections.remove(at: index)
                original["sections"]?.remove(at: index)
                fields["sections"] = .array(sections)
                continue
            }
            // A top-level key that is wrong can be set aside; a missing or a last problem ends the search.
            let key = String(path.prefix { $0 != "." && $0 != "[" })
            guard !key.isEmpty, key != "sections", key != "name", fields[key] != nil else { break }
            fields[key] = nil
        }
        return errors
    }

    /// One step of an error's path: a key of an object, or an index of a list.
    enum PathComponent {
        case key(String)
        case index(Int)

        var key: String? { if case .key(let key) = self { key } else { nil } }
    }

    /// `sections[0].layout.group` as its steps; nil when it is not a path of keys and indices.
    static func components(_ path: String) -> [PathComponent]? {
        var components: [PathComponent] = []
        for part in path.split(separator: ".", omittingEmptySubsequences: false) {
            guard let match = part.wholeMatch(of: /([^\[\]]*)((\[\d+\])*)/) else { return nil }
            if !match.output.1.isEmpty { components.append(.key(String(match.output.1))) }
            for index in match.output.2.matches(of: /\[(\d+)\]/) {
                guard let value = Int(index.output.1) else { return nil }
                components.append(.index(value))
            }
        }
        return components.isEmpty ? nil : components
    }

    /// Applies `change` to the object at `path` inside `value`; false when there is none there.
    static func edit(
        _ value: inout JSONValue, at path: ArraySlice<PathComponent>, _ change: (inout [String: JSONValue]) -> Bool
    ) -> Bool {
        guard let first = path.first else {
            guard case .object(var object) = value else { return false }
            let changed = change(&object)
            value = .object(object)
            return changed
        }
        switch (first, value) {
        case (.key(let key), .object(var object)):
            guard var child = object[key] else { return false }
            let changed = edit(&child, at: path.dropFirst(), change)
            object[key] = child
            value = .object(object)
            return changed
        case (.index(let index), .array(var list)):
            guard list.indices.contains(index) else { return false }
            let changed = edit(&list[index], at: path.dropFirst(), change)
            value = .array(list)
            return changed
        default:
            return false
        }
    }
}
