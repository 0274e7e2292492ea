/// An input that hands on the items of another, counted, watched or cut short: it has the name,
/// shape, header and folders of the input it wraps, and reads the items itself.
package protocol ForwardingSource: HealthInputSource {
  /// The input whose items are handed on.
  associatedtype Base: HealthInputSource

  /// The input whose items are handed on.
  var base: Base { get }
}

extension ForwardingSource {
  package var name: String { base.name }
  package var shape: InputShape { base.shape }
  package var contentName: String { base.contentName }
  package var header: ExportHeader { base.header }
  package func fileNames(in folder: String) -> [String] { base.fileNames(in: folder) }
}
