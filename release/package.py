#!/usr/bin/env python3
"""The release's packaging steps that must give the same bytes on every
runner (GNU tar, macOS's bsdtar and Windows have no common options for
that), for release/local.sh.

  package.py binary WHEEL DEST        the wheel's rfc1738 (or rfc1738.exe) into DEST
  package.py archive EPOCH DIR OUT    DIR (a folder) as OUT: .tar.gz or .zip by OUT's name,
                                      every entry dated EPOCH, owned by root, sorted;
                                      then OUT.sha256
  package.py sums DIR NAME...         DIR/sha256.sum: the named files' SHA-256

Checksum files are in sha256sum's format ("HASH  NAME"), which
`sha256sum -c` and the installers read.
"""

import gzip
import hashlib
import io
import os
import sys
import tarfile
import time
import zipfile


def sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def binary(wheel, dest):
    with zipfile.ZipFile(wheel) as z:
        members = [n for n in z.namelist() if n.endswith((".data/scripts/rfc1738", ".data/scripts/rfc1738.exe"))]
        if len(members) != 1:
            sys.exit(f"package.py: {wheel} holds {len(members)} rfc1738 binaries, not one")
        with open(dest, "wb") as f:
            f.write(z.read(members[0]))
    os.chmod(dest, 0o755)


def files_of(folder):
    root = os.path.dirname(folder)
    for directory, subdirectories, names in os.walk(folder):
        subdirectories.sort()
        for name in sorted(names):
            path = os.path.join(directory, name)
            yield path, os.path.relpath(path, root).replace(os.sep, "/")


def archive(epoch, folder, out):
    folder = folder.rstrip("/\\")
    if out.endswith(".zip"):
        date = time.gmtime(max(epoch, 315532800))[:6]  # zip's dates start in 1980
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
            for path, name in files_of(folder):
                info = zipfile.ZipInfo(name, date)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = (0o755 if os.access(path, os.X_OK) else 0o644) << 16
                with open(path, "rb") as f:
                    z.writestr(info, f.read())
    elif out.endswith(".tar.gz"):
        buffer = io.BytesIO()
        with tarfile.open(fileobj=buffer, mode="w", format=tarfile.PAX_FORMAT) as tar:
            top = tarfile.TarInfo(os.path.basename(folder))
            top.type, top.mode, top.mtime = tarfile.DIRTYPE, 0o755, epoch
            tar.addfile(top)
            for path, name in files_of(folder):
                info = tarfile.TarInfo(name)
                info.size = os.path.getsize(path)
                # Windows has no execute bit to read: the binary is the one
                # file that needs it.
                executable = os.access(path, os.X_OK) or os.path.basename(path) == "rfc1738"
                info.mode = 0o755 if executable else 0o644
                info.mtime = epoch
                with open(path, "rb") as f:
                    tar.addfile(info, f)
        with open(out, "wb") as f:
            # mtime=0 and no name in the gzip header: the same bytes each time.
            with gzip.GzipFile(filename="", mode="wb", fileobj=f, compresslevel=9, mtime=0) as z:
                z.write(buffer.getvalue())
    else:
        sys.exit(f"package.py: {out} is neither a .tar.gz nor a .zip")
    with open(out + ".sha256", "w", newline="\n") as f:
        f.write(f"{sha256(out)}  {os.path.basename(out)}\n")


def sums(directory, names):
    with open(os.path.join(directory, "sha256.sum"), "w", newline="\n") as f:
        for name in sorted(names):
            f.write(f"{sha256(os.path.join(directory, name))}  {name}\n")


def main():
    command, args = (sys.argv[1], sys.argv[2:]) if len(sys.argv) > 1 else ("", [])
    if command == "binary" and len(args) == 2:
        binary(*args)
    elif command == "archive" and len(args) == 3:
        archive(int(args[0]), args[1], args[2])
    elif command == "sums" and len(args) >= 2:
        sums(args[0], args[1:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
