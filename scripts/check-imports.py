#!/usr/bin/env python3
"""Fails when a Swift file imports a module its target does not declare in Package.swift.

SwiftPM lets a target import any module that happens to be built before it (a dependency of a
dependency), so an undeclared import builds today and breaks when the graph changes, and the
graph no longer says which layer uses which. Reads the targets from `swift package
dump-package` (the manifest as SwiftPM reads it) and every `import` line of their sources.

    scripts/check-imports.py [PACKAGE_FOLDER]     (make test runs it before building)
"""
import json
import os
import re
import subprocess
import sys

# Modules of the toolchain and the C library: always there, never declared.
TOOLCHAIN = {
    "Swift", "Foundation", "FoundationEssentials", "FoundationInternationalization",
    "FoundationNetworking", "FoundationXML", "Glibc", "Musl", "Dispatch", "Testing", "XCTest",
    "Synchronization", "_Concurrency", "_StringProcessing", "RegexBuilder", "Observation",
    "SwiftShims", "CoreFoundation",
}

IMPORT = re.compile(
    r"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*import\s+"
    r"(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][A-Za-z0-9_]*)")


def module_name(target_name):
    return re.sub(r"[^A-Za-z0-9_]", "_", target_name)


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".")
    manifest = json.loads(subprocess.run(
        [os.environ.get("SWIFT", "swift"), "package", "dump-package", "--package-path", root],
        check=True, capture_output=True, text=True).stdout)

    problems = []
    for target in manifest["targets"]:
        if target["type"] in ("system", "binary", "plugin", "macro"):
            continue
        declared = set()
        for dependency in target["dependencies"]:
            for kind in ("byName", "target", "product"):
                if kind in dependency:
                    declared.add(module_name(dependency[kind][0]))
        folder = target.get("path") or os.path.join("Tests" if target["type"] == "test" else "Sources", target["name"])
        excluded = [os.path.join(root, folder, e) for e in target.get("exclude", [])]
        own = module_name(target["name"])
        for directory, _, files in os.walk(os.path.join(root, folder)):
            if any(directory == e or directory.startswith(e + os.sep) for e in excluded):
                continue
            for file in sorted(files):
                if not file.endswith(".swift"):
                    continue
                path = os.path.join(directory, file)
                with open(path, encoding="utf-8") as source:
                    in_string = False   # inside a """ literal (a Python script in a test, say)
                    for number, line in enumerate(source, 1):
                        quoted = in_string
                        if line.count('"""') % 2 == 1:
                            in_string = not in_string
                        match = None if quoted else IMPORT.match(line)
                        if not match:
                            continue
                        module = match.group(1)
                        if module in TOOLCHAIN or module == own or module in declared:
                            continue
                        problems.append(f"{os.path.relpath(path, root)}:{number}: imports {module}, "
                                        f"which target {target['name']} does not declare in Package.swift")
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"check-imports: {len(problems)} undeclared import(s)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
