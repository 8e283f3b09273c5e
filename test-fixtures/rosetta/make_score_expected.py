# Writes score-corpus.report.vectors.json: what mt_eval_harness 3.0.0's analysis (tester.py _analyze,
# confidence.py compute_all_cis / compute_per_tier_cis) gives for score-corpus.json and its responses.
# Our own script, following the harness's documented rules with Python's stdlib (random, unicodedata).
# chrF++ statistics per (hypothesis, reference) pair come from our chrF (bit-exact with sacrebleu 2.6.0):
#   1. python3 test-fixtures/rosetta/make_score_expected.py pairs   -> /tmp/score-pairs.json
#   2. node test-fixtures/rosetta/make_chrf_stats.mjs               -> test-fixtures/rosetta/score/score-corpus.chrf-stats.vectors.json
#   3. python3 test-fixtures/rosetta/make_score_expected.py report
# so the intervals come from Python's real random stream over the same per-entry statistics.
import json, random, sys, unicodedata

D = "test-fixtures/rosetta/score/"
corpus = json.load(open(D + "score-corpus.json"))
responses = json.load(open(D + "score-corpus.responses.json"))

def clean_response(content):
    if not content:
        return ""
    content = content.strip().strip('"').strip("'").strip("`")
    if content.startswith("**") and content.endswith("**"):
        content = content[2:-2].strip()
    lines = [l.strip() for l in content.split("\n") if l.strip()]
    if not lines:
        return content
    return lines[0]

def normalize_text(text):
    text = unicodedata.normalize("NFC", text)
    text = text.strip().lower()
    return " ".join(text.split())

results = []
for e in corpus["entries"]:
    raw = responses.get(str(e["id"]))
    r = {"id": e["id"], "source": e["source"], "expected": e["reference"], "segment": e.get("segment", ""),
         "difficulty": e.get("difficulty", 0), "domain": e.get("domain", "")}
    if raw is None:
        r.update(predicted="", raw_predicted="", error="no response")
    else:
        r.update(predicted=clean_response(raw), raw_predicted=raw, error=None)
    results.append(r)

def pairs():
    out = []
    for r in results:
        out.append([r["predicted"], r["expected"]])
        out.append([r["predicted"] if r["predicted"].strip() else "EMPTY", r["expected"]])
    return out

if sys.argv[1] == "pairs":
    json.dump(pairs(), open("/tmp/score-pairs.json", "w"), ensure_ascii=False)
    sys.exit(0)

stats = json.load(open(D + "score-corpus.chrf-stats.vectors.json"))["stats"]
def key(h, r): return h + "\u0000" + r
S = {key(h, r): s for (h, r), s in zip(pairs(), stats)}

def f_score(st, orders=8, beta=2):
    factor = beta ** 2
    p = rc = 0.0
    eff = 0
    for i in range(orders):
        nh, nr, nm = st[3 * i:3 * i + 3]
        if nh > 0 and nr > 0:
            p += nm / nh; rc += nm / nr; eff += 1
    if eff == 0:
        return 0.0
    p /= eff; rc /= eff
    if p + rc == 0:
        return 0.0
    s = (1 + factor) * p * rc
    s /= factor * p + rc
    return 100 * s

def corpus_score(hyps, refs):
    tot = [0] * 24
    for h, r in zip(hyps, refs):
        for k, v in enumerate(S[key(h, r)]):
            tot[k] += v
    return f_score(tot)

entries = []
for r in results:
    em = dict(id=r["id"], expected=r["expected"], predicted=r["predicted"], raw_predicted=r["raw_predicted"], segment=r["segment"],
              difficulty=r["difficulty"], domain=r["domain"], exact_match=False, chrf_score=0.0, length_ratio=0.0, error=r["error"])
    if not em["error"]:
        en, pn = normalize_text(em["expected"]), normalize_text(em["predicted"])
        em["exact_match"] = en == pn and bool(pn)
        if em["expected"] and em["predicted"]:
            em["chrf_score"] = corpus_score([em["predicted"]], [em["expected"]])
        if em["expected"]:
            em["length_ratio"] = round(len(em["predicted"]) / len(em["expected"]), 4)
    entries.append(em)

# significance.py's metric functions
def exact_match_rate(es):
    ne = [e for e in es if not e.get("error")]
    return sum(1 for e in ne if e.get("exact_match")) / len(ne) if ne else 0.0

def corpus_chrf(es):
    refs = [e["expected"] for e in es if e.get("expected", "").strip()]
    hyps = [e["predicted"] if e.get("predicted", "").strip() else "EMPTY" for e in es if e.get("expected", "").strip()]
    return corpus_score(hyps, refs) if refs else 0.0

def composite_score(es):
    ne = [e for e in es if not e.get("error")]
    if not ne:
        return 0.0
    avail = [(corpus_chrf(ne) / 100.0, 0.25), (exact_match_rate(ne), 0.10)]  # Profile B, table order
    total = sum(w for _, w in avail)
    return round(sum((w / total) * v for v, w in avail), 4)

def bootstrap_ci(es, fn, seed=12345, name="metric", B=1000, alpha=0.05):
    n = len(es)
    observed = fn(es)
    rng = random.Random(seed)
    scores = []
    for _ in range(B):
        sample = [es[rng.randint(0, n - 1)] for _ in range(n)]
        scores.append(fn(sample))
    scores.sort()
    lo = max(0, min(int(B * (alpha / 2)), B - 1)); hi = max(0, min(int(B * (1 - alpha / 2)) - 1, B - 1))
    return dict(metric_name=name, score=round(observed, 4), ci_lower=round(scores[lo], 4), ci_upper=round(scores[hi], 4),
                ci_width=round(scores[hi] - scores[lo], 4), n_bootstrap=B, confidence_level=round(1.0 - alpha, 2), n_entries=n, seed=seed)

valid = [e for e in entries if not e["error"]]
cis = {"corpus_chrf": bootstrap_ci(valid, corpus_chrf, name="corpus_chrf"),
       "exact_match_rate": bootstrap_ci(valid, exact_match_rate, name="exact_match_rate"),
       "composite_score": bootstrap_ci(valid, composite_score, name="composite_score")}
tiers = {}
for e in valid:
    tiers.setdefault(e["difficulty"], []).append(e)
by_tier = {}
for t, te in sorted(tiers.items()):
    if len(te) < 5:
        continue
    by_tier[str(t)] = {"corpus_chrf": bootstrap_ci(te, corpus_chrf, seed=12345 + t, name=f"corpus_chrf_tier{t}"),
                       "exact_match_rate": bootstrap_ci(te, exact_match_rate, seed=12345 + t, name=f"exact_match_rate_tier{t}")}

def group(name, items):
    g = dict(name=name, count=len(items), exact_match_count=0, miss_count=0, error_count=0, avg_chrf=0.0)
    c = 0.0; ok = 0
    for e in items:
        if e["error"]:
            g["error_count"] += 1; continue
        ok += 1
        if e["exact_match"]: g["exact_match_count"] += 1
        else: g["miss_count"] += 1
        c += e["chrf_score"] or 0.0
    if ok:
        g["avg_chrf"] = round(c / ok, 2)
    return g

def grouped(keyf, namef, sort):
    gs = {}
    for e in entries:
        gs.setdefault(keyf(e), []).append(e)
    keys = sorted(gs) if sort else list(gs)
    return {str(k): group(namef(k), gs[k]) for k in keys}

n = len(valid); exact = sum(1 for e in valid if e["exact_match"])
overall = dict(total_entries=len(entries), error_count=len(entries) - n, evaluated=n, exact_match_count=exact,
               exact_match_rate=round(exact / n, 4), miss_count=n - exact, miss_rate=round((n - exact) / n, 4),
               avg_chrf=round(sum(e["chrf_score"] for e in valid) / n, 2),
               corpus_chrf=round(corpus_score([e["predicted"] for e in valid], [e["expected"] for e in valid]), 2),
               avg_length_ratio=round(sum(e["length_ratio"] for e in valid if e["expected"]) / len([e for e in valid if e["expected"]]), 4),
               confidence_intervals=cis, confidence_intervals_by_tier=by_tier)
report = {"origin": "Made by test-fixtures/rosetta/make_score_expected.py (python3 3.11 stdlib random) from the harness's rules; chrF++ statistics from score-corpus.chrf-stats.vectors.json.",
          "overall": overall,
          "by_segment": grouped(lambda e: e["segment"] or "unknown", str, False),
          "by_difficulty": grouped(lambda e: e["difficulty"], lambda k: f"difficulty_{k}", True),
          "by_domain": grouped(lambda e: e["domain"], lambda k: k or "(no domain)", True),
          "entries": [{k: e[k] for k in ("id", "predicted", "raw_predicted", "exact_match", "chrf_score", "length_ratio", "segment", "difficulty", "domain", "error")} for e in entries]}
with open(D + "score-corpus.report.vectors.json", "w") as f:
    json.dump(report, f, ensure_ascii=False, indent=1)
