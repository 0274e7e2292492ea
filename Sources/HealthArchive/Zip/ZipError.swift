public import Foundation
package import HealthModel

/// A zip archive that cannot be read or written: damaged, cut short, or using a feature that is
/// not supported. Entry problems are named `archive.zip:entry/path`, like the entry's stream.
///
/// A file that cannot be opened or read at all is an `InputError` instead.
public enum ZipError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
  /// No end-of-central-directory record: the file is not a zip, or its end is missing.
  case missingEndRecord(path: String)
  /// The central directory or a local header contradicts itself or the file.
  case damagedArchive(path: String, detail: String)
  /// The archive is one part of a zip split over several files.
  case splitArchive(path: String)
  /// No entry has the name asked for.
  case entryNotFound(path: String, name: String)
  /// The entry's data runs past the end of the file.
  case truncatedEntry(path: String, entry: String)
  /// The entry's compressed data cannot be decompressed.
  case damagedEntry(path: String, entry: String, detail: String)
  /// The decompressed data's CRC-32 differs from the one the archive records.
  case checksumMismatch(path: String, entry: String, expected: UInt32, actual: UInt32)
  /// The decompressed data is longer or shorter than the archive declares.
  case sizeMismatch(path: String, entry: String, declared: UInt64, produced: UInt64)
  /// The entry uses a compression method other than stored or deflate.
  case unsupportedMethod(path: String, entry: String, method: ZipCompressionMethod)
  /// The entry is encrypted.
  case encryptedEntry(path: String, entry: String)
  /// The entry is larger than a whole-entry read accepts.
  case entryTooLarge(path: String, entry: String, size: UInt64, limit: Int)
  /// Writing the archive failed.
  case writeFailed(path: String, reason: String)
  /// An entry name is longer than the 65,535 bytes the format allows.
  case nameTooLong(path: String, entry: String)
  /// An entry of 4 GiB or more was added to an archive written without ZIP64.
  case entryNeedsZip64(path: String, entry: String)

  /// The message, as it is shown.
  public var description: String {
    switch self {
    case .missingEndRecord(let path):
      "\(path) is not a zip archive, or its end is missing (no end-of-central-directory record); "
        + "if it is an export, copy it again in full or export again from the Health app."
    case .damagedArchive(let path, let detail):
      "\(path) is a damaged zip archive: \(detail); export again from the Health app."
    case .splitArchive(let path):
      "\(path) is one part of a zip split over several files, which cannot be read; "
        + "join the parts into one zip first."
    case .entryNotFound(let path, let name):
      "\(path) holds no entry named '\(name)'; list the archive to see the names it holds."
    case .truncatedEntry(let path, let entry):
      "\(path):\(entry) is cut short: its data runs past the end of the file; "
        + "copy the archive again in full or export again."
    case .damagedEntry(let path, let entry, let detail):
      "\(path):\(entry) is damaged: \(detail); export again from the Health app."
    case .checksumMismatch(let path, let entry, let expected, let actual):
      "\(path):\(entry) is damaged: its CRC-32 is \(Self.hex(actual)) but the archive records "
        + "\(Self.hex(expected)); export again from the Health app."
    case .sizeMismatch(let path, let entry, let declared, let produced):
      if produced > declared {
        "\(path):\(entry) is damaged: it holds more than the \(declared) bytes the archive "
          + "declares; export again from the Health app."
      } else {
        "\(path):\(entry) is damaged: it holds \(produced) bytes but the archive declares "
          + "\(declared); export again from the Health app."
      }
    case .unsupportedMethod(let path, let entry, let method):
      "\(path):\(entry) is compressed with \(method), which cannot be read (only stored and "
        + "deflate can); unzip it with another tool and pass the folder instead."
    case .encryptedEntry(let path, let entry):
      "\(path):\(entry) is encrypted, which cannot be read; "
        + "unzip it with its password and pass the folder instead."
    case .entryTooLarge(let path, let entry, let size, let limit):
      "\(path):\(entry) is \(size) bytes, more than the \(limit) bytes expected for this kind of "
        + "file; check that the archive is a Health export."
    case .writeFailed(let path, let reason):
      "Cannot write \(path): \(reason); check the free space and permissions of its folder."
    case .nameTooLong(let path, let entry):
      "Cannot add '\(entry.prefix(80))…' to \(path): zip entry names are at most 65535 bytes."
    case .entryNeedsZip64(let path, let entry):
      "Cannot add '\(entry)' to \(path): it is 4 GiB or larger, which needs ZIP64; "
        + "write the archive with ZIP64 forced."
    }
  }

  /// The message, for `LocalizedError`.
  public var errorDescription: String? { description }

  /// `0x0000abcd`: eight lower-case hex digits.
  private static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
  }
}

extension ZipError: ClassifiedError {
  package var failureKind: FailureKind { .malformedInput }
}
