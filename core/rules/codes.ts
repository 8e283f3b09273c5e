import type { Bilingual } from '../i18n/locale';

export type Severity = 'error' | 'warning' | 'information' | 'hint';

/**
 * What a code's findings depend on: `entry`, the one test or corpus entry they point at (the incremental layer
 * recomputes them for an edited entry alone); `file`, several entries or the text itself (duplicates, coverage
 * minimums, look-alikes, syntax), which only a whole-file pass computes.
 */
export type RuleScope = 'entry' | 'file';

/**
 * Every diagnostic code the project emits, with its default severity and a one-line summary.
 * This table is the single source of truth: docs/diagnostics.md's headings, the server's `codeDescription`
 * links and the tests all read it.
 */
export const DIAGNOSTIC_CODES = {
  'invalid-json': { severity: 'error', scope: 'file', summary: { en: 'The text is not valid JSON.', fr: "Le texte n'est pas du JSON valide." } },
  'file-too-large': {
    severity: 'information',
    scope: 'file',
    summary: { en: 'A file larger than the editor analyses as you type.', fr: 'Un fichier plus grand que ce que l’éditeur analyse pendant la saisie.' },
  },
  'file-encoding': {
    severity: 'error',
    scope: 'file',
    summary: { en: 'The file is not UTF-8, which the harness reads.', fr: "Le fichier n'est pas en UTF-8, ce que lit le harness." },
  },
  'duplicate-key': {
    severity: 'warning',
    scope: 'file',
    summary: {
      en: 'A key repeated in one object: only the last value counts.',
      fr: 'Une clé répétée dans un même objet\u00a0: seule la dernière valeur compte.',
    },
  },
  'missing-field': { severity: 'error', scope: 'entry', summary: { en: 'A required field is absent.', fr: 'Un champ obligatoire est absent.' } },
  'unknown-field': {
    severity: 'warning',
    scope: 'entry',
    summary: { en: 'A field the format does not define.', fr: 'Un champ que le format ne définit pas.' },
  },
  'wrong-type': { severity: 'error', scope: 'entry', summary: { en: 'A value has the wrong JSON type.', fr: "Une valeur n'a pas le bon type JSON." } },
  'invalid-value': {
    severity: 'error',
    scope: 'entry',
    summary: { en: 'A value is outside what the format allows.', fr: 'Une valeur sort de ce que le format permet.' },
  },
  'duplicate-id': {
    severity: 'error',
    scope: 'file',
    summary: { en: 'Two tests or entries share an id.', fr: 'Deux tests ou entrées partagent un identifiant.' },
  },
  'prompt-and-messages': {
    severity: 'error',
    scope: 'entry',
    summary: { en: 'A test has both `prompt` and `messages`.', fr: 'Un test a à la fois `prompt` et `messages`.' },
  },
  'method-field': {
    severity: 'error',
    scope: 'entry',
    summary: { en: 'The scoring method needs a field that is missing or empty.', fr: 'La méthode de score exige un champ absent ou vide.' },
  },
  'unknown-eval-method': {
    severity: 'warning',
    scope: 'entry',
    summary: { en: 'Unknown `eval_method`: the harness scores it with ewe_quality.', fr: '`eval_method` inconnu\u00a0: le harness le note avec ewe_quality.' },
  },
  'ignored-format-key': {
    severity: 'warning',
    scope: 'entry',
    summary: { en: 'An `expected_format` key the harness never reads.', fr: '`expected_format` contient une clé que le harness ne lit jamais.' },
  },
  'format-false-rewarded': {
    severity: 'warning',
    scope: 'entry',
    summary: { en: 'A `false` format check the harness still rewards.', fr: 'Un critère de format à `false` que le harness récompense quand même.' },
  },
  'messages-order': {
    severity: 'error',
    scope: 'entry',
    summary: { en: 'The conversation is not in an order the model can answer.', fr: "La conversation n'est pas dans un ordre auquel le modèle peut répondre." },
  },
  'provenance-undeclared': {
    severity: 'warning',
    scope: 'entry',
    summary: {
      en: 'An entry provenance the dataset envelope does not declare.',
      fr: "Une provenance d'entrée que l'enveloppe du jeu de données ne déclare pas.",
    },
  },
  'segment-minimum': {
    severity: 'warning',
    scope: 'file',
    summary: { en: 'A corpus segment has fewer entries than the spec asks.', fr: "Un segment du corpus a moins d'entrées que la spécification ne l'exige." },
  },
  'difficulty-coverage': {
    severity: 'warning',
    scope: 'file',
    summary: { en: 'The corpus covers fewer than 3 difficulty tiers.', fr: 'Le corpus couvre moins de 3 niveaux de difficulté.' },
  },
  'register-coverage': {
    severity: 'warning',
    scope: 'file',
    summary: { en: 'The corpus covers fewer than 2 registers.', fr: 'Le corpus couvre moins de 2 registres.' },
  },
  'benchmark-too-large': {
    severity: 'error',
    scope: 'file',
    summary: {
      en: 'A benchmark whose axes multiply into more cells than a benchmark may hold.',
      fr: 'Un banc d’essai dont les axes se multiplient en plus de cellules qu’un banc d’essai peut contenir.',
    },
  },
  'secret-segment': {
    severity: 'warning',
    scope: 'entry',
    summary: { en: 'An entry of a segment meant to stay secret.', fr: "Une entrée d'un segment censé rester secret." },
  },
  'corpus-shape': {
    severity: 'information',
    scope: 'file',
    summary: { en: 'Which of the known corpus shapes this file uses.', fr: 'Quelle forme de corpus connue ce fichier utilise.' },
  },
  'harness-register': {
    severity: 'information',
    scope: 'file',
    summary: {
      en: 'A register of the harness’s corpus builder, with the spec register nearest to it.',
      fr: 'Un registre du constructeur de corpus du harness, avec le registre de la spécification le plus proche.',
    },
  },
  'legacy-field': {
    severity: 'information',
    scope: 'file',
    summary: { en: 'A legacy harness field name with a spec equivalent.', fr: 'Un ancien nom de champ du harness qui a un équivalent dans la spécification.' },
  },
  'fingerprint-mismatch': {
    severity: 'error',
    scope: 'file',
    summary: { en: 'The stored fingerprint hash does not match its components.', fr: "L'empreinte enregistrée ne correspond pas à ses composantes." },
  },
  'run-card-hash-mismatch': {
    severity: 'error',
    scope: 'file',
    summary: { en: 'The run card hash does not match the card.', fr: 'Le hash de la fiche d’exécution ne correspond pas à la fiche.' },
  },
  'score-inconsistent': {
    severity: 'error',
    scope: 'file',
    summary: { en: 'A rate or total disagrees with the counts it comes from.', fr: 'Un taux ou un total contredit les comptes dont il découle.' },
  },
  'confusable-char': {
    severity: 'warning',
    scope: 'file',
    summary: { en: 'A look-alike character from another alphabet.', fr: "Un caractère sosie venu d'un autre alphabet." },
  },
  'weak-test': {
    severity: 'warning',
    scope: 'entry',
    summary: {
      en: 'A response that answers nothing passes this test (or this keyword matches ordinary text).',
      fr: 'Une réponse qui ne répond à rien réussit ce test (ou ce mot-clé se trouve dans un texte ordinaire).',
    },
  },
  'baselines-limit': {
    severity: 'warning',
    scope: 'file',
    summary: {
      en: 'The workspace baselines file is past a limit: not read, or only its first baselines used.',
      fr: 'Le fichier de baselines de l’espace de travail dépasse une limite\u00a0: non lu, ou seules ses premières baselines utilisées.',
    },
  },
  'mixed-normalization': {
    severity: 'warning',
    scope: 'file',
    summary: { en: 'The file mixes NFC and NFD forms.', fr: 'Le fichier mélange les formes NFC et NFD.' },
  },
  'review-card': {
    severity: 'error',
    scope: 'file',
    summary: {
      en: 'A human review that does not match the run card it names.',
      fr: 'Une revue humaine qui ne correspond pas à la fiche d’exécution qu’elle nomme.',
    },
  },
  'review-gate': {
    severity: 'warning',
    scope: 'file',
    summary: {
      en: 'A run card claims Deployable or above without a human review that meets the gate.',
      fr: 'Une fiche d’exécution revendique Deployable ou mieux sans revue humaine qui franchit le seuil.',
    },
  },
  'no-separation': {
    severity: 'information',
    scope: 'file',
    summary: {
      en: 'Every model given passes this test, or every one fails it: it does not tell them apart.',
      fr: 'Tous les modèles donnés réussissent ce test, ou tous l’échouent\u00a0: il ne les départage pas.',
    },
  },
  'item-missing-field': {
    severity: 'error',
    scope: 'file',
    summary: {
      en: "A task suite's item file lacks a column or key its task needs.",
      fr: 'Un fichier d’items d’une suite de tâches n’a pas une colonne ou une clé dont sa tâche a besoin.',
    },
  },
  'item-empty': {
    severity: 'error',
    scope: 'file',
    summary: { en: "A suite item's question, text or answer is empty.", fr: 'La question, le texte ou la réponse d’un item de suite est vide.' },
  },
  'item-choices': {
    severity: 'error',
    scope: 'file',
    summary: {
      en: "A multiple-choice item's choices do not parse as a list, or are too few.",
      fr: 'Les choix d’un item à choix multiple ne se lisent pas comme une liste, ou sont trop peu nombreux.',
    },
  },
  'item-answer': {
    severity: 'error',
    scope: 'file',
    summary: {
      en: "A suite item's answer is outside its choices, labels or topics, or is not a number.",
      fr: 'La réponse d’un item de suite sort de ses choix, étiquettes ou thèmes, ou n’est pas un nombre.',
    },
  },
  'item-alignment': {
    severity: 'error',
    scope: 'file',
    summary: {
      en: "A translation task's source and target files do not have the same number of lines.",
      fr: 'Les fichiers source et cible d’une tâche de traduction n’ont pas le même nombre de lignes.',
    },
  },
  'item-format': {
    severity: 'error',
    scope: 'file',
    summary: {
      en: "A suite item file's row or line cannot be read as written (a quote, a cell count, a JSON line).",
      fr: 'Une ligne d’un fichier d’items de suite ne se lit pas telle qu’écrite (un guillemet, un nombre de cellules, une ligne JSON).',
    },
  },
  'item-file-missing': {
    severity: 'error',
    scope: 'file',
    summary: { en: 'A task suite names an item file that cannot be read.', fr: 'Une suite de tâches nomme un fichier d’items illisible.' },
  },
} as const satisfies Record<string, { severity: Severity; scope: RuleScope; summary: Bilingual }>;

export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;

export const ALL_CODES = Object.keys(DIAGNOSTIC_CODES) as DiagnosticCode[];

export function defaultSeverity(code: DiagnosticCode): Severity {
  return DIAGNOSTIC_CODES[code].severity;
}

/** Anchor of the code's entry in docs/diagnostics.md (GitHub-style heading slug of "`code`"). */
export function docAnchor(code: DiagnosticCode): string {
  return code;
}

/** Every diagnostic carries this `source`. */
export const DIAGNOSTIC_SOURCE = 'ewebench';

export function ruleScope(code: DiagnosticCode): RuleScope {
  return DIAGNOSTIC_CODES[code].scope;
}
