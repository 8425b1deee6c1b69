# Copied unchanged from ../shared/reference/region_router.py, the project's reference specification; this line is the only addition.
"""Reference behaviour of the weighted region router, as given in the design seed (Python).

This file is the specification that the TypeScript/WebAssembly implementation must match
route-for-route. It is not part of the package; tests use it only to generate vectors.
"""

import bisect
import hashlib


def _hash(key: str) -> int:
    return int(hashlib.md5(key.encode()).hexdigest(), 16)


class RegionRouter:
    def __init__(self):
        # map: ring position (hash) -> region name; kept sorted for binary search
        self.ring: dict[int, str] = {}
        self.sorted_hashes: list[int] = []
        self.weights: dict[str, int] = {}

    def add_region(self, region: str, weight: int = 1) -> None:
        # if the region already exists, drop its old virtual nodes first so
        # re-adding with a new weight doesn't leave stale entries behind
        if region in self.weights:
            self.remove_region(region)
        self.weights[region] = weight
        # `weight` virtual nodes per region -- more virtual nodes means the
        # region "owns" more of the ring, so it draws proportionally more keys
        for i in range(weight):
            h = _hash(f"{region}#{i}")
            self.ring[h] = region
        self.sorted_hashes = sorted(self.ring.keys())

    def remove_region(self, region: str) -> None:
        if region not in self.weights:
            return
        weight = self.weights.pop(region)
        for i in range(weight):
            h = _hash(f"{region}#{i}")
            self.ring.pop(h, None)
        self.sorted_hashes = sorted(self.ring.keys())

    def route(self, session_id: str) -> str | None:
        if not self.sorted_hashes:
            return None
        h = _hash(session_id)
        # walk clockwise from the key's position to the first virtual node
        # at or past it; wrap around to index 0 if we ran off the end
        idx = bisect.bisect_left(self.sorted_hashes, h)
        if idx == len(self.sorted_hashes):
            idx = 0
        return self.ring[self.sorted_hashes[idx]]

