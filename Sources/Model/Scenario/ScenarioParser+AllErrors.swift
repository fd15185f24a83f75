import CompositionalLayout

extension ScenarioParser {
    /// The errors of a scenario that does not parse, as many as can be told apart: after each
    /// error the part it is in is set aside — its section, or its top-level key — and the rest
    /// is parsed again, so a file with a typo in three sections gets three messages, each with
    /// its section's own index. Empty when the scenario parses.
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
        // Which original section each remaining one is.
        var original: [Int] = []
        if case .array(let sections)? = fields["sections"] { original = Array(sections.indices) }
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
            if let match = path.firstMatch(of: /^sections\[(\d+)\](.*)$/), let index = Int(match.output.1),
                case .array(var sections)? = fields["sections"], index < sections.count
            {
                // Reported at the section's index in the file, however many were set aside before.
                errors.append(.invalid(path: "sections[\(original[index])]\(match.output.2)", message: message))
                guard sections.count > 1 else { break }
                if case .string(let id)? = sections[index].objectValue?["id"] { setAside.insert(id) }
                sections.remove(at: index)
                original.remove(at: index)
                fields["sections"] = .array(sections)
                continue
            }
            let followsFromSetAside = setAside.contains { message.hasPrefix("no section \"\($0)\"") }
            if !followsFromSetAside { errors.append(failure) }
            // A top-level key that is wrong can be set aside; a missing or a last problem ends the search.
            let key = String(path.prefix { $0 != "." && $0 != "[" })
            guard !key.isEmpty, key != "sections", key != "name", fields[key] != nil else { break }
            fields[key] = nil
        }
        return errors
    }
}
