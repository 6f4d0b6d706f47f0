import ButtonsmithCLI
import Foundation

exit(ButtonsmithCommand.run(arguments: Array(CommandLine.arguments.dropFirst())))
