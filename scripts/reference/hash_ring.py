"""A Python 3 port of the ring of the Python package hash_ring 1.3.1 (Doist/hash_ring,
hash_ring/hash_ring.py: HashRing._generate_circle, get_node, get_node_pos, gen_key), written for this
project from the published source. hash_ring is Python 2 only (it imports the old `md5` module and
uses xrange), so it cannot be installed here, and the dialect vectors for compatibleWith "hash_ring"
(scripts/dialect-vectors/generate.py hash_ring) come from this port, not from the package itself.
No code of the package is copied; what the port keeps of its behaviour and Python 2 arithmetic:

  - Names and points. With n nodes of total weight W (a node missing from `weights` weighs 1), a
    node of weight w gets factor = math.floor((40 * n * w) / W) names "<node>-<j>", j < factor.
    Under Python 2, `/` between integers is floor division, so the port writes `//` (the weights
    here are integers; Python 2 would divide floats exactly as Python 3 does). Each name gives
    three points: the MD5 digest's first three little-endian 32-bit words.
  - The ring is a dict point -> node written in generation order (node by node, name by name, word
    by word), so of equal points the LAST written owns it; the sorted key list keeps every point,
    duplicates included (a list appended to, then sorted).
  - Lookup. A key's point is the first little-endian word of its MD5; bisect (bisect_right) finds
    the first point strictly greater, wrapping to index 0 past the end.
  - iterate_nodes (distinct) walks the sorted key list from that index round the ring, reading each
    point's node from the dict, and yields each node the first time it is met: at a point two names
    share, only the node the dict kept.

Where this port follows the router's semantics (docs/dialects.md): strings are hashed as their
UTF-8 bytes (Python 2 hashed a byte string as it was, and refused a non-ASCII unicode string); a
node of weight 0 gets no points but counts in n; all weights 0 (Python 2 divides by zero) or no
nodes is an empty ring whose lookups give None.
"""

import bisect
import hashlib
import math


def _digest(text: str) -> bytes:
    return hashlib.md5(text.encode("utf-8")).digest()


def _word(digest: bytes, i: int) -> int:
    """Little-endian 32-bit word i of a digest."""
    return digest[4 * i] | digest[4 * i + 1] << 8 | digest[4 * i + 2] << 16 | digest[4 * i + 3] << 24


class HashRing:
    def __init__(self, nodes, weights=None):
        """nodes: the node names in order; weights: node -> integer weight (default 1)."""
        self.nodes = list(nodes)
        self.weights = dict(weights or {})
        self.ring = {}
        self.sorted_keys = []
        total = sum(self.weights.get(node, 1) for node in self.nodes)
        if total == 0:
            return
        for node in self.nodes:
            weight = self.weights.get(node, 1)
            factor = math.floor((40 * len(self.nodes) * weight) // total)
            for j in range(int(factor)):
                digest = _digest(f"{node}-{j}")
                for i in range(3):
                    point = _word(digest, i)
                    self.ring[point] = node
                    self.sorted_keys.append(point)
        self.sorted_keys.sort()

    def get_node_pos(self, key: str):
        """The index in sorted_keys of the point a key maps to, or None on an empty ring."""
        if not self.ring:
            return None
        pos = bisect.bisect(self.sorted_keys, _word(_digest(key), 0))
        return 0 if pos == len(self.sorted_keys) else pos

    def get_node(self, key: str):
        """The node a key maps to, or None on an empty ring."""
        pos = self.get_node_pos(key)
        return None if pos is None else self.ring[self.sorted_keys[pos]]

    def iterate_nodes(self, key: str):
        """The distinct nodes met walking the ring from the key's point (iterate_nodes, distinct=True)."""
        pos = self.get_node_pos(key)
        if pos is None:
            return
        seen = set()
        for point in self.sorted_keys[pos:] + self.sorted_keys[:pos]:
            node = self.ring[point]
            if node not in seen:
                seen.add(node)
                yield node
