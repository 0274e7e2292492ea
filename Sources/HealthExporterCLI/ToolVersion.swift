/// The version `health-exporter --version` prints.
package enum ToolVersion {
  package static let current = "0.1.0"
}
