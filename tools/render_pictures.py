"""Render the pictures of docs/pictures.md: run each of its Python blocks,
write the SVG the block leaves in ``picture`` to docs/pictures/NAME.svg (NAME
from the image line above the block) and convert it to NAME.png.

    python tools/render_pictures.py

A developer's tool, not a CI step: the conversion uses ``rsvg-convert``
(Debian's package librsvg2-bin). tests/test_svg.py checks that every SVG in
docs/pictures/ is what its block makes today, so rerun this after changing a
drawing.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent.parent / "docs"
PAGE = DOCS / "pictures.md"
#: An image line, then (after any words) the Python block that draws it.
BLOCK = re.compile(r"!\[[^\]]*\]\(pictures/([\w-]+)\.png\)\n(?:[^\n]*\n)*?```python\n(.*?)```",
                   re.S)


def blocks(page: str) -> list[tuple[str, str]]:
    """Each picture's name and the code that draws it, in the page's order."""
    return BLOCK.findall(page)


def draw(code: str, name: str) -> str:
    """The SVG a block leaves in ``picture``."""
    scope: dict[str, object] = {}
    exec(compile(code, f"docs/pictures.md ({name})", "exec"), scope)
    picture = scope.get("picture")
    if not isinstance(picture, str):
        raise SystemExit(f"the block of {name} leaves no SVG in `picture`")
    return picture


def main() -> int:
    converter = shutil.which("rsvg-convert")
    if converter is None:
        print("rsvg-convert is missing: apt-get install librsvg2-bin", file=sys.stderr)
        return 1
    found = blocks(PAGE.read_text())
    if not found:
        print("no picture in docs/pictures.md", file=sys.stderr)
        return 1
    out = DOCS / "pictures"
    out.mkdir(exist_ok=True)
    for name, code in found:
        svg_file = out / f"{name}.svg"
        svg_file.write_text(draw(code, name))
        subprocess.run([converter, "--zoom", "1", "--output", str(out / f"{name}.png"),
                        str(svg_file)], check=True)
        print(f"docs/pictures/{name}.svg and .png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
