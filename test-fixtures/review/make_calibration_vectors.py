# Writes calibration.vectors.json: the reference computation `review calibrate` is held to (issue #34 §7).
# Our own script, plain formulas and Python's standard library only (no scipy): run from the repository root,
#   python3 test-fixtures/review/make_calibration_vectors.py
# Everything is drawn from random.Random with fixed seeds, so the file is the same on every run.
#
# - Kendall's tau-b from every pair: (n_c - n_d) / sqrt((n0 - n1)(n0 - n2)), n0 = n(n-1)/2, n1 and n2 the pairs
#   tied in x and in y; None when the denominator is 0 or n < 2.
# - The best cut by Youden's J: each distinct value t, ascending, counts an output usable when x >= t;
#   J = TP/P + TN/N - 1 (sensitivity + specificity - 1); the first (lowest) t with the highest J wins, J compared
#   exactly as TP*N + TN*P (J*P*N + P*N, whole numbers).
# - An item's rating: the adjudicator's when given, else the lower middle of its reviewers' steps
#   (reject 1, gist 2, acceptable 3, excellent 4); usable means acceptable or excellent.
# - An item's composite (Scoring Specification §4, mt_eval_harness's scoring.py): the weights of the metrics it
#   has, in the profile's order, renormalised; chrF++ / 100; sums as Python 3.12's sum() (compensated), rounded
#   to 4 decimals; profile A when the item has an FST verdict. Its tier: §5's thresholds.
# - Bootstrap: B resamples of n items, each `rng.randint(0, n - 1)` n times from random.Random(seed), the same
#   resamples for every statistic; percentile bounds at int(k * alpha/2) and int(k * (1 - alpha/2)) - 1 of the
#   k resamples where the statistic is defined (clamped to 0 .. k-1).
import json, math, random

RATINGS = ['reject', 'gist', 'acceptable', 'excellent']
TIERS = [('fluent', 0.85), ('deployable', 0.7), ('functional', 0.5), ('emerging', 0.3), ('baseline', 0.0)]
PROFILE_A = [('fst', 0.25), ('chrf', 0.15), ('exact', 0.05)]
PROFILE_B = [('chrf', 0.25), ('exact', 0.1)]
MIN_PER_TIER = 30


def py312_sum(values):
    total = 0.0
    comp = 0.0
    for x in values:
        t = total + x
        comp += (total - t + x) if abs(total) >= abs(x) else (x - t + total)
        total = t
    return total + comp if comp != 0 and math.isfinite(comp) else total


def tau_b(x, y):
    n = len(x)
    if n < 2:
        return None
    nc = nd = tx = ty = 0
    for i in range(n):
        for j in range(i + 1, n):
            dx = (x[i] > x[j]) - (x[i] < x[j])
            dy = (y[i] > y[j]) - (y[i] < y[j])
            if dx == 0:
                tx += 1
            if dy == 0:
                ty += 1
            if dx != 0 and dy != 0:
                if dx == dy:
                    nc += 1
                else:
                    nd += 1
    n0 = n * (n - 1) // 2
    den = math.sqrt((n0 - tx) * (n0 - ty))
    return None if den == 0 else (nc - nd) / den


def best_cut(x, usable):
    P = sum(1 for u in usable if u)
    N = len(usable) - P
    if P == 0 or N == 0:
        return None
    best = None
    best_score = -1
    for t in sorted(set(x)):
        tp = sum(1 for v, u in zip(x, usable) if u and v >= t)
        tn = sum(1 for v, u in zip(x, usable) if not u and v < t)
        # J * P * N in whole numbers, so that equal J compare equal (the lowest t wins a tie).
        score = tp * N + tn * P
        if score > best_score:
            best_score = score
            sens = tp / P
            spec = tn / N
            best = dict(cut=t, j=sens + spec - 1, sensitivity=sens, specificity=spec)
    return best


def composite(chrf, exact, fst):
    have = {'chrf': None if chrf is None else chrf / 100, 'exact': None if exact is None else (1.0 if exact else 0.0),
            'fst': None if fst is None else (1.0 if fst else 0.0)}
    table = PROFILE_A if fst is not None else PROFILE_B
    counted = [(w, have[m]) for m, w in table if have[m] is not None]
    if not counted:
        return None
    total = py312_sum([w for w, _ in counted])
    return round(py312_sum([(w / total) * v for w, v in counted]), 4)


def tier(c):
    if c is None:
        return 'unscored'
    for name, low in TIERS:
        if c >= low:
            return name
    return 'unscored'


def lower_median(steps):
    steps = sorted(s for s in steps if s is not None)
    return None if not steps else steps[(len(steps) - 1) >> 1]


def percentile_bounds(samples, alpha):
    k = len(samples)
    if k == 0:
        return None, None
    s = sorted(samples)
    clamp = lambda i: max(0, min(i, k - 1))
    return s[clamp(int(k * (alpha / 2)))], s[clamp(int(k * (1 - alpha / 2)) - 1)]


def calibrate(items, B, seed, alpha=0.05):
    """items: dicts with step, chrf, exact, fst, composite, tier (only rated items)."""
    n = len(items)
    usable = [it['step'] >= 3 for it in items]
    figures = ['chrf', 'exact_match'] + (['fst_acceptance'] if any(it['fst'] is not None for it in items) else []) + ['composite']
    value = {
        'chrf': lambda it: it['chrf'],
        'exact_match': lambda it: None if it['exact'] is None else (1 if it['exact'] else 0),
        'fst_acceptance': lambda it: None if it['fst'] is None else (1 if it['fst'] else 0),
        'composite': lambda it: it['composite'],
    }
    shares = []
    for name, low in reversed(TIERS):
        members = [it for it in items if it['tier'] == name]
        use = sum(1 for it in members if it['step'] >= 3)
        shares.append(dict(tier=name, rated=len(members), usable=use, share=None if not members else use / len(members)))
    unscored = [it for it in items if it['tier'] == 'unscored']
    if unscored:
        use = sum(1 for it in unscored if it['step'] >= 3)
        shares.append(dict(tier='unscored', rated=len(unscored), usable=use, share=use / len(unscored)))
    populated = [s for s in shares if s['tier'] != 'unscored' and s['rated'] > 0]
    short = [dict(tier=s['tier'], rated=s['rated']) for s in populated if s['rated'] < MIN_PER_TIER]
    n_usable = sum(usable)
    if short or len(populated) < 2:
        verdict = dict(kind='too-few', needed=MIN_PER_TIER, short=short, tiers=len(populated))
    elif n_usable == 0 or n_usable == n:
        verdict = dict(kind='one-class', usable=n_usable, rated=n)
    else:
        verdict = dict(kind='suggested')
    cut_figures = ['chrf', 'composite'] if verdict['kind'] == 'suggested' else []

    tau_samples = {f: [] for f in figures}
    cut_samples = {f: [] for f in cut_figures}
    rng = random.Random(seed)
    for _ in range(B):
        draw = [rng.randint(0, n - 1) for _ in range(n)]
        for f in figures:
            pairs = [(value[f](items[i]), items[i]['step']) for i in draw if value[f](items[i]) is not None]
            t = tau_b([p[0] for p in pairs], [p[1] for p in pairs])
            if t is not None:
                tau_samples[f].append(t)
        for f in cut_figures:
            present = [i for i in draw if value[f](items[i]) is not None]
            c = best_cut([value[f](items[i]) for i in present], [usable[i] for i in present])
            if c is not None:
                cut_samples[f].append(c['cut'])
    correlations = []
    for f in figures:
        pairs = [(value[f](it), it['step']) for it in items if value[f](it) is not None]
        lo, hi = percentile_bounds(tau_samples[f], alpha)
        correlations.append(dict(figure=f, n=len(pairs), tau_b=tau_b([p[0] for p in pairs], [p[1] for p in pairs]),
                                 lower=lo, upper=hi, undefined_resamples=B - len(tau_samples[f])))
    if verdict['kind'] == 'suggested':
        cuts = []
        for f in cut_figures:
            present = [i for i in range(n) if value[f](items[i]) is not None]
            c = best_cut([value[f](items[i]) for i in present], [usable[i] for i in present])
            if c is None:
                continue
            lo, hi = percentile_bounds(cut_samples[f], alpha)
            cuts.append(dict(figure=f, n=len(present), lower=lo, upper=hi, undefined_resamples=B - len(cut_samples[f]), **c))
        verdict['cuts'] = cuts
    return dict(items=n, correlations=correlations, tiers=shares, cut=verdict,
                bootstrap=dict(n_bootstrap=B, seed=seed))


def make_set(rng, n_scored, n_exact, with_fst, reviewers, adjudicate):
    """Items as a card and reviewers would give them: a latent quality drives chrF++, the ratings and FST."""
    items = []
    for i in range(n_scored + n_exact):
        exact = i >= n_scored
        # chrF++ on a half-point grid (ties on purpose); an exact match scores 100.
        chrf = 100.0 if exact else round(rng.uniform(5, 97) * 2) / 2
        quality = chrf / 100 + rng.gauss(0, 0.18)
        truth = 1 if quality < 0.3 else 2 if quality < 0.5 else 3 if quality < 0.75 else 4
        ratings = []
        for _ in reviewers:
            roll = rng.random()
            if roll < 0.08:
                ratings.append(None)  # this reviewer did not rate the item
            else:
                noise = -1 if roll < 0.2 else 1 if roll < 0.3 else 0
                ratings.append(min(4, max(1, truth + noise)))
        fst = (rng.random() < 0.4 + 0.5 * chrf / 100) if with_fst else None
        items.append(dict(entry_id=f'e{i}', difficulty=1 + i % 5, chrf=chrf, exact=exact, fst=fst, ratings=ratings))
    rng.shuffle(items)
    adjudicated = {}
    for it in items[:adjudicate]:
        adjudicated[it['entry_id']] = 1 + rng.randrange(4)
    for it in items:
        given = adjudicated.get(it['entry_id'])
        it['step'] = given if given is not None else lower_median(it['ratings'])
        it['basis'] = 'adjudicated' if given is not None else ('median' if sum(r is not None for r in it['ratings']) > 1 else 'single')
        it['composite'] = composite(it['chrf'], it['exact'], it['fst'])
        it['tier'] = tier(it['composite'])
    return items, adjudicated


def public(items, adjudicated, reviewers, B, seed):
    rated = [it for it in items if it['step'] is not None]
    report = calibrate(rated, B, seed)
    report['unrated'] = len(items) - len(rated)
    report['basis'] = {b: sum(1 for it in rated if it['basis'] == b) for b in ('adjudicated', 'median', 'single')}
    # The same items with no adjudication file (the median, or the only rating, of every item): point figures.
    by_median = [dict(it, step=lower_median(it['ratings'])) for it in items]
    plain = calibrate([it for it in by_median if it['step'] is not None], 0, seed)
    without = dict(correlations=[dict(figure=c['figure'], n=c['n'], tau_b=c['tau_b']) for c in plain['correlations']],
                   tiers=plain['tiers'], cut=dict(plain['cut'], cuts=[{k: c[k] for k in ('figure', 'n', 'cut', 'j', 'sensitivity', 'specificity')}
                                                                  for c in plain['cut'].get('cuts', [])]))
    if without['cut']['kind'] != 'suggested':
        del without['cut']['cuts']
    return dict(
        expected_without_adjudication=without,
        reviewers=reviewers,
        items=[dict(entry_id=it['entry_id'], difficulty=it['difficulty'], entry_chrf=it['chrf'], exact_match=it['exact'],
                    fst_accepted=it['fst'], ratings=[None if r is None else RATINGS[r - 1] for r in it['ratings']],
                    rating=None if it['step'] is None else RATINGS[it['step'] - 1], composite=it['composite'], tier=it['tier'])
               for it in items],
        adjudicated={k: RATINGS[v - 1] for k, v in adjudicated.items()},
        expected=report,
    )


def main():
    rng = random.Random(34)
    pairs = []
    for n, levels in [(2, 3), (5, 2), (13, 4), (40, 6), (97, 20)]:
        x = [rng.randrange(levels) * 2.5 for _ in range(n)]
        y = [1 + rng.randrange(4) for _ in range(n)]
        usable = [v >= 3 for v in y]
        pairs.append(dict(x=x, y=y, tau_b=tau_b(x, y), cut=best_cut(x, usable)))
    pairs.append(dict(x=[1.0, 1.0, 1.0], y=[1, 2, 4], tau_b=tau_b([1.0] * 3, [1, 2, 4]), cut=best_cut([1.0] * 3, [False, False, True])))
    pairs.append(dict(x=[3.0, 1.0, 2.0], y=[4, 4, 4], tau_b=tau_b([3.0, 1.0, 2.0], [4, 4, 4]), cut=best_cut([3.0, 1.0, 2.0], [True] * 3)))
    B = 200
    team, team_adj = make_set(random.Random(35), 164, 40, False, ['ama', 'kofi'], 6)
    small, small_adj = make_set(random.Random(36), 36, 4, True, ['yao'], 0)
    out = dict(
        origin='Written by test-fixtures/review/make_calibration_vectors.py (our own script, plain formulas, Python '
               'standard library); see its header for every formula.',
        pairs=pairs,
        sets=dict(team=public(team, team_adj, ['ama', 'kofi'], B, 7), single_fst=public(small, small_adj, ['yao'], B, 8)),
    )
    with open('test-fixtures/review/calibration.vectors.json', 'w') as f:
        json.dump(out, f, indent=1)
        f.write('\n')


main()
