/// Bounds every stage keeps to, so no input costs far more than its size.
public enum Limits {
  /// The largest image side, in pixels, that is drawn or decoded (8192).
  public static let maximumPixelSide = 8192
}
