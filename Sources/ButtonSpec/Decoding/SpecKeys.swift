/// The keys the spec format knows at each place, for unknown-key checks, suggestions and the
/// reference documentation.
public enum SpecKeys {
  /// Top level of a spec file.
  public static let specFile = ["buttonsmith", "palette", "defaults", "buttons"]
  /// Keys of a button that a state may not override.
  public static let buttonOnly = ["extends", "size", "scales", "appearances", "states", "touch-target"]
  /// Keys of how an image is used rather than drawn (its resizing, the asset catalog's rendering
  /// intent); a state may override them, as any property but the button's own.
  public static let usage = ["stretch", "render-as"]
  /// Keys that describe how a button looks; all may appear in a state's overrides.
  public static let look = [
    "style", "gradient", "background", "tint", "corner-radius", "border", "shadow", "text", "font",
    "content-color", "fit", "padding", "image", "overlay", "opacity", "mask", "spinner", "hit-mask",
  ]
  /// Every key of a button.
  public static let button = buttonOnly + usage + look
  /// Top level of a template file: a button plus its version and palette.
  public static let templateFile = ["buttonsmith", "palette"] + button
  /// Keys of the maps inside a button, by the key that holds them.
  public static let nested: [String: [String]] = [
    "size": ["width", "height"],
    "gradient": ["colors", "stops", "angle"],
    "stop": ["color", "at"],
    "border": ["width", "color", "align"],
    "shadow": ["offset", "blur", "color", "opacity"],
    "font": ["family", "file", "size", "weight", "italic"],
    "fit": ["min-scale", "step"],
    "image": ["file", "template", "size", "position", "spacing"],
    "mask": ["file", "mode", "invert", "inset", "alpha"],
    "spinner": ["size", "color", "position", "frames", "spokes", "period"],
    "stretch": ["insets", "center", "x", "y", "content"],
    "hit-mask": ["threshold"],
    "text": ["string"],
    "color": ["color", "alpha", "light", "dark"],
  ]
}
