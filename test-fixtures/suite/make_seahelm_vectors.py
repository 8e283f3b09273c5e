"""Reference vectors for core/suite/seahelm.ts, computed from the formulas alone (plain Python, no numpy).

Sources of the formulas (our words, not their code):
- SEA-HELM's score calculations (aisingapore/SEA-HELM docs/score_calculations.md): normalised score =
  (score - baseline) / (maximum - baseline) * 100, baseline 1/n_options or 0 for generative tasks; a task's
  score is the mean over runs, sub-tasks averaged first; competency, language and overall scores are the per-run
  means of the level below, then the mean and standard error of those per-run means.
- Miller, "Adding Error Bars to Evals" (2024, arXiv 2411.00640): the clustered standard error of a mean of N
  scores, sqrt(sum over clusters of (sum over the cluster of (s_i - mean))^2) / N.

The standard error over runs is the sample standard deviation (k - 1) over sqrt(k). Sub-task errors combine as
the mean of independent estimates: sqrt(sum SE_j^2) / J.

Run: python3 test-fixtures/suite/make_seahelm_vectors.py > test-fixtures/suite/seahelm.vectors.json
"""
import json
import math
import random


def normalise(score, baseline, maximum):
    return (score - baseline) / (maximum - baseline) * 100


def clustered_se(clusters):
    flat = [s for c in clusters for s in c]
    n = len(flat)
    m = sum(flat) / n
    return math.sqrt(sum(sum(s - m for s in c) ** 2 for c in clusters)) / n


def over_runs(per_run):
    k = len(per_run)
    m = sum(per_run) / k
    if k == 1:
        return m, None
    sd = math.sqrt(sum((x - m) ** 2 for x in per_run) / (k - 1))
    return m, sd / math.sqrt(k)


def per_run_mean(members):
    k = len(members[0])
    return [sum(m[r] for m in members) / len(members) for r in range(k)]


def ordered_groups(values, key):
    groups = {}
    for v in values:
        groups.setdefault(key(v), []).append(v)
    return groups  # dicts keep insertion order


def expected(subtasks):
    tasks = []
    for group, members in ordered_groups(subtasks, lambda t: t["group"]).items():
        subs = []
        for m in members:
            scale = 100 / (m["maximum"] - m["baseline"])
            per_run = [normalise(s, m["baseline"], m["maximum"]) for s in m["runs"]]
            se = clustered_se(m["items"]) * scale if m.get("items") else None
            subs.append({"id": m["id"], "mean": sum(per_run) / len(per_run), "standardError": se, "perRun": per_run})
        per_run = per_run_mean([s["perRun"] for s in subs])
        ses = [s["standardError"] for s in subs]
        se = math.sqrt(sum(x * x for x in ses)) / len(ses) if all(x is not None for x in ses) else None
        tasks.append({"id": group, "competency": members[0]["competency"], "language": members[0]["language"],
                      "mean": sum(per_run) / len(per_run), "standardError": se, "perRun": per_run, "subtasks": subs})
    competencies, languages = [], []
    for language, of_language in ordered_groups(tasks, lambda t: t["language"]).items():
        comp_runs = []
        for competency, of_comp in ordered_groups(of_language, lambda t: t["competency"]).items():
            per_run = per_run_mean([t["perRun"] for t in of_comp])
            m, se = over_runs(per_run)
            competencies.append({"language": language, "competency": competency, "mean": m, "standardError": se, "perRun": per_run})
            comp_runs.append(per_run)
        per_run = per_run_mean(comp_runs)
        m, se = over_runs(per_run)
        languages.append({"language": language, "mean": m, "standardError": se, "perRun": per_run})
    per_run = per_run_mean([l["perRun"] for l in languages])
    m, se = over_runs(per_run)
    return {"runs": len(subtasks[0]["runs"]), "tasks": tasks, "competencies": competencies, "languages": languages,
            "overall": {"mean": m, "standardError": se, "perRun": per_run}}


def accuracy_subtask(rng, sid, group, competency, language, options, n_items, k, skill):
    items = [[1 if rng.random() < skill else 0 for _ in range(k)] for _ in range(n_items)]
    runs = [sum(item[r] for item in items) / n_items for r in range(k)]
    return {"id": sid, "group": group, "competency": competency, "language": language,
            "baseline": 1 / options, "maximum": 1, "runs": runs, "items": items}


def chrf_subtask(rng, sid, group, language, n_items, k):
    items = [[round(rng.uniform(10, 70), 4) for _ in range(k)] for _ in range(n_items)]
    runs = [sum(item[r] for item in items) / n_items for r in range(k)]
    return {"id": sid, "group": group, "competency": "NLG", "language": language,
            "baseline": 0, "maximum": 100, "runs": runs, "items": items}


def main():
    rng = random.Random(35)
    cases = []

    # 1. One task, one language: a hand-checkable case (4 options, 3 items, 2 runs).
    small = [{"id": "mmlu", "group": "mmlu", "competency": "NLU", "language": "ewe", "baseline": 0.25, "maximum": 1,
              "runs": [2 / 3, 1 / 3], "items": [[1, 1], [1, 0], [0, 0]]}]
    cases.append({"name": "one multiple-choice task, 3 items, 2 runs", "subtasks": small})

    # 2. Every cluster one score: the clustered error is the plain one.
    single = [{"id": "mgsm", "group": "mgsm", "competency": "NLR", "language": "ewe", "baseline": 0, "maximum": 1,
               "runs": [0.6], "items": [[1], [0], [1], [1], [0]]}]
    cases.append({"name": "one run: clusters of one score, no error over runs", "subtasks": single})

    # 3. Translation both ways averaged first, beside NLI and math, below chance included.
    mixed = [
        chrf_subtask(rng, "flores-ewe-eng", "flores", "ewe", 6, 4),
        chrf_subtask(rng, "flores-eng-ewe", "flores", "ewe", 6, 4),
        accuracy_subtask(rng, "xnli", "xnli", "NLR", "ewe", 3, 9, 4, 0.2),
        accuracy_subtask(rng, "mgsm", "mgsm", "NLR", "ewe", 10**9, 7, 4, 0.5),
    ]
    for t in mixed:
        if t["id"] == "mgsm":
            t["baseline"] = 0
    cases.append({"name": "sub-tasks averaged first; below chance stays below 0", "subtasks": mixed})

    # 4. The bench's size: 8 runs x 10 tasks x 5 languages (translation as two sub-tasks).
    big = []
    for language in ["ewe", "yor", "hau", "twi", "fon"]:
        big.append(accuracy_subtask(rng, f"mmlu-{language}", f"mmlu-{language}", "NLU", language, 4, 12, 8, 0.6))
        big.append(accuracy_subtask(rng, f"belebele-{language}", f"belebele-{language}", "NLU", language, 4, 12, 8, 0.5))
        big.append(accuracy_subtask(rng, f"sib-{language}", f"sib-{language}", "NLU", language, 7, 12, 8, 0.7))
        big.append(accuracy_subtask(rng, f"sentiment-{language}", f"sentiment-{language}", "NLU", language, 3, 12, 8, 0.6))
        big.append(accuracy_subtask(rng, f"xnli-{language}", f"xnli-{language}", "NLR", language, 3, 12, 8, 0.5))
        big.append(accuracy_subtask(rng, f"copa-{language}", f"copa-{language}", "NLR", language, 2, 12, 8, 0.7))
        m = accuracy_subtask(rng, f"mgsm-{language}", f"mgsm-{language}", "NLR", language, 2, 12, 8, 0.3)
        m["baseline"] = 0
        big.append(m)
        big.append(chrf_subtask(rng, f"flores-{language}-eng", f"flores-{language}", language, 12, 8))
        big.append(chrf_subtask(rng, f"flores-eng-{language}", f"flores-{language}", language, 12, 8))
        big.append(chrf_subtask(rng, f"ntrex-{language}-eng", f"ntrex-{language}", language, 12, 8))
        big.append(chrf_subtask(rng, f"ntrex-eng-{language}", f"ntrex-{language}", language, 12, 8))
        big.append(accuracy_subtask(rng, f"ifeval-{language}", f"ifeval-{language}", "Instruction-Following", language, 2, 12, 8, 0.8))
        big[-1]["baseline"] = 0
    cases.append({"name": "8 runs x 10 tasks x 5 languages", "subtasks": big})

    out = {"generator": "test-fixtures/suite/make_seahelm_vectors.py",
           "cases": [dict(c, expected=expected(c["subtasks"])) for c in cases]}
    print(json.dumps(out))


main()
