#!/usr/bin/env python3
"""Searches, once, for the rare keys and node names the dialect vectors need, and prints them as
the Python module scripts/dialect-vectors/searched.py:

    python3 scripts/dialect-vectors/search.py > scripts/dialect-vectors/searched.py

(about a minute on two cores; standard library only). The generators import the result and check
every claim again (cheaply) before using it, so a stale or edited searched.py fails loudly.

What it finds (ketama points: the little-endian 32-bit words of an MD5 digest, a key's point is the
first word; 128-bit positions: the digest read big-endian):
  - EDGE_KEYS: keys whose 32-bit point, or whose 128-bit position's top 32 bits, are near 0 or near
    the top (within 2^16), where lookups wrap;
  - TIE_KEYS: keys whose 32-bit point equals word 1, 2 or 3 of a virtual node "<node>-<k>" of the
    seven SEVEN nodes (k < 39, which every ketama dialect gives seven equal nodes), so strictly-after
    and at-or-after search disagree on them (word 0 ties need no search: the key "<node>-<k>" itself);
  - COLLISIONS: two different node names whose virtual nodes "<x>-<i>" and "<y>-<j>" (i, j < 40) have
    an equal point (word < 3 of each), a birthday collision among a few hundred thousand points, with
    keys whose point lies just below the shared point and above every other point of the two nodes'
    40 names x 4 words, so they land on it in every ketama dialect: first-wins and last-wins disagree;
  - FIRST_NAME_COLLISION: two node names whose first virtual node "<x>-0" has the same word 0, so
    that with one name and one point per node (vnodes 1, replicas 1) the ring's only two points are
    equal: one node owns every key, and the other exactly nothing.
"""
import hashlib
import struct
from multiprocessing import Pool

SEVEN = ["amsterdam", "berlin", "chicago", "dublin", "edinburgh", "frankfurt", "genève"]
TOP = 1 << 32
NEAR = 1 << 16
WINDOW = 1 << 18


def words(text):
    return struct.unpack("<4I", hashlib.md5(text.encode("utf-8")).digest())


def edge_keys():
    """Two keys in each of four corners: 32-bit point below 2^16 or above 2^32 - 2^16, and the
    same for the top 32 bits of the 128-bit position."""
    found = {"point-low": [], "point-high": [], "position-low": [], "position-high": []}
    i = 0
    while any(len(v) < 2 for v in found.values()):
        key = f"edge-{i}"
        digest = hashlib.md5(key.encode()).digest()
        point = struct.unpack("<I", digest[:4])[0]
        head = struct.unpack(">I", digest[:4])[0]
        for name, hit in (("point-low", point < NEAR), ("point-high", point >= TOP - NEAR), ("position-low", head < NEAR), ("position-high", head >= TOP - NEAR)):
            if hit and len(found[name]) < 2:
                found[name].append(key)
        i += 1
    return [key for keys in found.values() for key in keys]


def tie_targets():
    targets = {}
    for node in SEVEN:
        for k in range(39):
            for j, word in enumerate(words(f"{node}-{k}")):
                if j > 0:
                    targets[struct.pack("<I", word)] = (f"{node}-{k}", j)
    return targets


def tie_chunk(args):
    start, stop = args
    targets = tie_targets()
    md5 = hashlib.md5
    hits = []
    for i in range(start, stop):
        head = md5(b"tie-%d" % i).digest()[:4]
        if head in targets:
            hits.append((f"tie-{i}", *targets[head]))
    return hits


def tie_keys(wanted=6, chunk=2_000_000):
    hits = []
    with Pool(2) as pool:
        start = 0
        while len(hits) < wanted:
            for part in pool.map(tie_chunk, [(start, start + chunk), (start + chunk, start + 2 * chunk)]):
                hits.extend(part)
            start += 2 * chunk
    return sorted(hits, key=lambda hit: int(hit[0][4:]))[:wanted]


def collisions():
    """Pairs of names from one pool (ASCII and non-ASCII) with an equal point: word < 3 of some
    "<name>-<k>", k < 40. Two with both on word 0 (which every replicas option shows), then one on
    other words (which replicas 1 hides)."""
    seen = {}
    pairs = []
    for i in range(12_000):
        name = f"n{i}" if i % 2 == 0 else f"ñ{i}"
        for k in range(40):
            for j, word in enumerate(words(f"{name}-{k}")[:3]):
                other = seen.get(word)
                if other and other[0] != name:
                    pairs.append((other, (name, k, j), word))
                else:
                    seen[word] = (name, k, j)
    pairs.sort(key=lambda p: max(p[0][1], p[1][1]))
    first = [p for p in pairs if p[0][2] == p[1][2] == 0][:2]
    return first + [p for p in pairs if p[0][2] > 0 and p[1][2] > 0][:1]


def first_name_collision():
    seen = {}
    i = 0
    while True:
        name = f"z{i}"
        point = words(f"{name}-0")[0]
        if point in seen:
            return seen[point], name, point
        seen[point] = name
        i += 1


def landing_keys(x, y, point, count=3):
    """Keys whose point is in [point - WINDOW, point) with no other point of x or y (40 names x 4
    words each) in between, so they land on `point` whatever the search."""
    others = sorted(w for node in (x, y) for k in range(40) for w in words(f"{node}-{k}") if w != point)
    below = max([w for w in others if w < point], default=-1)
    low = max(point - WINDOW, below + 1)
    keys = []
    i = 0
    while len(keys) < count:
        key = f"hit-{point}-{i}"
        if low <= words(key)[0] < point:
            keys.append(key)
        i += 1
    return keys


def main():
    print('"""Found by scripts/dialect-vectors/search.py (do not edit: rerun it). See its docstring."""')
    print(f"SEVEN = {SEVEN!r}")
    print(f"EDGE_KEYS = {edge_keys()!r}")
    print("# (key, virtual node, word): the key's point is that word of the virtual node's MD5")
    print(f"TIE_KEYS = {tie_keys()!r}")
    print("# ((x, k, word), (y, k, word), point, keys landing on it)")
    print("COLLISIONS = [")
    for a, b, point in collisions():
        print(f"    ({a!r}, {b!r}, {point}, {landing_keys(a[0], b[0], point)!r}),")
    print("]")
    print("# (x, y, point): word 0 of x-0 and of y-0")
    print(f"FIRST_NAME_COLLISION = {first_name_collision()!r}")


if __name__ == "__main__":
    main()
