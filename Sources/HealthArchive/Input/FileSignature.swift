/// What a file that is not an input is, told by its first bytes, for the message that turns it
/// away: `a PDF document`, `a PNG image`, `an empty file`, `a text file`.
///
/// The signatures are the formats' own magic numbers (PDF 1.7 §7.5.2, PNG §5.2, JPEG's SOI
/// marker, GIF89a, ISO/IEC 14496-12's `ftyp` box for HEIC, RIFF for WebP, TIFF 6.0's byte order,
/// gzip RFC 1952, 7z, RAR, bzip2, xz).
enum FileSignature {
  /// What `start`, the first bytes of a file, says the file is; nil when nothing is recognized
  /// (binary data of no known kind).
  static func description(ofStart start: [UInt8]) -> String? {
    if start.isEmpty { return "an empty file" }
    for (magic, offset, name) in signatures where start.count >= offset + magic.count {
      if Array(start[offset..<offset + magic.count]) == magic { return name }
    }
    if start.count >= 12, Array(start[4..<8]) == Array("ftyp".utf8) {
      let brand = String(decoding: start[8..<12], as: UTF8.self)
      if ["heic", "heix", "mif1", "msf1", "heim", "heis"].contains(brand) { return "a HEIC image" }
      if ["qt  "].contains(brand) { return "a QuickTime movie" }
      return "an MP4 or QuickTime file"
    }
    if start.count >= 12, start.starts(with: Array("RIFF".utf8)), Array(start[8..<12]) == Array("WEBP".utf8) {
      return "a WebP image"
    }
    return textDescription(of: start)
  }

  /// Signatures at a fixed offset, each with what it names.
  private static let signatures: [(magic: [UInt8], offset: Int, name: String)] = [
    (Array("%PDF-".utf8), 0, "a PDF document"),
    ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], 0, "a PNG image"),
    ([0xFF, 0xD8, 0xFF], 0, "a JPEG image"),
    (Array("GIF87a".utf8), 0, "a GIF image"),
    (Array("GIF89a".utf8), 0, "a GIF image"),
    ([0x49, 0x49, 0x2A, 0x00], 0, "a TIFF image"),
    ([0x4D, 0x4D, 0x00, 0x2A], 0, "a TIFF image"),
    ([0x1F, 0x8B], 0, "a gzip-compressed file (unpack it first)"),
    ([0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C], 0, "a 7-Zip archive (unpack it first)"),
    (Array("Rar!".utf8), 0, "a RAR archive (unpack it first)"),
    (Array("BZh".utf8), 0, "a bzip2-compressed file (unpack it first)"),
    ([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00], 0, "an xz-compressed file (unpack it first)"),
  ]

  /// A text file's kind, from its first characters: an XML document and its root, an HTML page,
  /// or plain text and its first line; nil for bytes that are not text (a control character,
  /// invalid UTF-8).
  private static func textDescription(of start: [UInt8]) -> String? {
    var bytes = start.prefix(4096)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    // Control characters other than tabs, line ends and form feeds mark binary data.
    guard !bytes.contains(where: { $0 < 0x20 && ![0x09, 0x0A, 0x0C, 0x0D].contains($0) || $0 == 0x7F })
    else { return nil }
    // The sniffed prefix may end inside a character: only the last three bytes may be cut.
    guard let text = String(validating: bytes.dropLast(trailingCut(of: bytes)), as: UTF8.self) else {
      return nil
    }
    let trimmed = text.drop(while: \.isWhitespace)
    let lowered = trimmed.prefix(512).lowercased()
    if lowered.hasPrefix("<!doctype html") || lowered.hasPrefix("<html") { return "an HTML page" }
    if trimmed.hasPrefix("<") {
      switch rootElement(of: trimmed) {
      case "ClinicalDocument":
        return "a clinical document (CDA), such as the export_cda.xml an export holds beside export.xml"
      case let root?: return "an XML file whose root is <\(root)>, not <HealthData>"
      case nil:
        return trimmed.contains("<!ELEMENT") || trimmed.contains("<!ATTLIST")
          ? "a document type definition (DTD)"
          : "an XML file without a <HealthData> root"
      }
    }
    if trimmed.isEmpty { return "a text file of blank lines" }
    let firstLine = trimmed.prefix { $0 != "\n" && $0 != "\r" }
    return "a text file that begins '\(shortened(firstLine))'"
  }

  /// How many bytes at the end of `bytes` belong to a UTF-8 character the prefix cut.
  private static func trailingCut(of bytes: ArraySlice<UInt8>) -> Int {
    var count = 0
    for byte in bytes.reversed().prefix(3) {
      count += 1
      if byte & 0xC0 == 0xC0 {  // a lead byte: cut when its character needs more than `count`
        let needed = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
        return needed > count ? count : 0
      }
      if byte & 0x80 == 0 { return 0 }
    }
    return 0
  }

  /// The name of the first element of an XML text, after its declaration, comments and doctype.
  private static func rootElement(of text: Substring) -> String? {
    var rest = text
    while let open = rest.firstIndex(of: "<") {
      let after = rest[rest.index(after: open)...]
      if after.hasPrefix("?") || after.hasPrefix("!") {
        guard let close = after.firstIndex(of: ">") else { return nil }
        rest = after[after.index(after: close)...]
        continue
      }
      let name = after.prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" }
      return name.isEmpty ? nil : String(name.prefix(40))
    }
    return nil
  }

  /// At most 40 characters of a line, with `…` where it goes on.
  private static func shortened(_ line: Substring) -> String {
    guard line.count > 40 else { return String(line) }
    var start = line.prefix(40)
    while start.last?.isWhitespace == true { start.removeLast() }
    return start + "…"
  }
}
