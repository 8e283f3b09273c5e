# Writes normalize-text.vectors.json: the harness's normalize_text and exact-match rule (mt_eval_harness 3.0.0,
# tester.py) applied to a few pairs. Our own script; run with python3 from the repository root.
import json, unicodedata

def normalize_text(text):
    text = unicodedata.normalize("NFC", text)
    text = text.strip().lower()
    return " ".join(text.split())

PAIRS = [
    ("Akpe na wò", "akpe na wò"), ("  Akpe\u00a0 na\t\nwò  ", "Akpe na wò"), ("Mè\u0301do", "M\u00e8\u0301do"),
    ("o\u0300", "\u00f2"), ("", ""), ("   ", ""), ("\u3000\u2028", "   "), ("Ŋdi nyuie", "ŋdi nyuie"),
    ("ƉE", "ɖe"), ("ƆƐ", "ɔɛ"), ("ΟΔΟΣ", "οδος"), ("ΟΔΟΣ", "οδός"), ("İstanbul", "i̇stanbul"),
    ("İstanbul", "istanbul"), ("a\u200bb", "a b"), ("a\u001cb", "a b"), ("a\ufeffb", "a b"), ("a\u0085b", "a b"),
    ("\ufb01", "fi"), ("Akpe.", "Akpe"), ("ẞ", "ß"),
]
cases = []
for p, r in PAIRS:
    np_, nr = normalize_text(p), normalize_text(r)
    cases.append({"predicted": p, "reference": r, "normalized_predicted": np_, "exact_match": np_ == nr and bool(np_)})
origin = "Made by test-fixtures/rosetta/make_normalize_text.py (python3 3.11 stdlib): tester.py's normalize_text and exact-match rule."
with open("test-fixtures/rosetta/normalize-text.vectors.json", "w") as f:
    json.dump({"origin": origin, "cases": cases}, f, ensure_ascii=False, indent=1)
