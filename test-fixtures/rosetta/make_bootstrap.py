# Writes bootstrap.vectors.json: confidence.py's bootstrap_ci and significance.py's paired_bootstrap, on plain
# per-entry values (mean as the metric), with Python's own random. Our own script; run from the repository root.
import json, random

def bootstrap_ci(values, seed, B=1000, alpha=0.05):
    n = len(values)
    mean = lambda xs: sum(xs) / len(xs)
    rng = random.Random(seed)
    scores = []
    for _ in range(B):
        scores.append(mean([values[rng.randint(0, n - 1)] for _ in range(n)]))
    scores.sort()
    lo, hi = int(B * (alpha / 2)), int(B * (1 - alpha / 2)) - 1
    return dict(score=round(mean(values), 4), ci_lower=round(scores[lo], 4), ci_upper=round(scores[hi], 4), ci_width=round(scores[hi] - scores[lo], 4))

def paired(a, b, seed, B=1000, alpha=0.05):
    n = len(a)
    mean = lambda xs: sum(xs) / len(xs)
    sa, sb = mean(a), mean(b)
    d = sa - sb
    rng = random.Random(seed)
    ds = []; opp = 0
    for _ in range(B):
        idx = [rng.randint(0, n - 1) for _ in range(n)]
        bd = mean([a[i] for i in idx]) - mean([b[i] for i in idx])
        ds.append(bd)
        if (d > 0 and bd <= 0) or (d < 0 and bd >= 0) or d == 0:
            opp += 1
    p = opp / B
    ds.sort()
    return dict(system_a_score=round(sa, 4), system_b_score=round(sb, 4), delta=round(d, 4), p_value=round(p, 4),
                significant=p < alpha, winner=("A" if d > 0 else "B") if p < alpha else None,
                ci_lower=round(ds[int(B * (alpha / 2))], 4), ci_upper=round(ds[int(B * (1 - alpha / 2)) - 1], 4))

r = random.Random(99)
a = [round(r.random() * 100, 3) for _ in range(57)]
b = [x - 4 + r.random() * 6 for x in a]
c = [x + r.random() * 0.2 - 0.1 for x in a]
out = {"origin": "Made by test-fixtures/rosetta/make_bootstrap.py (python3 3.11 stdlib random).", "a": a, "b": b, "c": c,
       "ci": {str(s): bootstrap_ci(a, s) for s in (12345, 12346, 1)},
       "paired_ab": paired(a, b, 12345), "paired_ac": paired(a, c, 12345), "paired_aa": paired(a, a, 12345)}
with open("test-fixtures/rosetta/bootstrap.vectors.json", "w") as f:
    json.dump(out, f, indent=1)
