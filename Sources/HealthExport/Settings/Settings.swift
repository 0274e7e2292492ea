/// What the user saved for the next runs: export choices and the folder outputs go to. Flags
/// override settings; settings override the defaults.
package struct Settings: Hashable, Sendable {
  /// The saved export choices; nil where nothing is saved.
  package var choices: ExportChoices
  /// The folder a command writes its default file name into when `-o` is not given.
  package var outputFolder: String?

  package init(choices: ExportChoices = ExportChoices(), outputFolder: String? = nil) {
    self.choices = choices
    self.outputFolder = outputFolder
  }

  /// Whether nothing is saved.
  package var isEmpty: Bool { choices.isEmpty && outputFolder == nil }
}
