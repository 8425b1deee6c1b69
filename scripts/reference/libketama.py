"""A Python 3 port of libketama's continuum and lookup, written for this project from the published C
source (RJ/ketama, libketama/ketama.c: ketama_create_continuum, ketama_get_server, ketama_hashi,
ketama_compare). libketama is C, reads its servers from a file into shared memory and is not
installable here, so the dialect vectors for compatibleWith "libketama"
(scripts/dialect-vectors/generate.py libketama) come from this port, not from the library itself.
No code of the C library is copied; what the port keeps of its behaviour:

  - Names and points. Server i of n, with memory m_i of a total M, gets
        ks = floorf(pct * 40.0 * (float)n),  pct = (float)m_i / (float)M
    names "<addr>-<k>" for k < ks, and four points per name: the MD5 digest's four little-endian
    32-bit words, in order. The arithmetic is C's: pct is a float (a single-precision division),
    `pct * 40.0 * (float)n` is evaluated in double (40.0 is a double literal), and floorf takes its
    argument as a float, so the double product is rounded to float before the floor. Python floats
    are doubles, so each float step goes through struct pack/unpack 'f' (round to nearest float32).
    Dividing two floats in double and rounding the quotient to float gives the correctly rounded
    single-precision quotient (double has more than 2 x 24 + 2 bits), so `pct` is exact to C.
  - Order. The points are generated server by server in file order (here: the order given), name
    by name, word by word, then sorted with glibc's qsort, which sorts with a merge sort (stable)
    whenever it can allocate its buffer, as for any continuum of this size: of equal points, the
    first generated comes first. Python's sorted() is stable too.
  - Lookup. A key's point is the first little-endian word of its MD5; ketama_get_server's binary
    search returns the first point >= it (for equal points: the first of them, so the first
    generated wins), and wraps to the first point past the last one. search() below follows that
    loop step by step.

Where this port follows the router's semantics rather than the C code's limits (docs/dialects.md):
strings are hashed as their whole UTF-8 bytes (C stops at a NUL byte: strlen); names of any length
(the C code copies at most 22 bytes of an address and formats names into a 30-byte buffer); a
server of memory 0 is a server with no points that still counts in n (the C file reader refuses
memory 0); no servers, or a total of 0, is an empty continuum whose lookups give None.
"""

import hashlib
import math
import struct


def float32(x: float) -> float:
    """x rounded to the nearest IEEE single-precision float (C's conversion to float)."""
    return struct.unpack("<f", struct.pack("<f", x))[0]


def md5_words(text: str) -> tuple:
    """The MD5 digest of text's UTF-8 as four little-endian unsigned 32-bit words."""
    return struct.unpack("<4I", hashlib.md5(text.encode("utf-8")).digest())


def names_per_server(memory: int, total: int, numservers: int) -> int:
    """ks: how many names a server of `memory` gets, in the C code's float arithmetic."""
    pct = float32(float32(memory) / float32(total))
    return math.floor(float32(pct * 40.0 * float(float32(numservers))))


class Continuum:
    def __init__(self, servers):
        """servers: (addr, memory) pairs, in the order of the server file."""
        self.points = []  # (point, addr), ascending by point; equal points in generation order
        servers = list(servers)
        total = sum(memory for _, memory in servers)
        if total == 0:
            return
        generated = []
        for addr, memory in servers:
            for k in range(names_per_server(memory, total, len(servers))):
                for word in md5_words(f"{addr}-{k}"):
                    generated.append((word, addr))
        self.points = sorted(generated, key=lambda entry: entry[0])

    def search(self, h: int) -> int:
        """ketama_get_server's search: the index of the first point >= h, 0 past the last one."""
        n = len(self.points)
        low, high = 0, n
        while True:
            mid = (low + high) // 2
            if mid == n:
                return 0
            here = self.points[mid][0]
            before = 0 if mid == 0 else self.points[mid - 1][0]
            if before < h <= here:
                return mid
            if here < h:
                low = mid + 1
            else:
                high = mid - 1
            if low > high:
                return 0

    def get_server(self, key: str):
        """The address a key maps to, or None on an empty continuum."""
        if not self.points:
            return None
        return self.points[self.search(md5_words(key)[0])][1]
