# Writes compare.expected.vectors.json: mt_eval_harness's own significance.paired_bootstrap (and its metric
# functions corpus_chrf, exact_match_rate, composite_score, with its scoring.compute_composite_score), run on the
# fixture runs, B against A (paired_bootstrap(entries_b, entries_a, ...): delta = B - A). Our own script.
#
# The harness's modules come from its repository (a bare git mirror, path in HARNESS_GIT or the default below).
# sacrebleu is not installed here: a stand-in CHRF sums the chrF++ statistics of each (hypothesis, reference)
# pair, computed by our chrF (bit-exact with sacrebleu 2.6.0, test-fixtures/scoring) and stored by make_runs.mjs,
# and computes the F-score with sacrebleu's order of operations. Everything else is the harness's code.
# Run from the repository root after make_runs.mjs: python3 test-fixtures/runs/make_compare_expected.py
import json, math, os, subprocess, sys, tempfile, types

GIT = os.environ.get("HARNESS_GIT", "/work/.mirror/gamedaysuits+gds-mt-eval-harness/repo")
pkg_root = tempfile.mkdtemp()
os.makedirs(os.path.join(pkg_root, "mt_eval_harness"))
open(os.path.join(pkg_root, "mt_eval_harness", "__init__.py"), "w").close()
for name in ("significance.py", "scoring.py"):
    text = subprocess.check_output(["git", "--git-dir", GIT, "show", "HEAD:mt_eval_harness/" + name])
    open(os.path.join(pkg_root, "mt_eval_harness", name), "wb").write(text)

inputs = json.load(open("test-fixtures/runs/compare.inputs.vectors.json", encoding="utf-8"))
STATS = inputs["chrf_stats"]

def f_score(stats, char_order=6, word_order=2, beta=2):
    factor = beta ** 2
    avg_prec = avg_rec = 0.0
    eff = 0
    for i in range(char_order + word_order):
        n_hyp, n_ref, n_match = stats[3 * i], stats[3 * i + 1], stats[3 * i + 2]
        if n_hyp > 0 and n_ref > 0:
            avg_prec += n_match / n_hyp
            avg_rec += n_match / n_ref
            eff += 1
    if eff == 0:
        return 0.0
    avg_prec /= eff
    avg_rec /= eff
    if avg_prec + avg_rec == 0:
        return 0.0
    score = (1 + factor) * avg_prec * avg_rec
    score /= factor * avg_prec + avg_rec
    return 100 * score

class CHRF:
    def __init__(self, word_order=2):
        assert word_order == 2
    def corpus_score(self, hyps, refs):
        total = None
        for h, r in zip(hyps, refs[0]):
            s = STATS[json.dumps([h, r], ensure_ascii=False, separators=(",", ":"))]
            total = list(s) if total is None else [a + b for a, b in zip(total, s)]
        return types.SimpleNamespace(score=f_score(total))

class BLEU:
    pass

sacrebleu = types.ModuleType("sacrebleu")
metrics = types.ModuleType("sacrebleu.metrics")
metrics.CHRF, metrics.BLEU = CHRF, BLEU
sacrebleu.metrics = metrics
sys.modules["sacrebleu"], sys.modules["sacrebleu.metrics"] = sacrebleu, metrics
sys.path.insert(0, pkg_root)
from mt_eval_harness import significance as sig  # noqa: E402

def aligned(a, b):
    ids_a = {e["id"]: e for e in a}
    ids_b = {e["id"]: e for e in b}
    common = sorted(set(ids_a) & set(ids_b))
    return [ids_a[i] for i in common], [ids_b[i] for i in common]

out = {"origin": "make_compare_expected.py: mt_eval_harness significance.paired_bootstrap(B, A), seed 12345, 1000 resamples"}
ra, rb = aligned(inputs["a"], inputs["b"])
out["rosetta"] = {
    name: vars(sig.paired_bootstrap(rb, ra, metric_fn=fn, metric_name=name))
    for name, fn in (("corpus_chrf", sig.corpus_chrf), ("exact_match_rate", sig.exact_match_rate), ("composite", sig.composite_score))
}
# Fewer resamples and another seed, to show both are honoured.
out["rosetta_200_seed7"] = vars(sig.paired_bootstrap(rb, ra, metric_fn=sig.corpus_chrf, n_bootstrap=200, seed=7, metric_name="corpus_chrf"))

# ÈwéBench: the harness has no bootstrap; the same paired_bootstrap over tests, with its aggregation as the metric
# (category = round(mean * 100, 1); ÈwéScore = weighted mean of the categories that ran, weights summed as
# Python 3.12's sum() does, rounded to 1).
WEIGHTS = [("linguistic_comprehension", 0.15), ("text_generation", 0.15), ("reasoning", 0.12), ("translation", 0.12), ("cultural_knowledge", 0.10),
           ("instruction_following", 0.10), ("multi_turn", 0.08), ("agentic", 0.08), ("style_adaptation", 0.05), ("robustness", 0.05)]

def tests_of(path):
    report = json.load(open(path, encoding="utf-8"))
    tests = []
    for stem, c in report["categories"].items():
        for d in c["details"]:
            tests.append({"id": f"{stem}/{d['test_id']}", "category": stem, "score": d.get("raw_score", d["score"])})
    return tests

def category_scores(tests):
    by = {}
    for t in tests:
        if t["score"] is not None:
            by.setdefault(t["category"], []).append(t["score"])
    return {c: round(sum(s) / len(s) * 100, 1) for c, s in by.items()}

def ewe_score(tests):
    cats = category_scores(tests)
    weighted = 0.0
    weights = []
    for stem, w in WEIGHTS:
        if stem in cats:
            weighted += cats[stem] * w
            weights.append(w)
    total = math.fsum(weights)
    return round(weighted / total if total > 0 else 0.0, 1)

ea, eb = aligned(tests_of("test-fixtures/runs/ewebench_deepseek-chat_20261120_091500.json"), tests_of("test-fixtures/runs/ewebench_gemini-2.0-flash_20261121_101000.json"))
out["ewebench"] = {"ewe_score": vars(sig.paired_bootstrap(eb, ea, metric_fn=ewe_score, metric_name="ewe_score"))}
for stem, _ in WEIGHTS:
    ca = [t for t in ea if t["category"] == stem]
    cb = [t for t in eb if t["category"] == stem]
    if ca:
        fn = lambda ts, stem=stem: category_scores(ts).get(stem, 0.0)
        out["ewebench"]["category:" + stem] = vars(sig.paired_bootstrap(cb, ca, metric_fn=fn, metric_name="category:" + stem))
with open("test-fixtures/runs/compare.expected.vectors.json", "w", encoding="utf-8") as f:
    json.dump(out, f, indent=1, ensure_ascii=False)
    f.write("\n")
print("written")
