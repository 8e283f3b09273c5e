# Writes py-random.vectors.json: the first values of Python's own random.Random for a few int seeds.
# Our own script; run with python3 from the repository root.
import json, random

cases = []
for seed in [0, 1, 42, 12345, 12346, 12350, 2**32 + 5, -7, 2**70 + 12345]:
    r = random.Random(seed)
    u32 = [r.getrandbits(32) for _ in range(8)]
    r = random.Random(seed)
    ri = [[n, [r.randint(0, n - 1) for _ in range(12)]] for n in (1, 2, 3, 5, 17, 100, 404, 1000, 65537)]
    r = random.Random(seed)
    fl = [r.random() for _ in range(4)]
    r = random.Random(seed)
    bits = [[k, r.getrandbits(k)] for k in (1, 5, 8, 13, 31, 32)]
    r = random.Random(seed)
    long = [r.randint(0, 403) for _ in range(2000)]  # crosses several twists of the state
    cases.append({"seed": str(seed), "getrandbits32": u32, "randint": ri, "random": [repr(x) for x in fl], "bits": bits,
                  "randint_0_403_x2000_tail": long[-10:], "randint_0_403_x2000_sum": sum(long)})
with open("test-fixtures/rosetta/py-random.vectors.json", "w") as f:
    json.dump({"origin": "Made by test-fixtures/rosetta/make_py_random.py with python3 3.11's own random module.", "cases": cases}, f, indent=1)
