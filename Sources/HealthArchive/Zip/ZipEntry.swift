import Foundation

/// One entry of a zip archive, as its central directory describes it.
package struct ZipEntry: Hashable, Sendable {
  /// The entry's path inside the archive, decoded as the archive wrote it (UTF-8, or CP437 when
  /// the bytes are not UTF-8 and the UTF-8 flag is not set).
  package let name: String
  /// The name's bytes exactly as they are in the archive.
  package let rawName: [UInt8]
  /// The name in Unicode normalization form C, for display and comparison: a name written in
  /// decomposed form (`o` + U+0301) reads the same as its precomposed spelling (`ó`).
  package let normalizedName: String
  /// The size of the entry's data in the archive, in bytes.
  package let compressedSize: UInt64
  /// The size of the entry's content once decompressed, in bytes.
  package let uncompressedSize: UInt64
  /// How the data is compressed.
  package let method: ZipCompressionMethod
  /// The CRC-32 of the decompressed content, as the archive records it.
  package let crc32: UInt32
  /// Where the entry's local header starts in the archive file.
  package let localHeaderOffset: UInt64
  /// The general-purpose bit flags.
  package let flags: UInt16

  /// Whether the entry is a folder (its name ends with `/`).
  package var isDirectory: Bool { rawName.last == UInt8(ascii: "/") }
  /// Whether the entry is encrypted (flag bit 0).
  package var isEncrypted: Bool { flags & 0x0001 != 0 }
  /// Whether the entry's sizes and CRC follow its data in a data descriptor (flag bit 3).
  package var hasDataDescriptor: Bool { flags & 0x0008 != 0 }
  /// Whether the archive marks the name as UTF-8 (flag bit 11).
  package var isNameMarkedUTF8: Bool { flags & 0x0800 != 0 }

  init(
    rawName: [UInt8], compressedSize: UInt64, uncompressedSize: UInt64,
    method: ZipCompressionMethod, crc32: UInt32, localHeaderOffset: UInt64, flags: UInt16
  ) {
    self.rawName = rawName
    self.name = ZipNameDecoder.decode(rawName, isMarkedUTF8: flags & 0x0800 != 0)
    self.normalizedName = name.precomposedStringWithCanonicalMapping
    self.compressedSize = compressedSize
    self.uncompressedSize = uncompressedSize
    self.method = method
    self.crc32 = crc32
    self.localHeaderOffset = localHeaderOffset
    self.flags = flags
  }
}
