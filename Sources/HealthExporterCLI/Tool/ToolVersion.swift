/// The tool's name in usage lines and messages.
package enum ToolName {
  package static let value = "health-exporter"
}

/// The version `health-exporter --version` prints.
package enum ToolVersion {
  package static let current = "0.1.0"
}
