/// The fixed numbers of the zip format (APPNOTE.TXT): record signatures and sizes, sentinels.
enum ZipRecord {
  /// `PK\u{3}\u{4}`: a local file header.
  static let localHeaderSignature: UInt32 = 0x0403_4b50
  /// `PK\u{1}\u{2}`: a central directory file header.
  static let centralHeaderSignature: UInt32 = 0x0201_4b50
  /// `PK\u{5}\u{6}`: the end of central directory record.
  static let endSignature: UInt32 = 0x0605_4b50
  /// `PK\u{6}\u{6}`: the ZIP64 end of central directory record.
  static let zip64EndSignature: UInt32 = 0x0606_4b50
  /// `PK\u{6}\u{7}`: the ZIP64 end of central directory locator.
  static let zip64LocatorSignature: UInt32 = 0x0706_4b50
  /// `PK\u{7}\u{8}`: the optional signature of a data descriptor.
  static let dataDescriptorSignature: UInt32 = 0x0807_4b50

  /// The local file header without its name and extra field.
  static let localHeaderSize = 30
  /// The central directory file header without its name, extra field and comment.
  static let centralHeaderSize = 46
  /// The end of central directory record without its comment.
  static let endSize = 22
  /// The ZIP64 end of central directory record as version 1 writes it.
  static let zip64EndSize = 56
  /// The ZIP64 end of central directory locator.
  static let zip64LocatorSize = 20
  /// The longest comment an end of central directory record can carry.
  static let maximumCommentLength = 0xFFFF

  /// The id of the ZIP64 extended information extra field.
  static let zip64ExtraID: UInt16 = 0x0001

  /// A 16-bit field that says "see the ZIP64 record".
  static let sentinel16: UInt16 = 0xFFFF
  /// A 32-bit field that says "see the ZIP64 extra field or record".
  static let sentinel32: UInt32 = 0xFFFF_FFFF

  /// General-purpose flag bit 0: the entry is encrypted.
  static let encryptedFlag: UInt16 = 0x0001
  /// General-purpose flag bit 3: sizes and CRC follow the data in a data descriptor.
  static let dataDescriptorFlag: UInt16 = 0x0008
  /// General-purpose flag bit 11: the name is UTF-8.
  static let utf8Flag: UInt16 = 0x0800
}

extension RandomAccessCollection where Element == UInt8, Index == Int {
  /// The little-endian 16-bit value at `offset` bytes from the start; the caller checks bounds.
  func littleEndian16(at offset: Int) -> UInt16 {
    let i = startIndex + offset
    return UInt16(self[i]) | UInt16(self[i + 1]) << 8
  }

  /// The little-endian 32-bit value at `offset` bytes from the start; the caller checks bounds.
  func littleEndian32(at offset: Int) -> UInt32 {
    UInt32(littleEndian16(at: offset)) | UInt32(littleEndian16(at: offset + 2)) << 16
  }

  /// The little-endian 64-bit value at `offset` bytes from the start; the caller checks bounds.
  func littleEndian64(at offset: Int) -> UInt64 {
    UInt64(littleEndian32(at: offset)) | UInt64(littleEndian32(at: offset + 4)) << 32
  }
}

extension Array where Element == UInt8 {
  /// Appends `value` as two little-endian bytes.
  mutating func appendLittleEndian(_ value: UInt16) {
    append(UInt8(truncatingIfNeeded: value))
    append(UInt8(truncatingIfNeeded: value >> 8))
  }

  /// Appends `value` as four little-endian bytes.
  mutating func appendLittleEndian(_ value: UInt32) {
    appendLittleEndian(UInt16(truncatingIfNeeded: value))
    appendLittleEndian(UInt16(truncatingIfNeeded: value >> 16))
  }

  /// Appends `value` as eight little-endian bytes.
  mutating func appendLittleEndian(_ value: UInt64) {
    appendLittleEndian(UInt32(truncatingIfNeeded: value))
    appendLittleEndian(UInt32(truncatingIfNeeded: value >> 32))
  }
}
