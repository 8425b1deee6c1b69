"""Preference lists where two names share a 32-bit point, for the dialects whose libraries keep one
owner per point: uhashring 2.x with hash_fn="ketama" (the real library: Debian's python3-uhashring,
under /usr/bin/python3; this script re-runs itself there when the python3 it was started with has no
uhashring) and hash_ring 1.3.1 (the port in scripts/reference/hash_ring.py). Both keep a dict
point -> node, the last written winning, beside a sorted list of every point, duplicates included;
their walks (uhashring's range(), hash_ring's iterate_nodes()) read each point's node from the dict,
so a node that lost a shared point never appears at it. region-router's preferenceList(key, 4) in
those dialects must give the same (test/preference-ties.test.ts).

    python3 scripts/dialect-vectors/preference.py uhashring-ketama > test/fixtures/preference/uhashring-ketama.json
    python3 scripts/dialect-vectors/preference.py hash_ring > test/fixtures/preference/hash_ring.json

One ring: 1,200 nodes "srv<i>" of weight 1 + i % 5, some 150,000-190,000 points of which a few are
shared. Keys: for each shared point, the first key "tie-<j>" (j = 0, 1, ...) whose walk starts at
that point and the first whose walk starts at the point before it; then 20 ordinary keys "key-<j>".
Each with the first 4 distinct nodes of the library's walk.
"""

import bisect
import json
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the tree (the tests run this script)
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "reference"))

DEBIAN_PYTHON = "/usr/bin/python3"
NODES = [(f"srv{i}", 1 + i % 5) for i in range(1200)]
WALK = 4


def uhashring_ketama():
    """(sorted points with duplicates, key -> its walk's start index, key -> its walk, description)."""
    try:
        from uhashring import HashRing
    except ImportError:
        if sys.executable != DEBIAN_PYTHON and os.path.exists(DEBIAN_PYTHON):
            os.execv(DEBIAN_PYTHON, [DEBIAN_PYTHON, *sys.argv])
        sys.exit("uhashring-ketama needs uhashring 2.x: Debian's python3-uhashring (apt-get install python3-uhashring), run with /usr/bin/python3")
    from importlib.metadata import version

    ring = HashRing(nodes=dict(NODES), hash_fn="ketama")
    walk = lambda key: [conf["nodename"] for conf in ring.range(key, size=WALK)]  # noqa: E731
    return ring.runtime._keys, ring._get_pos, walk, f"the real uhashring (Debian python3-uhashring {version('uhashring')}), HashRing(nodes, hash_fn='ketama').range(key, size=4)"


def hash_ring():
    from hash_ring import HashRing

    ring = HashRing([name for name, _ in NODES], dict(NODES))

    def walk(key):
        nodes = []
        for node in ring.iterate_nodes(key):
            nodes.append(node)
            if len(nodes) == WALK:
                break
        return nodes

    return ring.sorted_keys, ring.get_node_pos, walk, "scripts/reference/hash_ring.py (a port of hash_ring 1.3.1), iterate_nodes(key), its first 4"


def main(dialect):
    points, start_of, walk, implementation = {"uhashring-ketama": uhashring_ketama, "hash_ring": hash_ring}[dialect]()
    # Each shared point's first index, and the walks that reach it first or second: from it, or from
    # the point before it.
    wanted = {}
    for i in range(1, len(points)):
        if points[i] == points[i - 1] and (i < 2 or points[i - 2] != points[i]):
            wanted[i - 1] = True
            wanted[i - 2 if i >= 2 else len(points) - 1] = True
    shared = sum(1 for i in range(1, len(points)) if points[i] == points[i - 1])
    keys = []
    j = 0
    while wanted:
        key = f"tie-{j}"
        start = start_of(key)
        if wanted.pop(start, False):
            keys.append(key)
        j += 1
    keys += [f"key-{j}" for j in range(20)]
    out = {
        "dialect": dialect,
        "implementation": implementation,
        "command": f"python3 scripts/dialect-vectors/preference.py {dialect} > test/fixtures/preference/{dialect}.json",
        "points": len(points),
        "sharedPoints": shared,
        "regions": NODES,
        "cases": [{"key": key, "walk": walk(key)} for key in keys],
    }
    dump = lambda value: json.dumps(value, ensure_ascii=False, separators=(",", ":"))  # noqa: E731
    head = "".join(f"{dump(k)}:{dump(v)},\n" for k, v in out.items() if k != "cases")
    cases = ",\n".join(dump(c) for c in out["cases"])
    sys.stdout.write("{\n" + head + '"cases":[\n' + cases + "\n]}\n")


if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] not in ("uhashring-ketama", "hash_ring"):
        sys.exit("usage: preference.py uhashring-ketama|hash_ring")
    main(sys.argv[1])
