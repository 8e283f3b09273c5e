import { pick, type Bilingual, type Locale, type Params } from '../i18n/locale';

/** Every sentence the task suites say, in English and French (the item files' and the suite file's checks). */
const MESSAGES = {
  missingColumn: {
    en: 'A {task} item file needs a "{field}" column{aliases}; map another column to it with "map" in the suite file.',
    fr: 'Un fichier d’items {task} exige une colonne « {field} »{aliases}\u202f; associez-lui une autre colonne avec « map » dans le fichier de suite.',
  },
  missingKey: {
    en: 'This {task} item has no "{field}"{aliases}; map another key to it with "map" in the suite file.',
    fr: 'Cet item {task} n’a pas de « {field} »{aliases}\u202f; associez-lui une autre clé avec « map » dans le fichier de suite.',
  },
  aliases: { en: ' (or {names})', fr: ' (ou {names})' },
  emptyField: { en: 'The {field} of item {id} is empty.', fr: 'Le champ {field} de l’item {id} est vide.' },
  choicesParse: {
    en: 'The choices of item {id} do not parse as a list: expected {expected} here.',
    fr: 'Les choix de l’item {id} ne se lisent pas comme une liste\u00a0: {expected} attendu ici.',
  },
  choicesType: {
    en: 'The choices of item {id} must be a list of texts (a JSON list, or a Python list literal in a cell).',
    fr: 'Les choix de l’item {id} doivent être une liste de textes (une liste JSON, ou une liste littérale Python dans une cellule).',
  },
  choicesCount: {
    en: 'Item {id} has {count} {count|choice|choices}: a multiple-choice question needs 2 to 26.',
    fr: 'L’item {id} a {count} choix\u00a0: une question à choix multiple en demande 2 à 26.',
  },
  choiceEmpty: { en: 'Choice {letter} of item {id} is empty.', fr: 'Le choix {letter} de l’item {id} est vide.' },
  answerLetter: {
    en: 'The answer "{answer}" of item {id} is not one of its choices ({letters}).',
    fr: 'La réponse « {answer} » de l’item {id} ne fait pas partie de ses choix ({letters}).',
  },
  answerForm: {
    en: 'The answer of item {id} must be a letter ({letters}) or a choice index (0 to {last}), not "{answer}".',
    fr: 'La réponse de l’item {id} doit être une lettre ({letters}) ou l’indice d’un choix (0 à {last}), pas « {answer} ».',
  },
  answerNumber: {
    en: 'The answer_number of item {id} is not a number: "{answer}".',
    fr: 'Le champ answer_number de l’item {id} n’est pas un nombre\u00a0: « {answer} ».',
  },
  nliLabel: {
    en: 'The label of item {id} must be entailment, neutral or contradiction (or 0, 1, 2), not "{label}".',
    fr: 'L’étiquette de l’item {id} doit être entailment, neutral ou contradiction (ou 0, 1, 2), pas « {label} ».',
  },
  topicLabel: {
    en: 'The label "{label}" of item {id} is not one of the suite\'s topics ({topics}).',
    fr: 'L’étiquette « {label} » de l’item {id} ne fait pas partie des thèmes de la suite ({topics}).',
  },
  duplicateItemId: { en: 'Duplicate id {id}: item {first} already has it.', fr: 'Identifiant en double {id}\u00a0: l’item {first} l’a déjà.' },
  duplicateItemIdFirst: { en: 'First use of id {id}.', fr: 'Premier emploi de l’identifiant {id}.' },
  rowLength: {
    en: 'This row has {count} {count|cell|cells}; the header has {header}.',
    fr: 'Cette ligne a {count} {count|cellule|cellules}\u202f; l’en-tête en a {header}.',
  },
  unclosedQuote: { en: 'A quoted cell is never closed.', fr: 'Une cellule entre guillemets n’est jamais fermée.' },
  textAfterQuote: {
    en: 'Text after a quoted cell\'s closing quote is kept as part of the cell: quote the whole cell, doubling the quotes inside ("").',
    fr: 'Le texte après le guillemet fermant d’une cellule est gardé dans la cellule\u00a0: mettez toute la cellule entre guillemets, en doublant ceux de l’intérieur ("").',
  },
  jsonLine: { en: 'Line {line} is not a JSON object: {detail}', fr: 'La ligne {line} n’est pas un objet JSON\u00a0: {detail}' },
  noItems: { en: 'The file has no items.', fr: 'Le fichier n’a aucun item.' },
  alignment: {
    en: 'The source file has {source} {source|line|lines} and the target file {target}: aligned files have one sentence per line in the same order.',
    fr: 'Le fichier source a {source} {source|ligne|lignes} et le fichier cible {target}\u00a0: des fichiers alignés ont une phrase par ligne dans le même ordre.',
  },
  itemFileMissing: { en: 'Item file "{file}" cannot be read: {reason}', fr: 'Le fichier d’items « {file} » est illisible\u00a0: {reason}' },
  translationFiles: {
    en: 'A translation task names its items as "items" (two columns) or as "source" and "target" files of aligned lines, not both.',
    fr: 'Une tâche de traduction nomme ses items par « items » (deux colonnes) ou par des fichiers « source » et « target » de lignes alignées, pas les deux.',
  },
  noItemFile: {
    en: 'This task names no item file: give "items"{translation}.',
    fr: 'Cette tâche ne nomme aucun fichier d’items\u00a0: indiquez « items »{translation}.',
  },
  noItemFileTranslation: { en: ', or "source" and "target"', fr: ', ou « source » et « target »' },
  topicsOnlyClassification: {
    en: '"topics" is read by classification tasks only.',
    fr: '« topics » n’est lu que par les tâches de classification.',
  },
  duplicateTaskId: { en: 'Duplicate task id {id}.', fr: 'Identifiant de tâche en double {id}.' },
  duplicateTopic: { en: 'Topic "{topic}" is listed twice.', fr: 'Le thème « {topic} » figure deux fois.' },
} as const satisfies Record<string, Bilingual>;

export type SuiteMessageId = keyof typeof MESSAGES;

export function suiteMsg(locale: Locale, id: SuiteMessageId, params?: Params): string {
  return pick(MESSAGES[id], locale, params);
}
