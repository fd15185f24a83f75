import Foundation

// scrollsimctl: the scrollsim client. main only dispatches; each command lives in its own file.
let status = CommandLineTool.run(arguments: Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
