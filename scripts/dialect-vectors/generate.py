#!/usr/bin/env python3
"""Dialect vectors: for one ring dialect (RegionRouter's compatibleWith), cases of add / remove
steps with, after each step, the route the dialect's own implementation gives every key of the case
and the number of points on its ring.

    python3 scripts/dialect-vectors/generate.py DIALECT > test/fixtures/dialects/DIALECT.json
    python3 scripts/dialect-vectors/generate.py --cases DIALECT     (the cases, without answers)
    python3 scripts/dialect-vectors/generate.py --render DIALECT    (the fixture, from answered cases)
(the last two serve scripts/dialect-vectors/hashring.mjs, which answers with the npm package).

Who answers (test/fixtures/README.md lists the exact commands):
  region-router         scripts/reference/region_router.py (the reference; weight x vnodesPerWeight names)
  consistent-hash-ring  scripts/reference/consistent_hash_ring.py (the blog post's class as published;
                        weight w gets w x replicas virtual nodes: its `replicas` set per node)
  uhashring             the real uhashring 2.x, default mode (Debian's python3-uhashring: run with
  uhashring-ketama      /usr/bin/python3; this script re-runs itself there when the uhashring it
                        imports is missing), hash_fn="ketama" for the second
  libketama             scripts/reference/libketama.py, a port of the C library (not installable)
  hash_ring             scripts/reference/hash_ring.py, a port of the Python 2 package (not installable)
  hashring              the real npm hashring 3.2.0: scripts/dialect-vectors/hashring.mjs

The router's semantics for every dialect: after each step the router equals a FRESH instance of the
library built from the regions in weights() order (adding a region that is there moves it to the
end) with their weights; so each step here builds a new instance from that list. A region of
weight 0 is a node of weight 0 (no points, but counted where the library counts nodes); all weights
0 is an empty ring (uhashring's ketama mode and hash_ring divide by zero there; the answer is None).

The keys of every case: a fixed set (ASCII, accents, CJK, emoji, NUL, an MD5 block's length), keys
whose hash is near 0 or near the top (EDGE_KEYS), and the names of the case's virtual nodes in every
dialect's spelling ("<r>#<i>", "<r>:vnode:<i>", "<r>-<i>": exact ties with a point, in the 128-bit
dialects of that spelling and, for "<r>-<i>", with word 0 in every ketama dialect); the seven-node
cases add keys tying with words 1-3 of a point (TIE_KEYS), the collision cases keys landing on the
point two regions share (COLLISIONS): see scripts/dialect-vectors/search.py, which found them.
"""
import hashlib
import json
import os
import struct
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the tree (the tests run this script)
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "reference"))
from searched import COLLISIONS, EDGE_KEYS, FIRST_NAME_COLLISION, SEVEN, TIE_KEYS  # noqa: E402

DEBIAN_PYTHON = "/usr/bin/python3"

# Dialect -> (its options with the values the cases try, default first, bounds included; the
# spelling of its virtual nodes; whether a region's names depend on the other regions' weights).
DIALECTS = {
    "region-router": ({"vnodesPerWeight": [1, 2, 3, 17, 10_000]}, "#", False),
    "consistent-hash-ring": ({"replicas": [150, 1, 2, 7, 10_000]}, ":vnode:", False),
    "uhashring": ({"vnodes": [160, 1, 2, 9, 10_000]}, "-", False),
    "uhashring-ketama": ({"vnodes": [40, 1, 2, 13, 10_000], "replicas": [4, 1, 2, 3]}, "-", True),
    "hashring": ({"vnodeCount": [40, 1, 2, 13, 10_000], "replicas": [4, 1, 2, 3]}, "-", True),
    "libketama": ({}, "-", True),
    "hash_ring": ({}, "-", True),
}
IMPLEMENTATIONS = {
    "region-router": "scripts/reference/region_router.py (the reference)",
    "consistent-hash-ring": "scripts/reference/consistent_hash_ring.py (the blog post's ConsistentHashRing as published), its replicas set to weight x replicas per node",
    "uhashring": "the real uhashring (Debian python3-uhashring {version}), HashRing(nodes, vnodes=...)",
    "uhashring-ketama": "the real uhashring (Debian python3-uhashring {version}), HashRing(nodes, hash_fn='ketama', vnodes=..., replicas=...)",
    "libketama": "scripts/reference/libketama.py: a port of libketama (RJ/ketama libketama/ketama.c), not the C library",
    "hash_ring": "scripts/reference/hash_ring.py: a port of hash_ring 1.3.1 (Doist/hash_ring), not the Python 2 package",
}

GENERIC_KEYS = [f"key-{i}" for i in range(24)] + [
    "",
    "a",
    "user:42",
    "x" * 55,  # the longest message of one MD5 block
    "x" * 56,  # the shortest of two
    "café-naïve",
    "Zürich/session",
    "東京-セッション",
    "北京",
    "😀🦊",
    "🏳️‍🌈 flag",
    "nul\0inside",
]
SPELLINGS = ["#", ":vnode:", "-"]


def vnode_keys(regions):
    """Each region's virtual node names 0, 1 and 5 in every dialect's spelling."""
    return [f"{r}{sep}{i}" for r in regions for sep in SPELLINGS for i in (0, 1, 5)]


def words(text):
    return struct.unpack("<4I", hashlib.md5(text.encode("utf-8")).digest())


def check_searched():
    """The searched keys and names are what search.py says they are (a cheap re-check)."""
    near = 1 << 16
    for key in EDGE_KEYS:
        digest = hashlib.md5(key.encode()).digest()
        point, head = struct.unpack("<I", digest[:4])[0], struct.unpack(">I", digest[:4])[0]
        assert min(point, head) < near or max(point, head) >= (1 << 32) - near, key
    for key, vnode, j in TIE_KEYS:
        assert words(key)[0] == words(vnode)[j] and j > 0, key
    x, y, point = FIRST_NAME_COLLISION
    assert x != y and words(f"{x}-0")[0] == words(f"{y}-0")[0] == point
    for (x, i, a), (y, j, b), point, keys in COLLISIONS:
        assert x != y and words(f"{x}-{i}")[a] == words(f"{y}-{j}")[b] == point
        others = [w for node in (x, y) for k in range(40) for w in words(f"{node}-{k}") if w != point]
        for key in keys:
            h = words(key)[0]
            assert h < point and not any(h <= w < point for w in others), key


def cases(dialect):
    """The cases for one dialect: [name, options, keys, steps (each a list of ops)]."""
    option_values, _, relative = DIALECTS[dialect]
    # npm hashring reads weight 0 as 1 (documented): its vectors have no weight 0.
    zero = 0 if dialect != "hashring" else None
    out = []

    def case(name, steps, options=None, extra_keys=(), generic=True):
        regions = list(dict.fromkeys(op[1] for ops in steps for op in ops))
        keys = (GENERIC_KEYS if generic else GENERIC_KEYS[:12]) + EDGE_KEYS + vnode_keys(regions) + list(extra_keys)
        out.append([name, options or {}, list(dict.fromkeys(keys)), steps])

    def adds(regions):
        return [["add", r, w] for r, w in regions]

    tie_keys = [key for key, _, _ in TIE_KEYS]
    case("no regions", [[]])
    case("one region", [adds([("solo", 1)])])
    case("one region of weight 5", [adds([("solo", 5)])])
    case("three equal", [adds([("sf", 1), ("london", 1), ("tokyo", 1)])])
    case("unequal 1, 2, 5", [adds([("sf", 1), ("london", 2), ("tokyo", 5)])])
    case("unequal 3, 7, 11, 1", [adds([("a", 3), ("b", 7), ("c", 11), ("d", 1)])])
    case("seven equal, keys tying with words 1-3 of points", [adds([(r, 1) for r in SEVEN])], extra_keys=tie_keys)
    case("non-ASCII names", [adds([("são-paulo", 2), ("東京", 1), ("🦊-edge", 1), ("Zürich", 3)])])
    if zero is not None:
        case("a region of weight 0", [adds([("sf", 2), ("idle", 0), ("tokyo", 1)])])
        case("every weight 0", [adds([("a", 0), ("b", 0)]), [["add", "a", 1]], [["add", "a", 0]]])
    case(
        "add, re-weight, re-add and remove",
        [
            [["add", "a", 1]],
            [["add", "b", 2]],
            [["add", "c", 1]],
            [["remove", "b"]],
            [["add", "a", 3]],  # a moves to the end: c, a
            [["add", "b", 1]],
            [["add", "d", 0 if zero is not None else 2]],
            [["add", "c", 1]],  # the same weight: c moves to the end all the same
            [["remove", "a"], ["remove", "nobody"]],
            [["remove", "c"], ["remove", "b"]],
            [["remove", "d"]],
        ],
    )
    for (x, _, _), (y, _, _), _, landing in COLLISIONS:
        exact = [f"{x}-{i}" for i in range(12)] + [f"{y}-{i}" for i in range(12)]
        case(
            f"regions {x} and {y} share a 32-bit point, in both orders",
            [adds([(x, 1), (y, 1)]), [["add", x, 1]], [["remove", y]], [["add", y, 1]], [["add", x, 2]]],
            extra_keys=landing + exact,
        )
        for option, values in option_values.items():
            if option == "replicas" and dialect != "consistent-hash-ring":
                for r in values[1:]:
                    case(f"regions {x} and {y}, replicas {r}", [adds([(x, 1), (y, 1)]), [["add", x, 1]]], {option: r}, landing + exact, generic=False)
    if "replicas" in option_values and dialect != "consistent-hash-ring":
        # One name per region: with one point each, the ring's two points are the same point.
        x, y, _ = FIRST_NAME_COLLISION
        per_name = next(iter(option_values))
        for replicas in (1, 4):
            case(
                f"regions {x} and {y} of one name each, whose first points are equal, replicas {replicas}",
                [adds([(x, 1), (y, 1)]), [["add", x, 1]], [["remove", y]], [["add", y, 1]]],
                {per_name: 1, "replicas": replicas},
            )
    for option, values in option_values.items():
        for value in values:
            regions = [("sf", 1), ("london", 2)] if value >= 1000 else [("sf", 1), ("london", 2), ("tokyo", 1), ("東京", 3)]
            case(f"{option} {value}", [adds(regions)], {option: value})
            if option == "replicas" and dialect != "consistent-hash-ring":
                case(f"seven equal, replicas {value}", [adds([(r, 1) for r in SEVEN])], {option: value}, tie_keys, generic=False)
    if relative:
        # The library's share arithmetic (floats in hashring and libketama, integer division in
        # the others): the ring's size after each step checks every region's name count.
        for n in (2, 3, 5, 6, 7, 9, 10, 11, 13, 14, 25):
            case(f"{n} equal regions", [adds([(f"r{i}", 1) for i in range(n)])], generic=False)
        # The next four were searched for: float, double and exact arithmetic give one of them
        # different counts (libketama 62 / hashring 63 / exact 63 for 21 of 40 in three regions;
        # 106 / 105 / 106; 117 / 117 / 118; 94 / 93 / 94). In the last, 23 of 40 in five regions,
        # all three give 115, and only a division of the integer dialects done in doubles,
        # 40 x 5 x (23 / 40) = 114.99999999999999, gives 114.
        uneven = [[1, 2, 4], [2, 3, 5, 7], [1] * 10 + [97], [999_999, 1], [1_000_000, 3, 7], [5, 5, 5, 1, 1, 1, 1]]
        for weights in uneven + [[21, 18, 1], [53, 6, 1], [59, 20, 10, 10, 1], [47, 50, 1, 1, 1], [23, 5, 5, 5, 2]]:
            case(f"weights {weights}", [adds([(f"w{i}", w) for i, w in enumerate(weights)])], generic=False)
    return out


# Implementations: each takes (regions in order as (name, weight), options) and gives
# (route(key) -> name or None, the number of points on its ring).


def region_router(regions, options):
    from region_router import RegionRouter

    router = RegionRouter()
    for name, weight in regions:
        router.add_region(name, weight * options.get("vnodesPerWeight", 1))
    return router.route, len(router.sorted_hashes)


def consistent_hash_ring(regions, options):
    from consistent_hash_ring import ConsistentHashRing

    replicas = options.get("replicas", 150)
    ring = ConsistentHashRing(replicas)
    for name, weight in regions:
        ring.replicas = weight * replicas
        ring.add_node(name)

    def route(key):
        try:
            return ring.get_node(key)
        except ValueError:  # "Ring is empty"
            return None

    return route, len(ring.sorted_keys)


def uhashring_ring(regions, options, **kwargs):
    from uhashring import HashRing

    try:
        ring = HashRing(nodes=dict(regions), **kwargs)
    except ZeroDivisionError:  # ketama mode, every weight 0
        return (lambda key: None), 0
    return ring.get_node, len(ring.get_points())


def uhashring(regions, options):
    return uhashring_ring(regions, options, vnodes=options.get("vnodes", 160))


def uhashring_ketama(regions, options):
    return uhashring_ring(regions, options, hash_fn="ketama", vnodes=options.get("vnodes", 40), replicas=options.get("replicas", 4))


def libketama(regions, options):
    from libketama import Continuum

    continuum = Continuum(regions)
    return continuum.get_server, len(continuum.points)


def hash_ring(regions, options):
    from hash_ring import HashRing

    ring = HashRing([name for name, _ in regions], dict(regions))
    return ring.get_node, len(ring.sorted_keys)


ANSWER = {
    "region-router": region_router,
    "consistent-hash-ring": consistent_hash_ring,
    "uhashring": uhashring,
    "uhashring-ketama": uhashring_ketama,
    "libketama": libketama,
    "hash_ring": hash_ring,
}


def answered(dialect, build):
    """Every case with, after each step, the size of a fresh ring of the regions and its routes
    (scripts/dialect-vectors/hashring.mjs does the same in JavaScript)."""
    out = []
    for name, options, keys, steps in cases(dialect):
        regions = {}
        answered_steps = []
        for ops in steps:
            for op in ops:
                regions.pop(op[1], None)
                if op[0] == "add":
                    regions[op[1]] = op[2]
            route, size = build(list(regions.items()), options)
            answered_steps.append({"ops": ops, "size": size, "routes": [route(key) for key in keys]})
        out.append({"name": name, "options": options, "keys": keys, "steps": answered_steps})
    return out


def render(head, fixture_cases):
    """The fixture's JSON: a line per field, per case's head and per step (small diffs, no indent noise)."""
    dump = lambda value: json.dumps(value, ensure_ascii=False, separators=(",", ":"))  # noqa: E731
    lines = [f"{dump(k)}:{dump(v)}," for k, v in head.items()]
    body = []
    for c in fixture_cases:
        steps = ",\n".join("  " + dump(step) for step in c["steps"])
        body.append(f' {{"name":{dump(c["name"])},"options":{dump(c["options"])},"keys":{dump(c["keys"])},"steps":[\n{steps}\n ]}}')
    return "{\n" + "\n".join(lines) + '\n"cases":[\n' + ",\n".join(body) + "\n]}\n"


def command(dialect):
    if dialect == "hashring":
        return "node scripts/dialect-vectors/hashring.mjs > test/fixtures/dialects/hashring.json"
    return f"python3 scripts/dialect-vectors/generate.py {dialect} > test/fixtures/dialects/{dialect}.json"


def main(argv):
    mode, dialect = (argv[1], argv[2]) if len(argv) == 3 and argv[1] in ("--cases", "--render") else (None, argv[-1])
    if len(argv) != (3 if mode else 2) or dialect not in (DIALECTS if mode else ANSWER):
        sys.exit(f"usage: {argv[0]} {{{'|'.join(ANSWER)}}} > test/fixtures/dialects/DIALECT.json\n"
                 f"       {argv[0]} --cases DIALECT   (the cases, without answers, as JSON)\n"
                 f"       {argv[0]} --render DIALECT  (the fixture, from {{implementation, cases}} answered, on stdin)")
    check_searched()
    if mode == "--cases":
        print(json.dumps(cases(dialect), ensure_ascii=False))
        return
    if mode == "--render":
        given = json.load(sys.stdin)
        implementation, answered_cases = given["implementation"], given["cases"]
    else:
        implementation = IMPLEMENTATIONS[dialect]
        if dialect.startswith("uhashring"):
            try:
                import uhashring  # noqa: F401
            except ImportError:
                if sys.executable != DEBIAN_PYTHON and os.path.exists(DEBIAN_PYTHON):
                    os.execv(DEBIAN_PYTHON, [DEBIAN_PYTHON, *argv])
                sys.exit("the uhashring vectors need uhashring 2.x: Debian's python3-uhashring (apt-get install python3-uhashring), run with /usr/bin/python3")
            from importlib.metadata import version

            implementation = implementation.format(version=version("uhashring"))
        answered_cases = answered(dialect, ANSWER[dialect])
    head = {"dialect": dialect, "implementation": implementation, "command": command(dialect)}
    sys.stdout.write(render(head, answered_cases))


if __name__ == "__main__":
    main(sys.argv)
