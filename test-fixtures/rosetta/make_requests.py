# Writes requests/*.json (one corpus per shape) and requests.vectors.json: the request bodies mt_eval_harness
# 3.0.0 sends for each corpus, by its rules (runner.build_naive_prompt, api.build_system_message and the
# OpenAI-style providers' _sanitize_messages, strategies/single.py and strategies/batch.py), for batch sizes
# 1, 5 (a remainder: 12 = 5 + 5 + 2) and 25. Names are what the harness's config holds for the corpus: a
# curated corpus's language_pair source_name/target_name; for the other shapes what a user passes with
# --source-lang/--target-lang for its codes (English, Ewe), and nothing for a flat file (generic prompt).
# Our own script; run from the repository root.
import json

SRC = ["Good morning.", "Thank you.", "Welcome.", "How are you?", "I am fine.", "My name is Kofi.",
       "Where are you going?", "I am going to the market.", "The child is sleeping.", "Water is life.",
       "Come and eat.", "Good evening."]
REF = ["Ŋdi nyuie.", "Akpe.", "Woezɔ.", "Èfɔ̃ a?", "Mele nyuie.", "Ŋkɔnye enye Kofi.", "Afi ka yim nèle?",
       "Meyina asi me.", "Ɖevi la le alɔ̃ dɔm.", "Tsi nye agbe.", "Va ɖu nu.", "Fiẽ nyuie."]

corpora = {
    "envelope": ({"dataset": {"id": "req-envelope", "version": "1.0.0", "language_pair": "en-ee", "source_language": "en",
                              "target_language": "ee", "created": "2026-11-25", "license": "CC-BY-4.0", "provenance": ["elicited"]},
                  "entries": [{"id": i + 1, "source": s, "reference": r, "segment": "development", "difficulty": 1 + i % 5,
                               "provenance": "elicited", "register": "conversational", "context": "greeting"}
                              for i, (s, r) in enumerate(zip(SRC, REF))]}, ("English", "Ewe")),
    "curated": ({"corpus_id": "req-curated", "version": "1.0.0",
                 "language_pair": {"source": "eng", "target": "ewe", "source_name": "English", "target_name": "Ewe (Eʋegbe)"},
                 "segment": "development", "created": "2026-11-25", "entry_count": 12, "domains": ["daily"],
                 "provenance": {"builder": "tests", "license": "CC-BY-4.0"},
                 "entries": [{"id": f"req_{i}", "source": s, "reference": r, "domain": "daily", "difficulty": 1 + i % 5}
                             for i, (s, r) in enumerate(zip(SRC, REF))]}, ("English", "Ewe (Eʋegbe)")),
    "flat": ([{"id": i, "source": s, "target": r, "segment": "development", "difficulty": 2} for i, (s, r) in enumerate(zip(SRC, REF))], (None, None)),
    "legacy": ({"dataset": {"id": "req-legacy", "source_language": "en", "target_language": "ee"},
                "entries": [{"index": i, "source_text": s, "target_expected": r, "difficulty": "easy"} for i, (s, r) in enumerate(zip(SRC, REF))]},
               ("English", "Ewe")),
}

def naive_prompt(source_lang, target_lang):
    if target_lang:
        return ("You are a translator. Translate the given {source_lang} text to {target_lang}. "
                "Output ONLY the translation, nothing else. No explanations, no notes.").format(source_lang=source_lang or "source", target_lang=target_lang)
    return ("You are a translator. Translate the given text to the target language. "
            "Output ONLY the translation, nothing else. No explanations, no notes.")

def system_message(prompt, openrouter):
    msg = {"role": "system", "content": [{"type": "text", "text": prompt, "cache_control": {"type": "ephemeral"}}]}
    if openrouter:
        return msg
    return {**msg, "content": "\n".join(b["text"] for b in msg["content"] if b.get("type") == "text")}

def bodies(sources, names, batch_size, openrouter, model="fake-chat"):
    prompt = naive_prompt(*names)
    out = []
    if batch_size <= 1:
        for s in sources:
            out.append({"model": model, "temperature": 0.0, "max_tokens": 32768,
                        "messages": [system_message(prompt, openrouter), {"role": "user", "content": s}]})
        return out
    for i in range(0, len(sources), batch_size):
        batch = sources[i:i + batch_size]
        n = len(batch)
        numbered = "\n".join(f"{k+1}. {s}" for k, s in enumerate(batch))
        lang_label = names[1] or "the target language"
        user = (f"Translate each of these {n} phrases to {lang_label}.\n\n{numbered}\n\n"
                f"Reply with EXACTLY {n} numbered lines. Each line: just the number and the translation. No explanations, no extra text.")
        out.append({"model": model, "temperature": 0.0, "max_tokens": 32768,
                    "messages": [system_message(prompt, openrouter), {"role": "user", "content": user}]})
    return out

vectors = {"origin": "Made by test-fixtures/rosetta/make_requests.py from the harness's request rules.", "cases": []}
for shape, (corpus, names) in corpora.items():
    with open(f"test-fixtures/rosetta/requests/{shape}.json", "w") as f:
        json.dump(corpus, f, ensure_ascii=False, indent=2)
        f.write("\n")
    for batch_size in (1, 5, 25):
        for openrouter in (False, True):
            vectors["cases"].append({"shape": shape, "batch_size": batch_size, "openrouter": openrouter,
                                     "system_prompt": naive_prompt(*names), "bodies": bodies(SRC, names, batch_size, openrouter)})
with open("test-fixtures/rosetta/requests.vectors.json", "w") as f:
    json.dump(vectors, f, ensure_ascii=False, indent=1)
