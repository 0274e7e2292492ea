/// Every subcommand, in the order help lists them.
enum SubcommandList {
  static var all: [any Subcommand.Type] {
    [
      ExportCommand.self, SummaryCommand.self, ReportCommand.self, ProfileCommand.self, DatabaseCommand.self,
      ConvertCommand.self, DiffCommand.self, InspectCommand.self, GenerateCommand.self, MetricsCommand.self,
      SettingsCommand.self, CompletionsCommand.self, ManualCommand.self, PrivacyCommand.self, MCPCommand.self,
    ]
  }
}
