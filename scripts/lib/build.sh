# Building the health-exporter binary, shared by scripts/install and scripts/release (sourced,
# not run; both run it from the package's root).

# Stops with a message when the Swift toolchain is not on PATH.
require_swift() {
  if ! command -v swift >/dev/null 2>&1; then
    echo "error: swift not found on PATH. health-exporter is built from source with a Swift 6 toolchain:" >&2
    echo "  install one from https://www.swift.org/install (on macOS, Xcode or the swift.org package), then run this again." >&2
    exit 1
  fi
}

# Prints the toolchain's folder of static Swift libraries (lib/swift_static), or nothing when it
# has none. `swift` on PATH is often a link (/usr/bin/swift to /opt/swift/usr/bin/swift-driver):
# the toolchain is where the links lead. A proxy that is no link (swiftly's) is asked instead
# where its runtime's resources are; swift_static sits beside them.
static_stdlib_folder() {
  local usr resources
  usr="$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")"
  if [ -d "$usr/lib/swift_static" ]; then
    echo "$usr/lib/swift_static"
    return
  fi
  resources="$(swiftc -print-target-info 2>/dev/null \
    | sed -n 's/.*"runtimeResourcePath": *"\([^"]*\)".*/\1/p' | head -n 1)"
  if [ -n "$resources" ] && [ -d "$resources/../swift_static" ]; then
    (cd "$resources/../swift_static" && pwd)
  fi
}

# build_health_exporter CONFIGURATION [static-required]
# Builds the health-exporter product (debug or release) and sets health_exporter_binary to its
# path. On Linux a release build links the Swift standard library and Foundation statically when
# the toolchain ships them, so the binary needs no Swift runtime beside it (Apple platforms have
# the runtime built in); with static-required, a toolchain without them is an error.
build_health_exporter() {
  local configuration="$1" requirement="${2:-}"
  local flags=(-c "$configuration" --product health-exporter)
  if [ "$(uname -s)" = "Linux" ] && [ "$configuration" = release ]; then
    if [ -n "$(static_stdlib_folder)" ]; then
      flags+=(--static-swift-stdlib)
    elif [ "$requirement" = static-required ]; then
      echo "error: this Swift toolchain has no static standard library (lib/swift_static beside" >&2
      echo "  $(readlink -f "$(command -v swift)")); a release needs the swift.org toolchain for Linux." >&2
      exit 1
    fi
  fi
  echo "== swift build ${flags[*]}"
  swift build "${flags[@]}"
  health_exporter_binary="$(swift build "${flags[@]}" --show-bin-path)/health-exporter"
}
