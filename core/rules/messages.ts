import { pick, type Bilingual, type Locale, type Params } from '../i18n/locale';

/** Every sentence the validator says, in English and French. `{name}` placeholders are filled per finding. */
export const MESSAGES = {
  invalidJson: { en: 'Invalid JSON: {detail}.', fr: 'JSON invalide\u00a0: {detail}.' },
  fileTooLarge: {
    en: 'This file ({size} MiB) is larger than the {limit} MiB the editor analyses as you type, so it is not checked here (no diagnostics, hover or outline): run `ewebench-studio validate` on it, which reads it whole.',
    fr: 'Ce fichier ({size} Mio) dépasse les {limit} Mio que l’éditeur analyse pendant la saisie\u00a0: il n’est pas vérifié ici (ni diagnostics, ni survol, ni plan). Lancez `ewebench-studio validate` dessus, qui le lit en entier.',
  },
  reviewCardMissing: {
    en: 'The run card `{path}` cannot be read beside this review: its ratings cannot be checked against the run.',
    fr: 'La fiche d’exécution `{path}` est introuvable à côté de cette revue\u00a0: ses notes ne peuvent pas être rapprochées de l’exécution.',
  },
  reviewCardHash: {
    en: 'This review rated the run sealed {expected}, but `{path}` is now sealed {actual}: it is another run, or the card changed. Draw a new sample for this card.',
    fr: 'Cette revue a noté l’exécution scellée {expected}, mais `{path}` est maintenant scellée {actual}\u00a0: c’est une autre exécution, ou la fiche a changé. Tirez un nouvel échantillon pour cette fiche.',
  },
  reviewUnknownEntry: {
    en: 'Entry `{id}` has no output in the run card `{path}`: a review can only rate what the run produced.',
    fr: 'L’entrée `{id}` n’a pas de sortie dans la fiche d’exécution `{path}`\u00a0: une revue ne peut noter que ce que l’exécution a produit.',
  },
  reviewGateMissing: {
    en: 'The card claims the {tier} tier, which no method may claim without human review (Rosetta §7.2): no review `{review}` beside it. Draw one with `ewebench-studio review sample` or *ÈwéBench: Review Run*.',
    fr: 'La fiche revendique le niveau {tier}, qu’aucune méthode ne peut revendiquer sans revue humaine (Rosetta §7.2)\u00a0: aucune revue `{review}` à côté. Tirez-en une avec `ewebench-studio review sample` ou *ÈwéBench\u00a0: Revoir une exécution*.',
  },
  reviewGateFew: {
    en: 'The card claims the {tier} tier, but its review has {rated} rated {rated|item|items} of the {needed} the gate asks (Rosetta §7.2).',
    fr: 'La fiche revendique le niveau {tier}, mais sa revue n’a que {rated} {rated|élément noté|éléments notés} sur les {needed} qu’exige le seuil (Rosetta §7.2).',
  },
  reviewGateUsable: {
    en: 'The card claims the {tier} tier, but reviewers found {usable} of the rated outputs usable (acceptable or excellent), under the {needed} the gate asks (Rosetta §7.2).',
    fr: 'La fiche revendique le niveau {tier}, mais les relecteurs ont jugé utilisables (acceptable ou excellent) {usable} des sorties notées, sous les {needed} qu’exige le seuil (Rosetta §7.2).',
  },
  reviewCardEdited: {
    en: 'The run card `{path}` does not verify: its seals no longer match its content (it was edited after the run), so no review is a review of it. Run it again, or restore the card the run wrote.',
    fr: 'La fiche d’exécution `{path}` ne se vérifie pas\u00a0: ses empreintes ne correspondent plus à son contenu (elle a été modifiée après l’exécution)\u202f; aucune revue ne peut donc s’y rapporter. Relancez l’exécution, ou rétablissez la fiche qu’elle a écrite.',
  },
  reviewCardUnsealed: {
    en: 'The run card `{path}` has no `run_card_hash`: nothing tells whether it is the run that was rated, so no review is a review of it.',
    fr: 'La fiche d’exécution `{path}` n’a pas de `run_card_hash`\u00a0: rien ne dit qu’elle est l’exécution notée\u202f; aucune revue ne peut donc s’y rapporter.',
  },
  reviewSampleField: {
    en: '`sample.{field}` must be a whole number in range: the sample cannot be drawn again to check that these items are the seeded sample.',
    fr: '`sample.{field}` doit être un nombre entier dans les bornes\u00a0: l’échantillon ne peut pas être tiré à nouveau pour vérifier que ces éléments sont l’échantillon tiré.',
  },
  reviewSampleHeader: {
    en: "`sample.{field}` is not what seed {seed} and size {size} draw from `{path}`: the header must be the draw's, not written by hand.",
    fr: '`sample.{field}` n’est pas ce que la graine {seed} et la taille {size} tirent de `{path}`\u00a0: l’en-tête doit être celui du tirage, pas écrit à la main.',
  },
  reviewAssignment: {
    en: '`assignment` does not hold: its reviewers must be distinct names with this file’s reviewer among them, its overlap between 1 and their number, and its order_seed the one seed {seed} gives this reviewer.',
    fr: '`assignment` ne tient pas\u00a0: ses relecteurs doivent être des noms distincts comprenant le relecteur de ce fichier, son recouvrement entre 1 et leur nombre, et son order_seed celui que la graine {seed} donne à ce relecteur.',
  },
  reviewOutsideSample: {
    en: 'Entry `{id}` is not in the sample seed {seed} and size {size} draw from `{path}`: a review rates the seeded sample, not outputs picked by hand.',
    fr: 'L’entrée `{id}` n’est pas dans l’échantillon que la graine {seed} et la taille {size} tirent de `{path}`\u00a0: une revue note l’échantillon tiré, pas des sorties choisies à la main.',
  },
  reviewMissingItems: {
    en: '{count} {count|entry|entries} of the sample seed {seed} and size {size} draw from `{path}` {count|is|are} missing from this review (first: {ids}).',
    fr: '{count} {count|entrée|entrées} de l’échantillon que la graine {seed} et la taille {size} tirent de `{path}` {count|manque|manquent} à cette revue (première\u00a0: {ids}).',
  },
  reviewItemTier: {
    en: 'Entry `{id}` is difficulty {expected} in the run card, not {actual}.',
    fr: 'L’entrée `{id}` est de difficulté {expected} dans la fiche d’exécution, pas {actual}.',
  },
  reviewGateUnbound: {
    en: 'The card claims the {tier} tier, but `{review}` is no review of this card, so the human review gate is not met (Rosetta §7.2): {why}.',
    fr: 'La fiche revendique le niveau {tier}, mais `{review}` n’est pas une revue de cette fiche\u00a0: le seuil de revue humaine n’est pas atteint (Rosetta §7.2)\u00a0: {why}.',
  },
  gateWhyCardEdited: {
    en: 'this card does not verify (its seals no longer match its content)',
    fr: 'cette fiche ne se vérifie pas (ses empreintes ne correspondent plus à son contenu)',
  },
  gateWhyCardUnsealed: { en: 'this card has no `run_card_hash`', fr: 'cette fiche n’a pas de `run_card_hash`' },
  gateWhyCardUnreadable: { en: 'this card cannot be read as JSON', fr: 'cette fiche ne se lit pas comme du JSON' },
  gateWhyOtherRun: {
    en: 'it rated the run sealed {expected}, this card is sealed {actual}',
    fr: 'elle a noté l’exécution scellée {expected}, cette fiche est scellée {actual}',
  },
  gateWhyNotSample: {
    en: 'its items are not the sample seed {seed} and size {size} draw from this card ({detail})',
    fr: 'ses éléments ne sont pas l’échantillon que la graine {seed} et la taille {size} tirent de cette fiche ({detail})',
  },
  gateWhySampleField: { en: '`sample.{field}` is not a whole number in range', fr: '`sample.{field}` n’est pas un nombre entier dans les bornes' },
  sampleDuplicate: { en: 'entry `{id}` listed {count} times', fr: 'entrée `{id}` listée {count} fois' },
  sampleOutside: { en: 'entry `{id}` was not drawn', fr: 'entrée `{id}` non tirée' },
  sampleMissing: { en: '{count} drawn {count|entry|entries} missing', fr: '{count} {count|entrée tirée manquante|entrées tirées manquantes}' },
  sampleTier: { en: 'entry `{id}` in tier {actual}, not {expected}', fr: 'entrée `{id}` au niveau {actual}, pas {expected}' },
  sampleHeader: { en: '`sample.{field}` differs from the draw', fr: '`sample.{field}` diffère du tirage' },
  sampleAssignment: { en: '`assignment` does not hold', fr: '`assignment` ne tient pas' },
  sampleMore: { en: 'and {count} more', fr: 'et {count} de plus' },
  reviewGateUnrated: {
    en: 'The card claims the {tier} tier, but {unrated} {unrated|item|items} of its review {unrated|is|are} not rated yet: the gate asks every drawn output rated (Rosetta §7.2).',
    fr: 'La fiche revendique le niveau {tier}, mais {unrated} {unrated|élément|éléments} de sa revue ne {unrated|est|sont} pas encore {unrated|noté|notés}\u00a0: le seuil exige que chaque sortie tirée soit notée (Rosetta §7.2).',
  },
  reviewGateSingle: {
    en: 'The card claims the {tier} tier on a single review (`{review}`: {rated}/{total} rated, {usable} usable): the gate asks at least {needed} {needed|reviewer|reviewers} per item (Rosetta §7.2; `ewebench.review.minReviewers`, `--min-reviewers`). Draw one file per reviewer with `ewebench-studio review sample --reviewers` or *ÈwéBench: Review Run*.',
    fr: 'La fiche revendique le niveau {tier} sur une revue unique (`{review}`\u00a0: {rated}/{total} notés, {usable} utilisables)\u00a0: le seuil demande au moins {needed} {needed|relecteur|relecteurs} par élément (Rosetta §7.2\u202f; `ewebench.review.minReviewers`, `--min-reviewers`). Tirez un fichier par relecteur avec `ewebench-studio review sample --reviewers` ou *ÈwéBench\u00a0: Revoir un run*.',
  },
  reviewGateTeam: {
    en: 'The card claims the {tier} tier, but its team review ({count} {count|reviewer|reviewers}: {reviewers}) does not meet the gate (Rosetta §7.2): {why} (team ratings: {adjudicated} adjudicated, {median} by the median).{notes}',
    fr: 'La fiche revendique le niveau {tier}, mais la revue de son équipe ({count} {count|relecteur|relecteurs}\u00a0: {reviewers}) n’atteint pas le seuil (Rosetta §7.2)\u00a0: {why} (notes de l’équipe\u00a0: {adjudicated} {adjudicated|arbitrée|arbitrées}, {median} par la médiane).{notes}',
  },
  teamIgnoredUnbound: { en: '`{file}` does not count: {why}', fr: '`{file}` ne compte pas\u00a0: {why}' },
  teamIgnoredNotTeam: {
    en: '`{file}` does not count: it declares no team assignment',
    fr: '`{file}` ne compte pas\u00a0: il ne déclare pas d’affectation d’équipe',
  },
  teamIgnoredOtherAssignment: {
    en: '`{file}` does not count: it was drawn for another reviewer list or overlap than the team’s',
    fr: '`{file}` ne compte pas\u00a0: il a été tiré pour une autre liste de relecteurs ou un autre recouvrement que ceux de l’équipe',
  },
  teamIgnoredRepeated: {
    en: '`{file}` does not count: {reviewer} is already counted',
    fr: '`{file}` ne compte pas\u00a0: {reviewer} est déjà compté(e)',
  },
  nestingTooDeep: {
    en: "nested more than {limit} levels deep here; the file is not analysed (Python's json.load gives up at about 1,000 levels too)",
    fr: 'imbrication de plus de {limit} niveaux ici\u202f; le fichier n’est pas analysé (le json.load de Python abandonne aussi vers 1 000 niveaux)',
  },
  encodingUtf16: {
    en: 'The file is UTF-16 ({endianness}{bom}): the harness opens files as UTF-8 and json.load fails on it. Save it as UTF-8; it is not analysed until then.',
    fr: 'Le fichier est en UTF-16 ({endianness}{bom})\u00a0: le harness ouvre les fichiers en UTF-8 et json.load échoue. Enregistrez-le en UTF-8\u202f; il n’est pas analysé d’ici là.',
  },
  encodingBom: { en: ', with a byte order mark', fr: ', avec une marque d’ordre des octets' },
  encodingInvalidUtf8: {
    en: "Invalid UTF-8 at byte {byte}: the harness's json.load raises UnicodeDecodeError here. The rest is analysed with U+FFFD in its place.",
    fr: 'UTF-8 invalide à l’octet {byte}\u00a0: le json.load du harness lève UnicodeDecodeError ici. Le reste est analysé avec U+FFFD à sa place.',
  },
  numberOverflow: {
    en: '`{field}` overflows: the number is beyond the largest double (about 1.8e308), so it reads as {value} (JSON.parse gives Infinity, Python float {value}).',
    fr: '`{field}` déborde\u00a0: le nombre dépasse le plus grand double (environ 1,8e308) et se lit {value} (Infinity pour JSON.parse, le float {value} en Python).',
  },
  duplicateKey: {
    en: "Duplicate key `{key}` in this object: the value at line {line} is ignored (JSON.parse and the harness's json.load keep the last one).",
    fr: 'Clé en double `{key}` dans cet objet\u00a0: la valeur de la ligne {line} est ignorée (JSON.parse et le json.load du harness gardent la dernière).',
  },
  duplicateKeyFirst: { en: 'First `{key}`, whose value is ignored.', fr: 'Premier `{key}`, dont la valeur est ignorée.' },
  missingField: { en: 'Missing required field `{field}`.', fr: 'Champ obligatoire manquant\u00a0: `{field}`.' },
  missingEvalMethod: {
    en: 'Missing required field `eval_method`; the harness falls back to `keywords`.',
    fr: 'Champ obligatoire manquant\u00a0: `eval_method`\u202f; le harness se rabat sur `keywords`.',
  },
  missingPromptOrMessages: {
    en: 'A test needs `prompt` or `messages`; the harness crashes on a test with neither.',
    fr: 'Un test doit avoir `prompt` ou `messages`\u202f; le harness plante sur un test qui n’a ni l’un ni l’autre.',
  },
  unknownField: { en: 'Unknown field `{field}`: the format does not define it.', fr: 'Champ inconnu `{field}`\u00a0: le format ne le définit pas.' },
  wrongType: { en: '`{field}` must be {expected}, not {actual}.', fr: '`{field}` doit être {expected}, pas {actual}.' },
  invalidValue: { en: '`{field}`: {detail}', fr: '`{field}`\u00a0: {detail}' },
  enumValue: {
    en: '`{field}` must be one of {allowed}; got {actual}.',
    fr: '`{field}` doit valoir l’une de ces valeurs\u00a0: {allowed}\u202f; reçu {actual}.',
  },
  rangeValue: { en: '`{field}` must be {comparison} {limit}; got {actual}.', fr: '`{field}` doit être {comparison} {limit}\u202f; reçu {actual}.' },
  patternValue: { en: '`{field}` does not have the expected form ({pattern}).', fr: '`{field}` n’a pas la forme attendue ({pattern}).' },
  formatValue: { en: '`{field}` is not a valid {format}.', fr: '`{field}` n’est pas un {format} valide.' },
  tooFewItems: { en: '`{field}` needs at least {limit} {limit|item|items}.', fr: '`{field}` doit contenir au moins {limit} {limit|élément|éléments}.' },
  duplicateId: { en: 'Duplicate id {id}: it is also used {where}.', fr: 'Identifiant en double {id}\u00a0: il est aussi utilisé {where}.' },
  duplicateIdCount: {
    en: 'Duplicate id {id}: used {count} times ({here} in this file, {elsewhere} in other files).',
    fr: 'Identifiant en double {id}\u00a0: utilisé {count} fois ({here} dans ce fichier, {elsewhere} dans d’autres fichiers).',
  },
  duplicateIdHere: { en: 'in this file', fr: 'dans ce fichier' },
  duplicateIdElsewhere: { en: 'in {file}', fr: 'dans {file}' },
  duplicateIdOther: { en: 'The same id {id} is used here.', fr: 'Le même identifiant {id} est utilisé ici.' },
  promptAndMessages: {
    en: 'A test has both `prompt` and `messages`; use one of them (the harness sends `messages` and ignores `prompt`).',
    fr: 'Le test a à la fois `prompt` et `messages`\u202f; n’en gardez qu’un (le harness envoie `messages` et ignore `prompt`).',
  },
  promptHere: { en: '`prompt` is set here.', fr: '`prompt` est défini ici.' },
  methodFieldMissing: {
    en: '`{method}` needs `{field}`{consequence}.',
    fr: '`{method}` exige `{field}`{consequence}.',
  },
  consequenceCrash: { en: ' (the harness crashes without it)', fr: ' (le harness plante sans lui)' },
  consequenceZero: { en: ' (without it the test always scores 0)', fr: ' (sans lui le test vaut toujours 0)' },
  methodFieldEmpty: {
    en: '`{field}` is empty: `{method}` then scores 0 for every response.',
    fr: '`{field}` est vide\u00a0: `{method}` donne alors 0 à toute réponse.',
  },
  multipleChoiceLetter: {
    en: '`multiple_choice` expects one option letter in `expected`, not {value}: the harness upper-cases it and searches the response with it as a regular expression, so anything else scores unpredictably (or, like `(A+)+C`, can run for minutes).',
    fr: '`multiple_choice` attend une seule lettre d’option dans `expected`, pas {value}\u00a0: le harness la met en majuscule et cherche la réponse avec elle comme expression régulière\u202f; toute autre valeur donne un score imprévisible (ou, comme `(A+)+C`, peut tourner plusieurs minutes).',
  },
  unknownEvalMethod: {
    en: 'Unknown eval_method `{method}`: the harness silently scores this test with `ewe_quality`.{suggestion}',
    fr: 'eval_method inconnu `{method}`\u00a0: le harness note ce test avec `ewe_quality` sans prévenir.{suggestion}',
  },
  didYouMean: { en: ' Did you mean `{candidate}`?', fr: ' Vouliez-vous dire `{candidate}`\u202f?' },
  ignoredFormatKey: {
    en: '`expected_format.{key}` is never read by the harness; it has no effect on the score (strict mode scores it).',
    fr: '`expected_format.{key}` n’est jamais lu par le harness\u202f; il ne change pas le score (le mode strict le note).',
  },
  unknownFormatKey: {
    en: '`expected_format.{key}` is not a format check the harness knows; it has no effect on the score.',
    fr: '`expected_format.{key}` n’est pas un critère que le harness connaît\u202f; il ne change pas le score.',
  },
  formatUnused: {
    en: '`expected_format` is ignored by `{method}`; only `format` and `composite` read it.',
    fr: '`expected_format` est ignoré par `{method}`\u202f; seuls `format` et `composite` le lisent.',
  },
  formatFalseRewarded: {
    en: '`{key}: false` is still rewarded: the harness checks only that the key is present, so it scores {meaning}.',
    fr: '`{key}: false` est quand même récompensé\u00a0: le harness vérifie seulement la présence de la clé et note donc {meaning}.',
  },
  meaningContainsEwe: { en: 'responses that DO contain Ewe letters', fr: 'les réponses qui CONTIENNENT des lettres éwé' },
  meaningFunctionCall: { en: 'responses that DO contain `<function_call>`', fr: 'les réponses qui CONTIENNENT `<function_call>`' },
  meaningGeneric: { en: 'as if the value were true', fr: 'comme si la valeur était true' },
  messagesEmpty: { en: '`messages` is empty: there is nothing to send to the model.', fr: '`messages` est vide\u00a0: il n’y a rien à envoyer au modèle.' },
  messagesLastNotUser: {
    en: 'The last message is from `{role}`; it must be from `user` so the model has something to answer.',
    fr: 'Le dernier message vient de `{role}`\u202f; il doit venir de `user` pour que le modèle ait une question à traiter.',
  },
  messagesSystemNotFirst: {
    en: 'A `system` message must come first in the conversation.',
    fr: 'Un message `system` doit venir en premier dans la conversation.',
  },
  messagesSameRoleTwice: {
    en: 'Two `{role}` messages in a row: turns should alternate between `user` and `assistant`.',
    fr: 'Deux messages `{role}` à la suite\u00a0: les tours devraient alterner entre `user` et `assistant`.',
  },
  provenanceUndeclared: {
    en: 'Provenance `{tag}` is not listed in `dataset.provenance` ({declared}).',
    fr: 'La provenance `{tag}` n’est pas listée dans `dataset.provenance` ({declared}).',
  },
  provenanceDeclaredHere: { en: 'Declared provenance tags.', fr: 'Provenances déclarées.' },
  segmentMinimum: {
    en: 'Segment `{segment}` has too few entries: {count}, where the spec asks for at least {minimum}.',
    fr: 'Le segment `{segment}` a trop peu d’entrées\u00a0: {count}, là où la spécification en demande au moins {minimum}.',
  },
  difficultyCoverage: {
    en: 'Difficulty tiers covered: {tiers} ({count} of 5); the spec asks for at least 3.',
    fr: 'Niveaux de difficulté couverts\u00a0: {tiers} ({count} sur 5)\u202f; la spécification en demande au moins 3.',
  },
  registerCoverage: {
    en: 'Registers covered: {registers} only; the spec asks for at least 2.',
    fr: 'Registres couverts\u00a0: {registers} seulement\u202f; la spécification en demande au moins 2.',
  },
  harnessRegister: {
    en: '`{register}` is a register of the Rosetta harness’s corpus builder (inferred from the domains {domains}), not one of the spec’s; its nearest spec register is `{nearest}`, which it counts as for register coverage.',
    fr: '`{register}` est un registre du constructeur de corpus du harness Rosetta (déduit des domaines {domains}), pas un registre de la spécification\u202f; le plus proche est `{nearest}`, auquel il compte pour la couverture des registres.',
  },
  secretSegment: {
    en: 'This entry belongs to `{segment}`, a segment meant to stay secret with the governance organisation; it should not be in a shared file.',
    fr: 'Cette entrée appartient à `{segment}`, un segment censé rester secret chez l’organisation de gouvernance\u202f; elle ne devrait pas être dans un fichier partagé.',
  },
  corpusShape: {
    en: 'Recognised as a Rosetta corpus in the {shape} shape; validated with the rules for that shape.',
    fr: 'Reconnu comme corpus Rosetta de forme {shape}\u202f; validé avec les règles de cette forme.',
  },
  shapeCurated: { en: 'harness "curated"', fr: '« curated » du harness' },
  shapeFlat: { en: 'flat array of entries', fr: 'tableau plat d’entrées' },
  shapeLegacy: { en: 'legacy field names', fr: 'anciens noms de champs' },
  shapeLegacyCount: { en: ' Entries with legacy field names: {count}.', fr: ' Entrées avec d’anciens noms de champs\u00a0: {count}.' },
  legacyField: {
    en: 'Legacy field `{from}`: the spec calls it `{to}`.',
    fr: 'Ancien nom de champ `{from}`\u00a0: la spécification l’appelle `{to}`.',
  },
  legacyDifficulty: {
    en: 'Legacy difficulty `{from}`: the spec uses tiers 1–5 ({mapping}).',
    fr: 'Ancienne difficulté `{from}`\u00a0: la spécification utilise les niveaux 1 à 5 ({mapping}).',
  },
  fingerprintMismatch: {
    en: 'Fingerprint hash does not match its components: expected {expected}.',
    fr: 'L’empreinte ne correspond pas à ses composantes\u00a0: attendu {expected}.',
  },
  fingerprintComponent: {
    en: 'Fingerprint component `{component}` is {stored} but the card says {actual}.',
    fr: 'La composante d’empreinte `{component}` vaut {stored} mais la fiche indique {actual}.',
  },
  promptHashMismatch: {
    en: '`system_prompt_sha256` is not the SHA-256 of `system_prompt_used`: expected {expected}.',
    fr: '`system_prompt_sha256` n’est pas le SHA-256 de `system_prompt_used`\u00a0: attendu {expected}.',
  },
  runCardHashMismatch: {
    en: '`run_card_hash` does not match the card: expected {expected}. The card was changed after it was sealed.',
    fr: '`run_card_hash` ne correspond pas à la fiche\u00a0: attendu {expected}. La fiche a été modifiée après son scellement.',
  },
  scoreInconsistent: {
    en: '`{field}` is {actual} but {formula} gives {expected}.',
    fr: '`{field}` vaut {actual} mais {formula} donne {expected}.',
  },
  confusableChar: {
    en: '`{found}` ({code}) is a look-alike from another alphabet; the letter meant is most likely `{expected}` ({expectedCode}).',
    fr: '`{found}` ({code}) est un sosie venu d’un autre alphabet\u202f; la lettre voulue est sans doute `{expected}` ({expectedCode}).',
  },
  mixedNormalization: {
    en: 'This string uses decomposed accents (NFD) while the file also has precomposed ones (NFC): the same word can then fail to match. Strings in NFD: {count}.',
    fr: 'Cette chaîne utilise des accents décomposés (NFD) alors que le fichier en a aussi des précomposés (NFC)\u00a0: un même mot peut alors ne pas correspondre. Chaînes en NFD\u00a0: {count}.',
  },
  invalidPosition: {
    en: '`{field}` is not a valid position: line and character must be whole numbers from 0 to 2147483647 (got {value}).',
    fr: '`{field}` n’est pas une position valide\u00a0: line et character doivent être des entiers de 0 à 2147483647 (reçu {value}).',
  },
  invalidRange: {
    en: '`{field}` is not a valid range: it needs a start and an end position (got {value}).',
    fr: '`{field}` n’est pas une plage valide\u00a0: il lui faut une position start et une position end (reçu {value}).',
  },
  confusableMore: {
    en: '{count} more {count|look-alike after this one is|look-alikes after this one are} not shown ({total} in the file, at most {limit} listed); the action “Fix all look-alike letters” replaces every one.',
    fr: '{count} {count|autre sosie après celui-ci n’est pas affiché|autres sosies après celui-ci ne sont pas affichés} ({total} dans le fichier, au plus {limit} listés)\u202f; l’action « Corriger tous les sosies » les remplace tous.',
  },
  mixedNormalizationMore: {
    en: '{count} more {count|string in NFD after this one is|strings in NFD after this one are} not shown ({total} in the file, at most {limit} listed); the action “Normalise every string to NFC” rewrites every one.',
    fr: '{count} {count|autre chaîne en NFD après celle-ci n’est pas affichée|autres chaînes en NFD après celle-ci ne sont pas affichées} ({total} dans le fichier, au plus {limit} listées)\u202f; l’action « Normaliser toutes les chaînes en NFC » les réécrit toutes.',
  },
  baselinesTooLarge: {
    en: 'This baselines file is {size} bytes, more than the {limit} the audit reads (MAX_BASELINES_BYTES): it is not read, and none of its baselines is used.',
    fr: 'Ce fichier de baselines fait {size} octets, plus que les {limit} que lit l’audit (MAX_BASELINES_BYTES)\u00a0: il n’est pas lu, et aucune de ses baselines n’est utilisée.',
  },
  baselinesTooMany: {
    en: 'This file lists {count} baselines, more than the {limit} the audit scores (MAX_EXTRA_BASELINES): the first {limit} are used, {ignored} other {ignored|is|are} ignored.',
    fr: 'Ce fichier liste {count} baselines, plus que les {limit} que note l’audit (MAX_EXTRA_BASELINES)\u00a0: les {limit} premières sont utilisées, {ignored} {ignored|autre est ignorée|autres sont ignorées}.',
  },
  outlineMore: {
    en: '… {count} more (the outline lists the first {limit})',
    fr: '… {count} de plus (le plan liste les {limit} premiers)',
  },
  weakTest: {
    en: 'Weak test: passes with {baseline} (score {score}){more}. {part}',
    fr: 'Test faible\u00a0: réussi avec {baseline} (score {score}){more}. {part}',
  },
  weakTestMoreInFile: {
    en: '{count} more weak-test {count|finding|findings} on {tests} {tests|test|tests} {count|is|are} not shown (at most {limit} per file); `ewebench-studio audit` lists them all.',
    fr: '{count} {count|autre diagnostic|autres diagnostics} weak-test sur {tests} {tests|test|tests} {count|n’est pas affiché|ne sont pas affichés} (au plus {limit} par fichier)\u202f; `ewebench-studio audit` les liste tous.',
  },
  weakTestMore: { en: ' and {count} other {count|non-answer|non-answers}', fr: ' et {count} {count|autre non-réponse|autres non-réponses}' },
  weakPartKeywords: { en: 'The keywords {keywords} occur in it{inside}.', fr: 'Les mots-clés {keywords} s’y trouvent{inside}.' },
  weakPartInside: { en: ' (inside {words})', fr: ' (dans {words})' },
  weakPartFormat: { en: 'Format checks any such text meets: {checks}.', fr: 'Critères de format que tout texte de ce genre remplit\u00a0: {checks}.' },
  weakPartQuality: {
    en: 'ewe_quality {score} from {terms}.',
    fr: 'ewe_quality {score} grâce à {terms}.',
  },
  weakTermSpecials: { en: 'the letters {letters}', fr: 'les lettres {letters}' },
  weakTermCommon: { en: 'the common words {words}', fr: 'les mots courants {words}' },
  weakTermPeriod: { en: 'a full stop', fr: 'un point' },
  weakTermLength: { en: 'more than 20 characters', fr: 'plus de 20 caractères' },
  weakPartComposite: {
    en: 'Parts: keywords {keywords}, ewe_quality {quality}, format {format}.',
    fr: 'Parties\u00a0: keywords {keywords}, ewe_quality {quality}, format {format}.',
  },
  weakPartExact: { en: '`expected` is that very text.', fr: '`expected` est ce texte même.' },
  weakPartChoiceFirstFive: {
    en: 'The letter {letter} is among its first five characters.',
    fr: 'La lettre {letter} figure dans ses cinq premiers caractères.',
  },
  weakPartChoicePattern: { en: 'The pattern {pattern} matches it.', fr: 'Le motif {pattern} y correspond.' },
  weakKeyword: {
    en: 'Keyword `{keyword}` occurs inside ordinary {language} text ({word}), in {count} of {total} {total|text|texts} that answer nothing: the harness matches substrings, so it rewards responses that do not answer.',
    fr: 'Le mot-clé `{keyword}` se trouve dans du texte {language} ordinaire ({word}), dans {count} {count|texte|textes} sur {total} qui ne {count|répond|répondent} à rien\u00a0: le harness cherche des sous-chaînes et récompense donc des réponses qui ne répondent pas.',
  },
  corpusCopy: {
    en: 'The reference equals the source: a system that copies its input gets an exact match and chrF++ 100 on this entry.',
    fr: 'La référence est identique à la source\u00a0: un système qui recopie son entrée obtient une correspondance exacte et un chrF++ de 100 sur cette entrée.',
  },
  noSeparationPass: {
    en: 'Does not separate models: all {count} runs pass it ({models}), so it adds the same to every score.',
    fr: 'Ne départage pas les modèles\u00a0: les {count} exécutions le réussissent tous ({models}), il ajoute donc la même chose à chaque score.',
  },
  noSeparationFail: {
    en: 'Does not separate models: all {count} runs fail it ({models}); check that it can be passed at all.',
    fr: 'Ne départage pas les modèles\u00a0: les {count} exécutions l’échouent tous ({models})\u202f; vérifiez qu’il peut être réussi.',
  },
  noSeparationMore: {
    en: '{count} more {count|item that does not separate models is|items that do not separate models are} not shown (at most {limit} per file); `ewebench-studio items` lists them all.',
    fr: '{count} {count|autre élément qui ne départage pas les modèles n’est pas affiché|autres éléments qui ne départagent pas les modèles ne sont pas affichés} (au plus {limit} par fichier)\u202f; `ewebench-studio items` les liste tous.',
  },
} satisfies Record<string, Bilingual>;

export type MessageId = keyof typeof MESSAGES;

export function msg(locale: Locale, id: MessageId, params?: Params): string {
  return pick(MESSAGES[id], locale, params);
}
