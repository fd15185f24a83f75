import Foundation
import JSONModel
import TestSupport
import Testing
import Varlink

@Suite("Varlink interop")
struct InteropTests {
    static let hasPythonVarlink = Python.canImport("varlink")

    @Test(
        "PyPI varlink parses org.varlink.service as we serve it, and the example interface",
        .enabled(if: hasPythonVarlink, "needs python3 with the varlink package (.ci/run installs it)"),
        arguments: [VarlinkService.serviceInterfaceText, InterfaceTests.example])
    func referenceParserAccepts(text: String) throws {
        let (status, printed) = try Python.run(
            "import sys, varlink; print(varlink.Interface(sys.stdin.read()).name)", input: text)
        #expect(status == 0, "\(printed)")
        #expect(printed.trimmingCharacters(in: .whitespacesAndNewlines) == (try VarlinkInterface(text)).name)
    }
}
