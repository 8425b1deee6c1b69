# Copied unchanged from ../shared/reference/consistent_hash_ring.py, the project's reference specification; this line is the only addition.
"""Second reference ring: the ConsistentHashRing of the design's blog post, "I Built a Consistent
Hashing Ring in Pure Python and Finally Understood How Cassandra Distributes Data".

Same hash as region_router.py (MD5 of the UTF-8 key, read as a 128-bit big-endian integer), but:
  - every node gets `replicas` virtual nodes (default 150) named f"{node}:vnode:{i}", no weights;
  - a key goes to the first virtual node strictly AFTER its hash (bisect_right), wrapping around;
  - an empty ring raises ValueError.
The class below is the post's code as published. Two quirks of it are bugs, not behaviour to copy:
adding a node twice leaves duplicate entries in sorted_keys, and removing it afterwards leaves
positions with no owner (get_node then raises KeyError); removing an unknown node raises KeyError.
"""

import bisect
import hashlib


class ConsistentHashRing:
    def __init__(self, replicas=150):
        self.replicas = replicas
        self.ring = {}  # hash -> node name
        self.sorted_keys = []  # sorted hash positions

    def _hash(self, key: str) -> int:
        return int(hashlib.md5(key.encode()).hexdigest(), 16)

    def add_node(self, node: str):
        for i in range(self.replicas):
            virtual_key = f"{node}:vnode:{i}"
            h = self._hash(virtual_key)
            self.ring[h] = node
            bisect.insort(self.sorted_keys, h)

    def remove_node(self, node: str):
        for i in range(self.replicas):
            virtual_key = f"{node}:vnode:{i}"
            h = self._hash(virtual_key)
            del self.ring[h]
            idx = bisect.bisect_left(self.sorted_keys, h)
            self.sorted_keys.pop(idx)

    def get_node(self, key: str) -> str:
        if not self.ring:
            raise ValueError("Ring is empty")
        h = self._hash(key)
        idx = bisect.bisect_right(self.sorted_keys, h)
        if idx == len(self.sorted_keys):
            idx = 0
        return self.ring[self.sorted_keys[idx]]
