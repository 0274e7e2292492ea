/// Where in an input something was found: the file, and the line and column when the format has
/// lines (columns count bytes from 1), or the byte offset where it has not (JSON).
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
  /// The file, as the user named it (an archive entry is `archive.zip:entry.xml`).
  public var file: String
  /// The line, from 1; 0 where the format has no lines.
  public var line: Int
  /// The byte in the line, from 1; 0 where unknown.
  public var column: Int
  /// The byte from the start of the file, from 0, where lines are not counted.
  public var byteOffset: Int64?

  /// A location, each argument the property of the same name.
  public init(file: String, line: Int, column: Int = 0, byteOffset: Int64? = nil) {
    self.file = file
    self.line = line
    self.column = column
    self.byteOffset = byteOffset
  }

  /// `export.xml, line 12, column 4`, or without the parts that are unknown.
  public var description: String {
    var text = file
    if line > 0 { text += ", line \(line)" }
    if column > 0 { text += ", column \(column)" }
    if let byteOffset { text += ", byte \(byteOffset)" }
    return text
  }
}
