#!/usr/bin/env python3
"""Checks an MCP bundle (.mcpb) against the MCPB manifest spec, version 0.3
(https://github.com/modelcontextprotocol/mcpb/blob/main/MANIFEST.md, and its JSON schema,
schemas/mcpb-manifest-v0.4.schema.json, which 0.3 manifests also meet): manifest.json at the
zip's root; the required fields with their types; no field the schema does not know; a binary
server whose entry_point is in the zip, executable, and is the command mcp_config runs; every
${user_config.KEY} naming a key of user_config. Uses Python's standard library only.

    scripts/check-mcpb.py health-exporter-0.1.0.mcpb
"""
import json
import re
import stat
import sys
import zipfile

TOP_LEVEL = {
    "$schema", "dxt_version", "manifest_version", "name", "display_name", "version", "description",
    "long_description", "author", "repository", "homepage", "documentation", "support", "icon",
    "icons", "screenshots", "localization", "server", "tools", "tools_generated", "prompts",
    "prompts_generated", "keywords", "license", "privacy_policies", "compatibility", "user_config",
    "_meta",
}
REQUIRED = {"manifest_version": str, "name": str, "version": str, "description": str, "author": dict,
            "server": dict}
SERVER_TYPES = {"node", "python", "binary", "uv"}
PLATFORMS = {"darwin", "win32", "linux"}
USER_CONFIG_TYPES = {"string", "number", "boolean", "directory", "file"}
USER_CONFIG_FIELDS = {"type", "title", "description", "required", "default", "multiple", "sensitive",
                      "min", "max"}
SEMVER = re.compile(r"^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$")


def check(path):
    problems = []

    def expect(condition, message):
        if not condition:
            problems.append(message)

    with zipfile.ZipFile(path) as bundle:
        entries = {info.filename: info for info in bundle.infolist()}
        if "manifest.json" not in entries:
            return ["manifest.json is not at the root of the bundle"]
        manifest = json.loads(bundle.read("manifest.json"))

    expect(isinstance(manifest, dict), "manifest.json is not an object")
    if problems:
        return problems
    for key in sorted(set(manifest) - TOP_LEVEL):
        problems.append(f"unknown field {key!r}")
    for key, kind in REQUIRED.items():
        expect(isinstance(manifest.get(key), kind),
               f"{key!r} is required, {'a string' if kind is str else 'an object'}")
    expect(manifest.get("manifest_version") in ("0.3", "0.4"), "manifest_version is not 0.3 or 0.4")
    expect(bool(SEMVER.match(str(manifest.get("version", "")))), "version is not a semantic version")
    author = manifest.get("author") or {}
    expect(isinstance(author.get("name"), str) and author["name"], "author.name is required, a string")
    expect(set(author) <= {"name", "email", "url"}, f"author has unknown fields: {sorted(author)}")

    server = manifest.get("server") or {}
    expect(server.get("type") in SERVER_TYPES, f"server.type {server.get('type')!r} is not one of {sorted(SERVER_TYPES)}")
    expect(set(server) <= {"type", "entry_point", "mcp_config"}, f"server has unknown fields: {sorted(server)}")
    entry_point = server.get("entry_point")
    expect(isinstance(entry_point, str), "server.entry_point is required, a string")
    config = server.get("mcp_config")
    expect(isinstance(config, dict), "server.mcp_config is required for a binary server, an object")
    config = config if isinstance(config, dict) else {}
    expect(isinstance(config.get("command"), str), "server.mcp_config.command is required, a string")
    expect(set(config) <= {"command", "args", "env", "platform_overrides"},
           f"server.mcp_config has unknown fields: {sorted(config)}")
    args = config.get("args", [])
    expect(isinstance(args, list) and all(isinstance(a, str) for a in args),
           "server.mcp_config.args is an array of strings")
    env = config.get("env", {})
    expect(isinstance(env, dict) and all(isinstance(v, str) for v in env.values()),
           "server.mcp_config.env is an object of strings")

    if isinstance(entry_point, str):
        info = entries.get(entry_point)
        expect(info is not None, f"server.entry_point {entry_point!r} is not in the bundle")
        if info is not None:
            mode = info.external_attr >> 16
            expect(bool(mode & stat.S_IXUSR), f"{entry_point} is not executable in the bundle (mode {oct(mode)})")
        if server.get("type") == "binary":
            expect(config.get("command") == "${__dirname}/" + entry_point,
                   f"mcp_config.command {config.get('command')!r} does not run ${{__dirname}}/{entry_point}")

    user_config = manifest.get("user_config", {})
    expect(isinstance(user_config, dict), "user_config is an object")
    user_config = user_config if isinstance(user_config, dict) else {}
    for key, option in user_config.items():
        if not isinstance(option, dict):
            problems.append(f"user_config.{key} is not an object")
            continue
        expect(option.get("type") in USER_CONFIG_TYPES, f"user_config.{key}.type is not one of {sorted(USER_CONFIG_TYPES)}")
        for field in ("title", "description"):
            expect(isinstance(option.get(field), str), f"user_config.{key}.{field} is required, a string")
        for field in ("required", "multiple", "sensitive"):
            expect(field not in option or isinstance(option[field], bool), f"user_config.{key}.{field} is a boolean")
        expect(set(option) <= USER_CONFIG_FIELDS, f"user_config.{key} has unknown fields: {sorted(option)}")
    for text in [config.get("command", "")] + list(args) + list(env.values()):
        for key in re.findall(r"\$\{user_config\.([^}]*)\}", str(text)):
            expect(key in user_config, f"${{user_config.{key}}} names no key of user_config")

    compatibility = manifest.get("compatibility", {})
    expect(isinstance(compatibility, dict), "compatibility is an object")
    platforms = compatibility.get("platforms", []) if isinstance(compatibility, dict) else []
    expect(isinstance(platforms, list) and set(platforms) <= PLATFORMS,
           f"compatibility.platforms {platforms!r} are not among {sorted(PLATFORMS)}")
    for field in ("tools_generated", "prompts_generated"):
        expect(field not in manifest or isinstance(manifest[field], bool), f"{field} is a boolean")
    return problems


def main():
    if len(sys.argv) != 2:
        print("usage: scripts/check-mcpb.py BUNDLE.mcpb", file=sys.stderr)
        return 64
    problems = check(sys.argv[1])
    for problem in problems:
        print(f"{sys.argv[1]}: {problem}", file=sys.stderr)
    if problems:
        return 1
    print(f"{sys.argv[1]}: the manifest meets the MCPB manifest spec")
    return 0


if __name__ == "__main__":
    sys.exit(main())
