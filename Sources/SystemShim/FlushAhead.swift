/// Flushes a file's data to the storage device on a thread of its own while its writer completes
/// it, so that the flush every output gets before it is placed finds most of the file on the
/// device already.
///
/// A database of hundreds of megabytes is written to the page cache as it is built, and flushed
/// once, at the end: the flush then waits for the whole file to reach the device (1.4 s for
/// 640 MB here) while nothing else runs. Started when the input is read, the writing of those
/// pages overlaps the database's last steps (its summaries, its indexes' last rows), which only
/// need the processor.
///
///     let flush = FlushAhead(path: temporaryPath)
///     … complete the file …
///     flush.wait()                  // then flush again and place the file, as always
///
/// Nothing depends on it: it writes no byte, and a failure is left for the flush before placing
/// to meet again and report.
package final class FlushAhead {
  private let worker: HandOffWorker<String, Never>

  /// Starts flushing the file at `path` and returns at once.
  package init(path: String) {
    worker = HandOffWorker(name: "flush-ahead", depth: 1) { path in
      guard let descriptor = try? SystemCall.openForReading(path) else { return }
      defer { SystemCall.close(descriptor) }
      try? SystemCall.synchronize(descriptor, path: path)
    }
    worker.submit(path)
    worker.close()
  }

  /// Waits until the flush has ended.
  package func wait() {
    worker.finish()
  }
}
