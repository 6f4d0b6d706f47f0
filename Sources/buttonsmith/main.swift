import ButtonsmithCLI
import Foundation

// Pango prefers the languages these name for text whose language it is not told (Cyrillic in an
// English label is shaped as Serbian under `LANGUAGE=sr`): images would differ from machine to
// machine under one cache key. Every label is given its language; the machine's preference
// goes before Pango is first asked for it.
unsetenv("PANGO_LANGUAGE")
unsetenv("LANGUAGE")
exit(ButtonsmithCommand.run(arguments: Array(CommandLine.arguments.dropFirst())))
