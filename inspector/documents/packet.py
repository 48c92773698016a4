"""The regulator packet's ZIP (docs/regulator-packet.md): files are written one at a time into a
temporary file, each hashed as it goes in, and manifest.json (every file's SHA-256 and the seal of
the record it prints) is written last. Nothing but the file being added is held in memory."""

from __future__ import annotations

import hashlib
import json
import tempfile
import zipfile
from typing import IO

# Already compressed (PDF streams are deflated, photos are JPEG): stored, not deflated again.
STORED_SUFFIXES = (".pdf", ".jpg", ".jpeg", ".zip")


class PacketWriter:
    def __init__(self, about: dict):
        self.file: IO[bytes] = tempfile.TemporaryFile()
        self.zip = zipfile.ZipFile(self.file, "w", compression=zipfile.ZIP_DEFLATED)
        self.about = about
        self.entries: list[dict] = []
        self.seals: dict[str, dict] = {}

    def add(self, path: str, data: bytes | str, *, record: dict | None = None, seal=None) -> None:
        """One file; `record` says what it prints ({"kind", "id", ...}) and `seal` is that
        record's seal as printed on it (None: not sealed)."""
        if isinstance(data, str):
            data = data.encode("utf-8")
        method = zipfile.ZIP_STORED if path.endswith(STORED_SUFFIXES) else zipfile.ZIP_DEFLATED
        self.zip.writestr(path, data, compress_type=method)
        entry = {"path": path, "sha256": hashlib.sha256(data).hexdigest(), "bytes": len(data)}
        if record is not None:
            entry["record"] = record
            entry["seal"] = seal["seal"] if seal else None
            if seal:
                self.seals[seal["seal"]] = {
                    "seal": seal["seal"],
                    "seq": seal["seq"],
                    "record": record,
                    "verify_url": seal["url"],
                }
        self.entries.append(entry)

    def finish(self) -> IO[bytes]:
        """Writes manifest.json and returns the ZIP file, rewound, for the caller to send and
        close (a temporary file: closing it deletes it)."""
        manifest = {
            **self.about,
            "files": self.entries,
            "seals": sorted(self.seals.values(), key=lambda s: s["seq"]),
        }
        self.zip.writestr("manifest.json", json.dumps(manifest, indent=2, ensure_ascii=False))
        self.zip.close()
        self.file.seek(0)
        return self.file

    def discard(self) -> None:
        self.zip.close()
        self.file.close()
