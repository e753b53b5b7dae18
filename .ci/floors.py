"""Print a pip constraints file pinning every declared dependency to its floor.

``python .ci/floors.py test dask plot`` reads pyproject.toml and prints
``name==X`` for each ``name>=X`` among the core dependencies and those of the
extras named (following ``ono99[...]`` references), so that installing with
these constraints tests the lowest versions the project claims to support.
"""

import re
import sys
import tomllib
from pathlib import Path

REQUIREMENT = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)(\[[^\]]*\])?\s*>=\s*([^,;\s]+)")
SELF = re.compile(r"^ono99\[([^\]]*)\]")


def floors(extras: list[str]) -> dict[str, str]:
    """Each dependency's lowest declared version, for the core and ``extras``."""
    project = tomllib.loads(Path("pyproject.toml").read_text(encoding="utf-8"))["project"]
    optional = project["optional-dependencies"]
    todo, seen = list(extras), set()
    requirements = list(project["dependencies"])
    while todo:
        extra = todo.pop()
        if extra in seen:
            continue
        seen.add(extra)
        for line in optional[extra]:
            nested = SELF.match(line)
            if nested:
                todo.extend(name.strip() for name in nested.group(1).split(","))
            else:
                requirements.append(line)
    found: dict[str, str] = {}
    for line in requirements:
        match = REQUIREMENT.match(line)
        if match is None:
            raise SystemExit(f"pyproject.toml: {line!r} declares no floor (name>=X)")
        found[match.group(1).lower()] = match.group(3)
    return found


if __name__ == "__main__":
    for name, version in sorted(floors(sys.argv[1:]).items()):
        print(f"{name}=={version}")
