# Writes score-corpus.json (a small envelope corpus) and score-corpus.responses.json (entry id -> raw model
# output). Invented Ewe sentences; responses vary on purpose: exact, case and whitespace differences, NFD,
# quotes and bold, several lines, empty, partial. Two entries have a null response (failed calls: errors). Our own script.
import json, random, unicodedata

rng = random.Random(7)
pairs = [
    ("Good morning.", "Ŋdi nyuie."), ("Thank you.", "Akpe."), ("Welcome.", "Woezɔ."), ("How are you?", "Èfɔ̃ a?"),
    ("I am fine.", "Mele nyuie."), ("My name is Kofi.", "Ŋkɔnye enye Kofi."), ("Where are you going?", "Afi ka yim nèle?"),
    ("I am going to the market.", "Meyina asi me."), ("The child is sleeping.", "Ɖevi la le alɔ̃ dɔm."),
    ("Water is life.", "Tsi nye agbe."), ("Come and eat.", "Va ɖu nu."), ("Good evening.", "Fiẽ nyuie."),
    ("See you tomorrow.", "Ma kpɔ wò etsɔ."), ("The sun is hot.", "Ŋdɔ le dzoxɔxɔm."), ("I love you.", "Melɔ̃ wò."),
    ("Open the door.", "Ʋu ʋɔtru la."), ("Close the window.", "Tu fesre la."), ("The food is ready.", "Nuɖuɖu la ɖo."),
    ("He is my brother.", "Nɔvinye ŋutsu wònye."), ("She is reading a book.", "Ele agbalẽ xlẽm."),
    ("We are going home.", "Míele aƒeme yim."), ("It is raining.", "Tsi le dzadzam."), ("Sit down.", "Nɔ anyi."),
    ("Drink water.", "No tsi."), ("The road is long.", "Mɔ la didi."), ("I do not know.", "Nyemenya o."),
    ("Help me.", "Kpe ɖe ŋunye."), ("The goat is in the yard.", "Gbɔ̃ la le xɔxa me."), ("Wash your hands.", "Kլɔ asiwòwo.".replace("լ", "l")),
    ("Good night.", "Dɔ agbe."), ("Where is the school?", "Afi ka suku la le?"), ("The fish is fresh.", "Tɔmelã la le yeye."),
    ("Call your mother.", "Yɔ dawò."), ("The teacher is coming.", "Nufiala la gbɔna."), ("Bring the chair.", "Tsɔ zikpui la vɛ."),
    ("Let us go.", "Mina míayi."),
]
entries = []
responses = {}
for k, (src, ref) in enumerate(pairs):
    i = k + 1
    entries.append({"id": i, "source": src, "reference": ref, "segment": "development" if i % 4 else "diagnostic",
                    "difficulty": 1 + k % 3, "domain": ["greetings", "daily life", "home"][k % 3] if i % 5 else None,
                    "provenance": "elicited", "register": "conversational", "context": "declaration"})
    if entries[-1]["domain"] is None:
        del entries[-1]["domain"]
    kind = k % 9
    if kind == 0: out = ref
    elif kind == 1: out = "  " + ref.upper() + "\n"
    elif kind == 2: out = unicodedata.normalize("NFD", ref)
    elif kind == 3: out = '"' + ref + '"'
    elif kind == 4: out = "**" + ref.replace(" ", "  ") + "**"
    elif kind == 5: out = ref.split(" ")[0] + "\nTranslation note: approximate."
    elif kind == 6: out = ""
    elif kind == 7: out = " ".join(reversed(ref.split(" ")))
    else: out = ref[: max(1, len(ref) // 2)]
    responses[str(i)] = None if i in (11, 29) else out  # null: the call failed (an error)
corpus = {"dataset": {"id": "ewe-score-fixture", "version": "1.0.0", "language_pair": "en-ee", "source_language": "en",
                      "target_language": "ee", "created": "2026-11-25", "license": "CC-BY-4.0",
                      "provenance": ["elicited"]},
          "entries": entries}
with open("test-fixtures/rosetta/score/score-corpus.json", "w") as f:
    json.dump(corpus, f, ensure_ascii=False, indent=2)
    f.write("\n")
with open("test-fixtures/rosetta/score/score-corpus.responses.json", "w") as f:
    json.dump(responses, f, ensure_ascii=False, indent=2)
    f.write("\n")
