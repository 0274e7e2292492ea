import Foundation
import Testing

/// docs/architecture.md lists every module's folders bottom to top; no file may use a type
/// declared in a folder listed after its own. The check reads the sources as text: a type is a
/// top-level `struct`, `class`, `enum`, `protocol`, `typealias` or `actor`, and a use is its name
/// outside comments and string literals.
@Suite struct FolderOrderTests {
  /// The documented order: each module's folders, `(root)` for the files at its top.
  static func documentedOrder() throws -> [String: [String]] {
    let text = try String(contentsOfFile: packageRoot + "/docs/architecture.md", encoding: .utf8)
    let section = try #require(text.components(separatedBy: "## Every module's folders, bottom to top").last)
    var order: [String: [String]] = [:]
    for line in section.split(separator: "\n") where line.hasPrefix("| `") {
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count >= 2 else { continue }
      let module = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
      order[module] = cells[1].split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
      }
    }
    return order
  }

  /// The Swift files of a module, by folder.
  static func files(of module: String) throws -> [(folder: String, path: String)] {
    let root = packageRoot + "/Sources/" + module
    let names = try #require(FileManager.default.enumerator(atPath: root)?.allObjects as? [String])
    return names.filter { $0.hasSuffix(".swift") }.sorted().map { name in
      let parts = name.split(separator: "/")
      return (parts.count > 1 ? String(parts[0]) : "(root)", root + "/" + name)
    }
  }

  /// `text` without comments and string literals (roughly: enough to find the names code uses).
  static func code(_ text: String) -> String {
    var out = ""
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
    var inBlockString = false
    while let line = lines.popFirst() {
      if line.contains("\"\"\"") {
        inBlockString.toggle()
        continue
      }
      if inBlockString { continue }
      var kept = ""
      var inString = false
      var previous: Character = " "
      for character in line {
        if !inString && character == "/" && previous == "/" {
          kept.removeLast()
          break
        }
        if character == "\"" && previous != "\\" {
          inString.toggle()
        } else if !inString {
          kept.append(character)
        }
        previous = character
      }
      out += kept + "\n"
    }
    return out
  }

  /// The name a top-level declaration in `line` declares, if any.
  static func declaredName(in line: Substring) -> String? {
    var words = line.split(separator: " ")[...]
    let modifiers: Set<Substring> = [
      "public", "package", "internal", "fileprivate", "private", "final", "indirect",
    ]
    while let first = words.first, modifiers.contains(first) { words = words.dropFirst() }
    let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "actor"]
    guard let kind = words.first, kinds.contains(kind), let name = words.dropFirst().first else { return nil }
    let identifier = name.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
    return identifier.isEmpty ? nil : String(identifier)
  }

  @Test func noFolderUsesATypeOfAFolderAboveIt() throws {
    let order = try Self.documentedOrder()
    #expect(order.count >= 8, "architecture.md lists the modules' folders")
    for (module, folders) in order.sorted(by: { $0.key < $1.key }) {
      let files = try Self.files(of: module)
      #expect(
        Set(files.map(\.folder)).isSubset(of: Set(folders)),
        "\(module) has folders architecture.md does not list: \(Set(files.map(\.folder)).subtracting(folders).sorted())"
      )
      var folderOfType: [String: String] = [:]
      var codeOfFile: [String: String] = [:]
      for file in files {
        let code = Self.code(try String(contentsOfFile: file.path, encoding: .utf8))
        codeOfFile[file.path] = code
        // Top-level declarations start their line.
        for line in code.split(separator: "\n") where !line.hasPrefix(" ") {
          if let name = Self.declaredName(in: line) { folderOfType[name] = file.folder }
        }
      }
      for file in files {
        guard let rank = folders.firstIndex(of: file.folder), let code = codeOfFile[file.path] else {
          continue
        }
        let names = Set(code.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
        for name in names.sorted() {
          guard let folder = folderOfType[name], folder != file.folder,
            let used = folders.firstIndex(of: folder)
          else { continue }
          #expect(
            used < rank,
            "\(module): \(file.path.replacingOccurrences(of: packageRoot + "/", with: "")) (\(file.folder)) uses \(name) of \(folder), a folder above it"
          )
        }
      }
    }
  }

  /// Threads and locks are SystemShim's: every other source file uses its `Locked` and
  /// `HandOffWorker` (docs/architecture.md, "Threads: one kit").
  @Test func noFileOutsideSystemShimMakesALockAConditionOrAThread() throws {
    let makers = [
      "NSLock", "NSRecursiveLock", "NSCondition", "Thread {", "Thread(", "DispatchQueue", "DispatchGroup",
      "DispatchSemaphore", "pthread_mutex", "pthread_cond", "pthread_create", "os_unfair_lock", "Mutex<",
    ]
    let root = packageRoot + "/Sources"
    let names = try #require(FileManager.default.enumerator(atPath: root)?.allObjects as? [String])
    var found: [String] = []
    for name in names.sorted() where name.hasSuffix(".swift") && !name.hasPrefix("SystemShim/") {
      let code = Self.code(try String(contentsOfFile: root + "/" + name, encoding: .utf8))
      for maker in makers where Self.usesName(maker, in: code) { found.append("\(name): \(maker)") }
    }
    #expect(found == [])
  }

  /// Raw memory (`Unsafe…Pointer`, `withUnsafe…`, `.allocate`) is the basements' business:
  /// SystemShim, HealthArchive's `Bytes/` and HealthDatabase's `SQLite/`; other code reads and
  /// writes bytes through spans, arrays and the basements' readers and appenders. The files below
  /// still hold raw memory of their own (the parsers' scanning loops, their appenders), a parser
  /// that reads its window's `base` by hand included; the list only shrinks: a file that touches
  /// raw memory anew fails here, and so does one that has moved off it while still listed.
  @Test func rawMemoryStaysInTheBasements() throws {
    let stillRaw: Set<String> = [
      "HealthArchive/Profile/ProfileByteWriter.swift",
      "HealthArchive/Profile/ProfileColumn.swift",
      "HealthArchive/Profile/ProfileElementEncoder.swift",
      "HealthArchive/Profile/ProfileLineDelta.swift",
      "HealthArchive/XML/RecordSkip.swift",
      "HealthArchive/XML/TagShape.swift",
      "HealthArchive/XML/TagTemplate.swift",
      "HealthArchive/XML/XMLTokenizer+StartTag.swift",
      "HealthArchive/XML/XMLTokenizer.swift",
      "HealthExport/Formatting/DateFormat.swift",
      "HealthTestSupport/ProgressRecorder.swift",
    ]
    let basements = ["SystemShim/", "HealthArchive/Bytes/", "HealthDatabase/SQLite/"]
    let words = ["Unsafe", "withUnsafe", ".allocate("]
    // The parsers' `base` is the window's first byte, read by hand: it counts as raw memory too.
    let parsers = ["HealthArchive/XML/", "HealthArchive/JSON/", "HealthArchive/Profile/"]
    let base = try Regex(#"\bbase\b"#)
    let root = packageRoot + "/Sources"
    let names = try #require(FileManager.default.enumerator(atPath: root)?.allObjects as? [String])
    var raw: Set<String> = []
    for name in names where name.hasSuffix(".swift") && !basements.contains(where: { name.hasPrefix($0) }) {
      let code = Self.code(try String(contentsOfFile: root + "/" + name, encoding: .utf8))
      let readsBase = parsers.contains(where: { name.hasPrefix($0) }) && code.contains(base)
      if words.contains(where: { code.contains($0) }) || readsBase { raw.insert(name) }
    }
    #expect(raw.subtracting(stillRaw).sorted() == [], "raw memory outside the basements")
    #expect(stillRaw.subtracting(raw).sorted() == [], "listed but no longer raw: take them off the list")
  }

  /// Whether `code` holds `name` as a word of its own (`Thread(`, not `SQLiteThread(`).
  static func usesName(_ name: String, in code: String) -> Bool {
    var rest = code[...]
    while let range = rest.range(of: name) {
      let before = range.lowerBound == code.startIndex ? " " : code[code.index(before: range.lowerBound)]
      if !(before.isLetter || before.isNumber || before == "_") { return true }
      rest = rest[range.upperBound...]
    }
    return false
  }
}
