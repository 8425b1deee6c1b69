#!/usr/bin/env python3
# Copied unchanged from ../shared/reference/vectors.py, the project's golden-vector generator; this line is the only addition.
"""Generate golden test vectors from the reference router (region_router.py).

Usage:  python3 vectors.py --seed 7 --cases 40 --routes 200 > vectors.json

Output: {"generator": ..., "seed": N, "cases": [{"name": str, "ops": [...]}, ...]}
Each op is one of
  ["add", region, weight]          add_region(region, weight)
  ["remove", region]               remove_region(region)
  ["route", session_id, expected]  route(session_id) must return expected (a region or null)
Replaying the ops in order on a fresh router must give every expected value.
Keys mix ASCII, multi-byte UTF-8 (accents, CJK, emoji) and lengths around the MD5
block boundaries (55/56/63/64/65/119/120 bytes) plus a few long ones.
"""
import argparse
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from region_router import RegionRouter  # noqa: E402

REGION_POOL = [
    "sf", "london", "bangalore", "tokyo", "frankfurt", "sao-paulo", "sydney",
    "us-east-1", "eu-west-2", "ap-south-1", "région-ÎdF", "東京", "🌍-edge", "a#1", "a",
]
ALPHABETS = [
    "abcdefghijklmnopqrstuvwxyz0123456789-_",
    "éèàçüößñ",
    "東京大阪会話音声",
    "😀🎙️🌏",
]
BOUNDARY_LENGTHS = [0, 1, 54, 55, 56, 57, 63, 64, 65, 119, 120, 121, 128, 1000]


def random_key(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.5:
        return f"sess-{rng.randrange(10**9)}"
    if roll < 0.7:
        n = rng.choice(BOUNDARY_LENGTHS)
        return "".join(rng.choice(ALPHABETS[0]) for _ in range(n))
    alphabet = "".join(ALPHABETS)
    return "".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 40)))


def make_case(rng: random.Random, index: int, routes: int) -> dict:
    router = RegionRouter()
    ops = []
    live: set[str] = set()
    for _ in range(routes):
        roll = rng.random()
        if roll < 0.08 or not live:
            region = rng.choice(REGION_POOL)
            weight = rng.choice([0, 1, 1, 2, 3, 3, 5, 10, 50, 160, 400])
            router.add_region(region, weight=weight)
            live.add(region)
            ops.append(["add", region, weight])
        elif roll < 0.12:
            region = rng.choice(REGION_POOL)  # sometimes one that is absent: a no-op
            router.remove_region(region)
            live.discard(region)
            ops.append(["remove", region])
        else:
            key = random_key(rng)
            ops.append(["route", key, router.route(key)])
    return {"name": f"random-{index}", "ops": ops}


def fixed_cases() -> list[dict]:
    """The worked example from the design seed, and the empty ring."""
    r = RegionRouter()
    ops = [["route", "sess-1", r.route("sess-1")]]
    r.add_region("sf", weight=3)
    ops += [["add", "sf", 3], ["route", "sess-1", r.route("sess-1")]]
    for region in ("london", "bangalore"):
        r.add_region(region, weight=3)
        ops.append(["add", region, 3])
    ops.append(["route", "sess-3", r.route("sess-3")])
    return [{"name": "seed-example", "ops": ops}]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cases", type=int, default=40)
    parser.add_argument("--routes", type=int, default=200)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    cases = fixed_cases() + [make_case(rng, i, args.routes) for i in range(args.cases)]
    json.dump({"generator": "vectors.py", "seed": args.seed, "cases": cases},
              sys.stdout, ensure_ascii=False, indent=None)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
