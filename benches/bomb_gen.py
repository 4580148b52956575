#!/usr/bin/env python3
"""Writes the gzip bombs and the large pack that scripts/bench-bomb.sh feeds to
`proofpack verify`. Every stream is written incrementally: nothing holds more
than one chunk of data in memory.

usage: bomb_gen.py OUT_DIR SAMPLE_PACK SAMPLE_TRUST
"""

import base64
import hashlib
import json
import os
import sys
import tarfile
import zlib

MIB = 1 << 20
CHUNK = 4 * MIB
BLOCK = 512


def header(path, size, typeflag=b"0"):
    """A ustar header of a regular file (mode 0644, uid/gid 0, mtime 0)."""
    h = bytearray(BLOCK)

    def put(at, value):
        h[at : at + len(value)] = value

    put(0, path.encode())
    put(100, b"0000644\0")
    put(108, b"0000000\0")
    put(116, b"0000000\0")
    put(124, b"%011o\0" % size)
    put(136, b"00000000000\0")
    h[156] = typeflag[0]
    put(257, b"ustar\x0000")
    put(148, b" " * 8)
    put(148, b"%06o\0 " % sum(h))
    return bytes(h)


class GzipWriter:
    """A single gzip member written chunk by chunk."""

    def __init__(self, path, level=6):
        self.file = open(path, "wb")
        self.z = zlib.compressobj(level, zlib.DEFLATED, 31)  # 31: gzip wrapper
        self.written = 0

    def write(self, data):
        self.written += len(data)
        self.file.write(self.z.compress(data))

    def zeros(self, n):
        chunk = bytes(min(n, CHUNK))
        while n > 0:
            take = min(n, CHUNK)
            self.write(chunk[:take])
            n -= take

    def pad(self, size):
        self.zeros((BLOCK - size % BLOCK) % BLOCK)

    def close(self):
        self.file.write(self.z.flush())
        self.file.close()


def zero_bomb(out, total):
    """(a) the end-of-archive marker, then zeros: `total` bytes of tar stream."""
    g = GzipWriter(out, level=9)
    g.zeros(total)
    g.close()


def declared_members(out, members):
    """Members of declared size each followed by that many zero bytes."""
    g = GzipWriter(out, level=9)
    for path, size in members:
        g.write(header(path, size))
        g.zeros(size)
        g.pad(size)
    g.zeros(2 * BLOCK)
    g.close()


def pseudo_random_chunks(total, seed=b"proofpack-bench"):
    """Incompressible, reproducible data: SHA-256 in counter mode (slow but
    dependency-free); yields chunks of at most CHUNK bytes."""
    counter = 0
    left = total
    base = hashlib.sha256(seed).digest()
    block = b"".join(
        hashlib.sha256(base + i.to_bytes(8, "big")).digest() for i in range(CHUNK // 32)
    )
    while left > 0:
        # Each chunk is the base block rotated: no repeat within deflate's 32 KiB window.
        rot = (counter * 4099) % len(block)
        chunk = block[rot:] + block[:rot]
        take = min(left, len(chunk))
        yield chunk[:take]
        left -= take
        counter += 1


def big_pack(out_pack, out_trust, sample_pack, sample_trust, attachment_size):
    """The sample pack plus `attachments/big.bin` of `attachment_size` bytes,
    listed in the manifest and re-signed with a fresh DPO key when the
    `cryptography` module is available (else left unlisted and unsigned)."""
    members = []
    with tarfile.open(sample_pack, "r:gz") as t:
        for m in t.getmembers():
            members.append((m.name, t.extractfile(m).read()))

    digest = hashlib.sha256()
    for chunk in pseudo_random_chunks(attachment_size):
        digest.update(chunk)
    big_sha = digest.hexdigest()

    signed = False
    try:
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
        from cryptography.hazmat.primitives import serialization

        signed = True
    except ImportError:
        pass

    contents = dict(members)
    trust = json.loads(open(sample_trust, "rb").read())
    if signed:
        manifest = json.loads(contents["manifest.json"])
        manifest["files"].append(
            {"path": "attachments/big.bin", "sha256": big_sha, "size": attachment_size}
        )
        manifest_bytes = json.dumps(manifest, indent=2).encode() + b"\n"
        key = Ed25519PrivateKey.generate()
        kind = b"application/vnd.proof-pack.manifest+json"
        pae = b"DSSEv1 %d %s %d %s" % (len(kind), kind, len(manifest_bytes), manifest_bytes)
        sig = key.sign(pae)
        key_id = manifest["signature_key_id"]
        contents["manifest.json"] = manifest_bytes
        contents["signature.sig"] = json.dumps(
            {"alg": "ed25519", "key_id": key_id, "sig": base64.b64encode(sig).decode()}
        ).encode()
        public = key.public_key().public_bytes(
            serialization.Encoding.Raw, serialization.PublicFormat.Raw
        )
        for k in trust["keys"]:
            if k["key_id"] == key_id:
                k["public_key"] = base64.b64encode(public).decode()
    with open(out_trust, "w") as f:
        json.dump(trust, f, indent=2)

    g = GzipWriter(out_pack, level=1)
    for name, _ in members:
        data = contents[name]
        g.write(header(name, len(data)))
        g.write(data)
        g.pad(len(data))
    g.write(header("attachments/big.bin", attachment_size))
    for chunk in pseudo_random_chunks(attachment_size):
        g.write(chunk)
    g.pad(attachment_size)
    g.zeros(2 * BLOCK)
    g.close()
    return signed


def entries(out, count):
    """`count` empty regular files, then the end marker."""
    g = GzipWriter(out, level=9)
    for i in range(count):
        g.write(header("attachments/e/%05d" % i, 0))
    g.zeros(2 * BLOCK)
    g.close()


def wide_json(out, path, size):
    """A JSON object of `size` bytes with members "k0000000": 1, ... (a
    document that stays valid to its last byte, so it must be held whole)."""
    member = lambda i: b'"k%07d":1' % i
    body = bytearray(b"{")
    i = 0
    while len(body) + len(member(i)) + 2 <= size:
        if i:
            body += b","
        body += member(i)
        i += 1
    body += b" " * (size - len(body) - 1) + b"}"
    g = GzipWriter(out, level=6)
    g.write(header(path, len(body)))
    g.write(bytes(body))
    g.pad(len(body))
    g.zeros(2 * BLOCK)
    g.close()


def nested_json(out, levels):
    """verification.json nested `levels` arrays deep."""
    doc = b"[" * levels + b"]" * levels
    g = GzipWriter(out)
    g.write(header("verification.json", len(doc)))
    g.write(doc)
    g.pad(len(doc))
    g.zeros(2 * BLOCK)
    g.close()


def main():
    out, sample_pack, sample_trust = sys.argv[1:4]
    limit = 1024 * MIB  # the default decompressed limit
    member_limit = 512 * MIB
    jobs = {
        "a-zeros-1.2GiB.tar.gz": lambda p: zero_bomb(p, 1229 * MIB),
        "a1-zeros-1GiB.tar.gz": lambda p: zero_bomb(p, limit),
        "a2-zeros-1GiB-plus-1.tar.gz": lambda p: zero_bomb(p, limit + 1),
        "b-two-500MiB.tar.gz": lambda p: declared_members(
            p, [("attachments/big.bin", 500 * MIB), ("attachments/big2.bin", 500 * MIB)]
        ),
        "c-member-512MiB.tar.gz": lambda p: declared_members(
            p, [("attachments/big.bin", member_limit)]
        ),
        "c1-member-512MiB-plus-1.tar.gz": lambda p: declared_members(
            p, [("attachments/big.bin", member_limit + 1)]
        ),
        "d-parsed-2x500MiB.tar.gz": lambda p: declared_members(
            p, [("manifest.json", 500 * MIB), ("request.json", 500 * MIB)]
        ),
        "f-entries-10000.tar.gz": lambda p: entries(p, 10000),
        "f1-entries-10001.tar.gz": lambda p: entries(p, 10001),
        "g-wide-json-100MB.tar.gz": lambda p: wide_json(p, "request.json", 100 * 1000 * 1000),
        "h-nesting-64.tar.gz": lambda p: nested_json(p, 64),
        "h1-nesting-65.tar.gz": lambda p: nested_json(p, 65),
    }
    for name, job in jobs.items():
        job(os.path.join(out, name))
        print(f"wrote {name}: {os.path.getsize(os.path.join(out, name))} bytes", flush=True)
    signed = big_pack(
        os.path.join(out, "e-pack-300MiB-attachment.tar.gz"),
        os.path.join(out, "e-trust.json"),
        sample_pack,
        sample_trust,
        300 * MIB,
    )
    print(
        "wrote e-pack-300MiB-attachment.tar.gz "
        f"({'listed and re-signed' if signed else 'unlisted, not re-signed'})",
        flush=True,
    )


if __name__ == "__main__":
    main()
