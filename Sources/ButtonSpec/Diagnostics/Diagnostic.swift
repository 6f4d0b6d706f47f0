/// How serious a diagnostic is.
public enum Severity: String, Sendable, Codable, Comparable {
  /// The specs cannot be built.
  case error
  /// The specs build, but probably not as the author meant.
  case warning

  public static func < (lhs: Severity, rhs: Severity) -> Bool {
    lhs == .error && rhs == .warning
  }
}

/// One problem found in the specs, with where it was written and a stable id.
public struct Diagnostic: Hashable, Sendable, Codable, CustomStringConvertible {
  /// A secondary location with an explanation, such as where a duplicate was first defined.
  public struct Note: Hashable, Sendable, Codable {
    /// Where the note points, if anywhere.
    public var location: SourceLocation?
    /// What the note says: lowercase, no full stop.
    public var message: String

    /// Creates a note.
    public init(_ message: String, at location: SourceLocation? = nil) {
      self.message = message
      self.location = location
    }
  }

  /// Where the problem was written.
  public var location: SourceLocation
  /// The rule that found it; its id is stable across releases.
  public var rule: DiagnosticRule
  /// What is wrong: lowercase, no full stop.
  public var message: String
  /// Further explanations.
  public var notes: [Note]

  /// Error or warning, as the rule defines it.
  public var severity: Severity { rule.severity }

  /// The longest message, in UTF-8 bytes, the ellipsis included: one that quotes a very long
  /// value is cut, so that reporting a mistake costs little whatever the value's length.
  public static let maximumMessageBytes = 1_000

  /// Creates a diagnostic.
  public init(_ rule: DiagnosticRule, _ message: String, at location: SourceLocation, notes: [Note] = []) {
    self.rule = rule
    self.message = Self.shortened(message)
    self.location = location
    self.notes = notes
  }

  /// `message` cut after its first `maximumMessageBytes` bytes, on a character's boundary.
  static func shortened(_ message: String) -> String {
    guard message.utf8.count > maximumMessageBytes else { return message }
    var kept = String.UnicodeScalarView()
    var bytes = 0
    for scalar in message.unicodeScalars {
      bytes += UTF8.width(scalar)
      guard bytes <= maximumMessageBytes - 3 else { break }
      kept.append(scalar)
    }
    return String(kept) + "…"
  }

  /// `file:line:col: severity: message [id]`.
  public var description: String {
    "\(location): \(severity.rawValue): \(message) [\(rule.rawValue)]"
  }
}

/// An ordered, duplicate-free collection of diagnostics, filled by every stage.
public struct Diagnostics: Sendable {
  /// The diagnostics in the order they were found.
  public private(set) var all: [Diagnostic] = []
  private var seen: Set<Diagnostic> = []
  /// The diagnostics found in buttons that take what they point at from elsewhere, by their
  /// position in `all`: each as it was found, and a note for every button that found it.
  private var shared: [Int: SharedFinding] = [:]
  /// The position in `all` of each of `shared`'s diagnostics, by the diagnostic as it was found.
  private var sharedPositions: [Diagnostic: Int] = [:]

  /// An empty collection.
  public init() {}

  /// Adds a diagnostic unless an identical one is already there (a template's mistake is
  /// reported once, however many buttons use the template).
  public mutating func add(_ diagnostic: Diagnostic) {
    if diagnostic.severity == .error { errorsAdded += 1 }
    if seen.insert(diagnostic).inserted { all.append(diagnostic) }
  }

  /// How many errors were added, repeats included: lets a stage tell whether its own work
  /// found errors even when they had been reported before.
  public private(set) var errorsAdded = 0

  /// Adds a diagnostic made of its parts.
  public mutating func add(
    _ rule: DiagnosticRule, _ message: String, at location: SourceLocation, notes: [Diagnostic.Note] = []
  ) {
    add(Diagnostic(rule, message, at: location, notes: notes))
  }

  /// Adds every diagnostic of `other`.
  public mutating func formUnion(_ other: Diagnostics) {
    for (position, diagnostic) in other.all.enumerated() {
      if let finding = other.shared[position] {
        for button in finding.buttons { add(finding.found, noting: button) }
      } else {
        add(diagnostic)
      }
    }
  }

  /// Adds a diagnostic found in the button `name`, written at `buttonLocation`. When it points
  /// outside the button (at its file's defaults or palette, or a template), a note names the
  /// button; the same diagnostic found in other buttons is not repeated but gains their notes:
  /// the first `maximumButtonNotes`, then how many more.
  public mutating func add(_ diagnostic: Diagnostic, foundIn name: String, at buttonLocation: SourceLocation) {
    let location = diagnostic.location
    guard location.file != buttonLocation.file || location < buttonLocation else { return add(diagnostic) }
    add(diagnostic, noting: Diagnostic.Note("in button '\(Diagnostic.shown(name))'", at: buttonLocation))
  }

  /// The most buttons named in notes under one diagnostic.
  public static let maximumButtonNotes = 5

  private mutating func add(_ found: Diagnostic, noting button: Diagnostic.Note) {
    if found.severity == .error { errorsAdded += 1 }
    guard let position = sharedPositions[found] else {
      guard seen.insert(found).inserted else { return }
      sharedPositions[found] = all.count
      shared[all.count] = SharedFinding(found: found, buttons: [button], noted: [button])
      all.append(found)
      all[all.count - 1].notes = found.notes + [button]
      return
    }
    // Changed in place: a copy of the finding would copy its notes, once for every button.
    guard shared[position]?.noted.insert(button).inserted == true else { return }
    shared[position]?.buttons.append(button)
    let buttons = shared[position]?.buttons ?? []
    let more = buttons.count - Self.maximumButtonNotes
    all[position].notes =
      found.notes + buttons.prefix(Self.maximumButtonNotes)
      + (more > 0 ? [Diagnostic.Note("and \(more) more button\(more == 1 ? "" : "s")")] : [])
  }

  /// A diagnostic as found, and the notes naming the buttons that found it.
  private struct SharedFinding: Sendable {
    var found: Diagnostic
    var buttons: [Diagnostic.Note]
    /// `buttons`, for looking up.
    var noted: Set<Diagnostic.Note>
  }

  /// Whether any diagnostic is an error.
  public var hasErrors: Bool { all.contains { $0.severity == .error } }

  /// The diagnostics sorted by file, line and column, for reporting.
  public var sorted: [Diagnostic] {
    all.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(\.element)
  }
}

extension Diagnostic {
  /// The same diagnostic with the file of its location and of each note's passed through
  /// `rename`: the project names files from its root, messages from where the command runs.
  public func renamingFiles(_ rename: (String) -> String) -> Diagnostic {
    var renamed = self
    renamed.location.file = rename(location.file)
    renamed.notes = notes.map { note in
      var note = note
      if let file = note.location?.file { note.location?.file = rename(file) }
      return note
    }
    return renamed
  }
}
