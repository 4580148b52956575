#!/usr/bin/env python3
"""Writes packs whose one JSON member is a hostile shape (issue 17's table):
the sample pack's members, with `verification.json` (or `steps.jsonl`, for
the JSONL shape) replaced by a document of N MiB, streamed so that the generator itself stays
small. The packs are not validly signed (the member's digest changes): the
figures are the reader's memory and time, not a verdict.

    json_shapes_gen.py OUT_DIR SAMPLE_PACK MIB
"""
import gzip, io, os, sys, tarfile

out, sample, mib = sys.argv[1], sys.argv[2], int(sys.argv[3])
size = mib << 20

def dense_array():
    yield b'{"a":['
    n = (size - 8) // 2
    chunk = b"0," * 65536
    for _ in range(n // 65536):
        yield chunk
    yield b"0]}"

def dense_object():
    yield b"{"
    i = 0
    written = 1
    while written < size:
        part = b"".join(b'"%x":0,' % (i + k) for k in range(4096))
        i += 4096
        written += len(part)
        yield part
    yield b'"end":0}'

def deep_nesting():
    # 63 levels of arrays around each scalar, repeated in a wide array.
    unit = b"[" * 62 + b"0" + b"]" * 62
    yield b'{"a":['
    written = 6
    first = True
    while written < size:
        block = b",".join([unit] * 256)
        if not first:
            block = b"," + block
        first = False
        written += len(block)
        yield block
    yield b"]}"

def escaped_strings():
    yield b'{"a":['
    s = b'"' + b"\\u00e9\\n\\\"" * 1024 + b'"'
    written = 6
    first = True
    while written < size:
        block = b",".join([s] * 64)
        if not first:
            block = b"," + block
        first = False
        written += len(block)
        yield block
    yield b"]}"

def tiny_records():
    # A JSONL member of millions of tiny records.
    chunk = b'{"k":0}\n' * 65536
    for _ in range(size // len(chunk)):
        yield chunk

shapes = {
    "dense-array": ("verification.json", dense_array),
    "dense-object": ("verification.json", dense_object),
    "deep-nesting": ("verification.json", deep_nesting),
    "escaped-strings": ("verification.json", escaped_strings),
    "tiny-records": ("steps.jsonl", tiny_records),
}

with tarfile.open(sample, "r:gz") as src:
    members = [(m, src.extractfile(m).read()) for m in src.getmembers() if m.isfile()]

for name, (target, gen) in shapes.items():
    doc = os.path.join(out, name + ".json")
    with open(doc, "wb") as f:
        for part in gen():
            f.write(part)
    path = os.path.join(out, name + ".tar.gz")
    with open(path, "wb") as raw:
        with gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, compresslevel=6) as gz:
            with tarfile.open(fileobj=gz, mode="w", format=tarfile.USTAR_FORMAT) as tar:
                for info, data in members:
                    if info.name == target:
                        info = tarfile.TarInfo(target)
                        info.size = os.path.getsize(doc)
                        info.mode = 0o644
                        with open(doc, "rb") as f:
                            tar.addfile(info, f)
                    else:
                        tar.addfile(info, io.BytesIO(data))
    print(name, os.path.getsize(doc), os.path.getsize(path))
