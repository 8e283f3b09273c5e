# Writes parse-numbered.vectors.json: api.parse_numbered_response's rules (mt_eval_harness 3.0.0) run by
# Python's own re on awkward replies. Our own script; run from the repository root.
import json, re

_NUMBERED_LINE_RE = re.compile(r"^\s*(\d+)\s*[.):\-]\s*(.+)$", re.MULTILINE)

def parse_numbered_response(content, expected):
    matches = _NUMBERED_LINE_RE.findall(content)
    if len(matches) >= expected:
        return [m[1].strip() for m in matches[:expected]]
    lines = [l.strip() for l in content.strip().split("\n") if l.strip()]
    cleaned = []
    for line in lines:
        m = re.match(r"^\s*\d+\s*[.):\-]\s*(.+)$", line)
        cleaned.append(m.group(1).strip() if m else line)
    while len(cleaned) < expected:
        cleaned.append("[PARSE_ERROR]")
    return cleaned[:expected]

CASES = [
    ("1. Ŋdi nyuie.\n2. Akpe.\n3. Woezɔ.", 3), ("1) a\n2: b\n3- c\n4 . d", 4), ("Here you go:\n1. a\n2. b", 2),
    ("1. a\n\n2. b\r\n3. c", 3), ("1. a\n2. b", 3), ("a\nb\nc\nd", 2), ("", 2), ("  \n  ", 1), ("1.\n2. b\n3. c", 2),
    ("١. واحد\n٢. اثنان", 2), ("1. a\u2028b\n2. c", 2), ("1.   \u00a0spaced  \n2.\tb", 2), ("10. ten\n11. eleven", 2),
    ("1. a\n1. again\n2. b", 3), ("1.a\n2.b", 2), ("1. x\u0085y\n2. z", 2), ("Sure! Here are the translations.", 2),
]
out = [{"content": c, "expected": n, "parsed": parse_numbered_response(c, n)} for c, n in CASES]
with open("test-fixtures/rosetta/parse-numbered.vectors.json", "w") as f:
    json.dump({"origin": "Made by test-fixtures/rosetta/make_parse_numbered.py (python3 3.11 re).", "cases": out}, f, ensure_ascii=False, indent=1)
