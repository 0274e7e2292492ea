/// How the data of a zip entry is compressed: the "compression method" number of the zip format.
///
/// Only `stored` and `deflated` can be read and written; the other known numbers are named so that
/// messages can say what an archive uses.
public struct ZipCompressionMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The number the zip format uses for the method.
  public let rawValue: UInt16

  /// The method with the zip format's number `rawValue`.
  public init(rawValue: UInt16) {
    self.rawValue = rawValue
  }

  /// No compression: the data is stored as it is.
  public static let stored = ZipCompressionMethod(rawValue: 0)
  /// Deflate, the method almost every zip uses.
  public static let deflated = ZipCompressionMethod(rawValue: 8)

  /// Whether this package can read and write the method.
  public var isSupported: Bool { self == .stored || self == .deflated }

  /// The method's usual name, with its number when it is not stored or deflate.
  public var description: String {
    switch rawValue {
    case 0: "stored"
    case 8: "deflate"
    case 9: "Deflate64 (method 9)"
    case 12: "bzip2 (method 12)"
    case 14: "LZMA (method 14)"
    case 93: "Zstandard (method 93)"
    case 95: "xz (method 95)"
    case 98: "PPMd (method 98)"
    case 99: "AES encryption (method 99)"
    default: "method \(rawValue)"
    }
  }
}
