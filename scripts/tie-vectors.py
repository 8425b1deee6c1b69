#!/usr/bin/env python3
"""Golden vectors for the rare path of the lookup: positions equal in their top 32 bits.

Usage:  python3 scripts/tie-vectors.py > test/fixtures/ties.json

A lookup scans only part of each position (the WebAssembly ring's keys hold the 16 bits after the
index's bucket bits, assembly/ring.ts; the pure engine compares word by word, top first) and
compares whole positions only when that part ties. Top 32 bits equal means tied in both engines.
Random tests almost never get there (a key ties with one of n nodes in its top 32 bits with
probability n / 2^32), so this searches for the cases instead:
  - regions whose one virtual node has the same top 32 bits as a node of the base ring, and
  - session ids whose top 32 bits equal some node's,
and records what scripts/reference/region_router.py routes each id to, with the side of the
tie (the id's full position below or above the node's), so the test knows both sides are there.
It searches about 8 million ids: some seconds. test/fixtures.test.ts checks the committed file.
"""
import hashlib
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "reference"))
from region_router import RegionRouter  # noqa: E402


def position(text: str) -> int:
    return int(hashlib.md5(text.encode()).hexdigest(), 16)


def head(text: str) -> bytes:
    return hashlib.md5(text.encode()).digest()[:4]


BASE = [("tie-a", 6000), ("tie-b", 6000)]
heads = {}
for region, weight in BASE:
    for i in range(weight):
        heads[head(f"{region}#{i}")] = f"{region}#{i}"

# Regions of weight 1 whose node shares its top 32 bits with a base node.
colliders = []
j = 0
while len(colliders) < 2:
    name = f"twin-{j}"
    if head(f"{name}#0") in heads:
        colliders.append(name)
    j += 1

router = RegionRouter()
for region, weight in BASE:
    router.add_region(region, weight)
for name in colliders:
    router.add_region(name, 1)
keys = []
below = above = 0
i = -1
md5 = hashlib.md5
while below < 8 or above < 8:
    i += 1
    # The hot loop (about 8 million ids): head() straight from the id's bytes, no text encoding.
    h = md5(b"tie-key-%d" % i).digest()[:4]
    if h not in heads:
        continue
    key = f"tie-key-{i}"
    side = "below" if position(key) < position(heads[h]) else "above"
    if (side == "below" and below >= 8) or (side == "above" and above >= 8):
        continue
    below += side == "below"
    above += side == "above"
    keys.append([key, heads[h], side, router.route(key)])

json.dump(
    {
        "generator": "scripts/tie-vectors.py (expected answers from scripts/reference/region_router.py)",
        "regions": [list(r) for r in BASE] + [[name, 1] for name in colliders],
        "twins": [[f"{name}#0", heads[head(f"{name}#0")]] for name in colliders],
        "keys": keys,
    },
    sys.stdout,
    ensure_ascii=False,
    indent=1,
)
print()
