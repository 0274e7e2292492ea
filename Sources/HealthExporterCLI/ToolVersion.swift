/// The version `health-exporter --version` prints.
public enum ToolVersion {
  public static let current = "0.1.0"
}
