/// Android's pseudo-locales, drawn from the development language's text so truncation and
/// mirroring show before translators finish.
enum PseudoLocale {
  /// `en-XA`: every letter accented and the text about 40 % longer, between brackets.
  static func accented(_ text: String) -> String {
    let accents: [Character: Character] = [
      "a": "á", "b": "ƀ", "c": "ç", "d": "ð", "e": "é", "f": "ƒ", "g": "ĝ", "h": "ĥ", "i": "î", "j": "ĵ", "k": "ķ",
      "l": "ļ", "m": "ɱ", "n": "ñ", "o": "ö", "p": "þ", "q": "ǫ", "r": "ŕ", "s": "š", "t": "ţ", "u": "û", "v": "ṽ",
      "w": "ŵ", "x": "ẋ", "y": "ý", "z": "ž", "A": "Å", "B": "Ɓ", "C": "Ç", "D": "Ð", "E": "É", "F": "Ƒ", "G": "Ĝ",
      "H": "Ĥ", "I": "Î", "J": "Ĵ", "K": "Ķ", "L": "Ļ", "M": "Ṁ", "N": "Ñ", "O": "Ö", "P": "Þ", "Q": "Ǫ", "R": "Ŕ",
      "S": "Š", "T": "Ţ", "U": "Û", "V": "Ṽ", "W": "Ŵ", "X": "Ẋ", "Y": "Ý", "Z": "Ž",
    ]
    let body = String(text.map { accents[$0] ?? $0 })
    let padding = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
    var extra: [String] = []
    var added = 0
    // Words until the text is about 40 % longer, as Android's pseudo-locale pads it.
    while Double(added) < Double(text.count) * 0.4 {
      let word = padding[extra.count % padding.count]
      extra.append(word)
      added += word.count + 1
    }
    return "[" + body + (extra.isEmpty ? "" : " " + extra.joined(separator: " ")) + "]"
  }

  /// `ar-XB`: the text in a right-to-left override, so it reads reversed, as a right-to-left
  /// language lays it out.
  static func bidirectional(_ text: String) -> String {
    "\u{202E}" + text + "\u{202C}"
  }

  /// The pseudo-locale's text for `text`, or `nil` when `language` is not a pseudo-locale.
  static func text(_ text: String, language: String) -> String? {
    switch language {
    case "en-XA": return accented(text)
    case "ar-XB": return bidirectional(text)
    default: return nil
    }
  }
}
