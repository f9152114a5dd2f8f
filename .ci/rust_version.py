#!/usr/bin/env python3
"""Fails when a package the library builds on asks for a newer Rust than
the library's `rust-version`: its normal and build dependencies, with every
feature on, as `cargo metadata` resolves them (read from standard input).

The library's own code is held to its `rust-version` by clippy's
`incompatible_msrv` (on by default; CI's clippy runs deny it), which flags
any item of the standard library stable after that version."""
import json
import sys


def version(text):
    return tuple(int(part) for part in text.split("."))


metadata = json.load(sys.stdin)
packages = {package["id"]: package for package in metadata["packages"]}
nodes = {node["id"]: node for node in metadata["resolve"]["nodes"]}
root = next(p for p in metadata["packages"] if p["name"] == "rfc1738" and p["source"] is None)
floor = version(root["rust_version"])

seen, todo, newer = set(), [root["id"]], []
while todo:
    current = todo.pop()
    if current in seen:
        continue
    seen.add(current)
    package = packages[current]
    wanted = package.get("rust_version")
    if wanted and version(wanted) > floor:
        newer.append(f"{package['name']} {package['version']} asks for {wanted}")
    for dependency in nodes[current]["deps"]:
        kinds = {kind["kind"] for kind in dependency["dep_kinds"]}
        if kinds & {None, "build"}:
            todo.append(dependency["pkg"])

print(f"rust-version {root['rust_version']}: {len(seen) - 1} packages the library builds on")
for line in newer:
    print(f"  {line}")
sys.exit(1 if newer else 0)
