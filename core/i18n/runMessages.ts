import { formatAgreeing, type Locale, type Params } from './locale';

/**
 * Every sentence a run says to the user (refusals, skipped items, failed calls, scores that could not be
 * computed), in English and French: the runner keeps each as a code and parameters (`RunText`) and writes its
 * English into logs, journals and results files (the harnesses' readers and colleagues read those), beside the
 * code and parameters; each adapter shows it in the user's language with `renderRunText`. `{name}` placeholders.
 */
export const RUN_MESSAGES = {
  journalSetAside: {
    en: '{file}: damaged journal: resumed without {lines}; the other results are kept',
    fr: '{file}\u00a0: journal endommagé\u00a0: reprise sans {lines}\u202f; les autres résultats sont gardés',
  },
  nothingSent: { en: 'nothing was sent: {problem}', fr: 'rien n’a été envoyé\u00a0: {problem}' },
  nothingSentMany: { en: 'nothing was sent: {count} problems:\n  {problems}', fr: 'rien n’a été envoyé\u00a0: {count} problèmes\u00a0:\n  {problems}' },
  outOfRange: { en: '{name} {value}: must be {range}', fr: '{name} {value}\u00a0: doit être {range}' },
  wholeNumberRange: { en: 'a whole number from {min} to {max}', fr: 'un nombre entier de {min} à {max}' },
  numberRange: { en: 'a number from {min} to {max}', fr: 'un nombre de {min} à {max}' },
  secondsRange: { en: 'a number of seconds from {min} to {max}', fr: 'un nombre de secondes de {min} à {max}' },
  mibRange: { en: 'a number of MiB from {min} to {max}', fr: 'un nombre de Mio de {min} à {max}' },
  duplicateTestIds: {
    en: '{count} tests share the id {id} at {places}: a run keeps one result per id, so give each a unique id',
    fr: '{count} tests partagent l’id {id} en {places}\u00a0: une exécution garde un résultat par id, donnez à chacun un id unique',
  },
  duplicateEntryIds: {
    en: '{count} entries share the id {id} at {places}: a run keeps one result per id, so give each a unique id',
    fr: '{count} entrées partagent l’id {id} en {places}\u00a0: une exécution garde un résultat par id, donnez à chacune un id unique',
  },
  duplicateItemIds: {
    en: '{count} items share the id {id} at {places}: a run keeps one result per id, so give each a unique id',
    fr: '{count} items partagent l’id {id} en {places}\u00a0: un run garde un résultat par id, donnez à chacun un id unique',
  },
  loneSurrogateTest: {
    en: '{place}: test {id}, field {field}: text with a lone UTF-16 surrogate (a \\uD800–\\uDFFF escape without its pair) cannot be sent as UTF-8',
    fr: '{place}\u00a0: test {id}, champ {field}\u00a0: un texte avec un demi-caractère UTF-16 isolé (un échappement \\uD800–\\uDFFF sans sa paire) ne peut pas être envoyé en UTF-8',
  },
  loneSurrogateEntry: {
    en: '{place}: entry {id}, field {field}: text with a lone UTF-16 surrogate (a \\uD800–\\uDFFF escape without its pair) cannot be sent as UTF-8',
    fr: '{place}\u00a0: entrée {id}, champ {field}\u00a0: un texte avec un demi-caractère UTF-16 isolé (un échappement \\uD800–\\uDFFF sans sa paire) ne peut pas être envoyé en UTF-8',
  },
  notJson: { en: '{file} is not valid JSON', fr: '{file} n’est pas du JSON valide' },
  notRunnable: { en: '{file} is neither an ÈwéBench tests file nor a Rosetta corpus', fr: '{file} n’est ni un fichier de tests ÈwéBench ni un corpus Rosetta' },
  notRunnableResults: {
    en: '{file} is neither an ÈwéBench tests file nor a Rosetta corpus (it reads as an ÈwéBench results file: the output of a run)',
    fr: '{file} n’est ni un fichier de tests ÈwéBench ni un corpus Rosetta (il se lit comme un fichier de résultats ÈwéBench\u00a0: la sortie d’un run)',
  },
  notRunnableCard: {
    en: '{file} is neither an ÈwéBench tests file nor a Rosetta corpus (it reads as a Rosetta run card: the output of a run)',
    fr: '{file} n’est ni un fichier de tests ÈwéBench ni un corpus Rosetta (il se lit comme une fiche d’exécution Rosetta\u00a0: la sortie d’un run)',
  },
  notRunnableReview: {
    en: '{file} is neither an ÈwéBench tests file nor a Rosetta corpus (it reads as a human review of a run: rate it with ÈwéBench: Review Run)',
    fr: '{file} n’est ni un fichier de tests ÈwéBench ni un corpus Rosetta (il se lit comme une revue humaine d’un run\u00a0: notez-la avec ÈwéBench\u00a0: Revoir une exécution)',
  },
  notRunnableBenchmark: {
    en: '{file} is neither an ÈwéBench tests file nor a Rosetta corpus (it reads as a benchmark matrix: run it with ewebench-studio bench)',
    fr: '{file} n’est ni un fichier de tests ÈwéBench ni un corpus Rosetta (il se lit comme une matrice de banc d’essai\u00a0: lancez-la avec ewebench-studio bench)',
  },
  notRunnableSuite: {
    en: '{file} is neither an ÈwéBench tests file nor a Rosetta corpus (it reads as a task suite: check it with ewebench-studio validate)',
    fr: '{file} n’est ni un fichier de tests ÈwéBench ni un corpus Rosetta (il se lit comme une suite de tâches\u00a0: vérifiez-la avec ewebench-studio validate)',
  },
  noTests: { en: '{file} holds no test (an item must be a JSON object)', fr: '{file} ne contient aucun test (un élément doit être un objet JSON)' },
  noSuiteItems: {
    en: '{file} holds no item that reads (its diagnostics say why)',
    fr: '{file} ne contient aucun item lisible (ses diagnostics disent pourquoi)',
  },
  noEntries: {
    en: '{file} holds no corpus entry (an item must be a JSON object)',
    fr: '{file} ne contient aucune entrée de corpus (un élément doit être un objet JSON)',
  },
  noSuchItem: { en: '{file}: no item with id {id}', fr: '{file}\u00a0: aucun élément d’id {id}' },
  noRequest: { en: '{file}: test {id}: {detail}', fr: '{file}\u00a0: test {id}\u00a0: {detail}' },
  notCorpus: { en: '{file}: {detail}', fr: '{file}\u00a0: {detail}' },
  secretSkipped: {
    en: '{file}: entry {id} is in the {segment} segment and is not sent without consent',
    fr: '{file}\u00a0: l’entrée {id} est dans le segment {segment} et n’est pas envoyée sans consentement',
  },
  firstBatchFailed: {
    en: "the first batch ({count} {count|entry|entries}) failed ({error}); the run stops before sending the others, as the harness does: check the model id, the key and the account's credit",
    fr: 'le premier lot ({count} {count|entrée|entrées}) a échoué ({error})\u202f; l’exécution s’arrête avant d’envoyer les autres, comme le harness\u00a0: vérifiez l’id du modèle, la clé et le crédit du compte',
  },
  resultsKept: {
    en: '{error}; every result received is kept in {journal}: make room and run the same command again to write the results',
    fr: '{error}\u202f; chaque résultat reçu est gardé dans {journal}\u00a0: libérez de la place et relancez la même commande pour écrire les résultats',
  },
  afterAttempts: { en: ' (after {attempts} attempts)', fr: ' (après {attempts} tentatives)' },
  timedOutEvery: { en: 'timed out: {attempts} attempts of {seconds} s', fr: 'délai dépassé\u00a0: {attempts} tentatives de {seconds} s' },
  timedOut: { en: 'timed out after {seconds} s{after}', fr: 'délai dépassé après {seconds} s{after}' },
  connectionReset: { en: 'connection reset by {host}{after}', fr: 'connexion réinitialisée par {host}{after}' },
  connectionRefused: { en: 'connection refused by {host}{after}', fr: 'connexion refusée par {host}{after}' },
  cannotResolve: { en: 'cannot resolve {host}{after}', fr: 'impossible de résoudre {host}{after}' },
  networkError: { en: 'network error reaching {host}: {detail}{after}', fr: 'erreur réseau en joignant {host}\u00a0: {detail}{after}' },
  httpStatus: { en: '{status} from {host}{after}{said}', fr: '{status} de {host}{after}{said}' },
  retryWaitTooLong: {
    en: '{status} from {host}: asked to wait {asked} before retrying, more than the {seconds} s limit (--max-retry-wait, ewebench.run.maxRetryWaitSeconds)',
    fr: '{status} de {host}\u00a0: attente demandée de {asked} avant de réessayer, plus que la limite de {seconds} s (--max-retry-wait, ewebench.run.maxRetryWaitSeconds)',
  },
  malformed: { en: 'malformed response from {host}: {detail}', fr: 'réponse mal formée de {host}\u00a0: {detail}' },
  requestFailed: { en: 'request to {host} failed: {detail}', fr: 'la requête vers {host} a échoué\u00a0: {detail}' },
  tooLarge: {
    en: 'response from {host} larger than the {size} limit (--max-response-mib, ewebench.run.maxResponseMiB): reading stopped',
    fr: 'réponse de {host} plus grande que la limite de {size} (--max-response-mib, ewebench.run.maxResponseMiB)\u00a0: lecture arrêtée',
  },
  redirectRefused: {
    en: 'refused to follow a redirect from {from} to {to}: the key is only sent to {from}',
    fr: 'redirection de {from} vers {to} refusée\u00a0: la clé n’est envoyée qu’à {from}',
  },
  corsRefused: {
    en: "{host} refused the browser's cross-origin request (CORS), or could not be reached{after}: to be called from the editor in a browser, it must answer the OPTIONS preflight and send Access-Control-Allow-Origin: {origin} (or *) and Access-Control-Allow-Headers: authorization, content-type",
    fr: '{host} a refusé la requête cross-origin du navigateur (CORS), ou n’a pas pu être joint{after}\u00a0: pour être appelé depuis l’éditeur dans un navigateur, il doit répondre à la requête préliminaire OPTIONS et envoyer Access-Control-Allow-Origin\u00a0: {origin} (ou *) et Access-Control-Allow-Headers\u00a0: authorization, content-type',
  },
  runIdsTaken: {
    en: '{count} runs named {id} already have a journal in {file}: wait a second and run again',
    fr: '{count} exécutions nommées {id} ont déjà un journal dans {file}\u00a0: attendez une seconde et relancez',
  },
  writeOverInput: {
    en: 'refused to write {file}: it is the same file as {input}, an input of this command; name another output file',
    fr: 'écriture de {file} refusée\u00a0: c’est le même fichier que {input}, une entrée de cette commande\u202f; nommez un autre fichier de sortie',
  },
  writeReadOnly: {
    en: 'refused to write {file}: it is read-only (mode {mode}); make it writable (chmod u+w) or name another output file',
    fr: 'écriture de {file} refusée\u00a0: il est en lecture seule (mode {mode})\u202f; rendez-le modifiable (chmod u+w) ou nommez un autre fichier de sortie',
  },
  writeNotAFile: {
    en: 'refused to write {file}: it is a folder or a special file, not a regular file',
    fr: 'écriture de {file} refusée\u00a0: c’est un dossier ou un fichier spécial, pas un fichier ordinaire',
  },
  writeLinkLoop: {
    en: 'refused to write {file}: more than {count} symbolic links (or a loop) on the way to its target',
    fr: 'écriture de {file} refusée\u00a0: plus de {count} liens symboliques (ou une boucle) avant sa cible',
  },
  notReproducible: { en: 'not reproducible: {detail}', fr: 'non reproductible\u00a0: {detail}' },
  anError: { en: 'an error', fr: 'une erreur' },
} as const satisfies Record<string, { en: string; fr: string }>;

export type RunMessageId = keyof typeof RUN_MESSAGES;

export function runMessage(locale: Locale, id: RunMessageId, params?: Params): string {
  return formatAgreeing(RUN_MESSAGES[id][locale], params ?? {}, locale);
}

/**
 * A sentence of a run as data: its code (a key of RUN_MESSAGES) and its parameters, kept beside the English the
 * runner writes (logs, journals, results files: the harnesses' readers read those) and put in the user's language
 * when shown (`renderRunText`). A parameter is a plain value, a sentence of its own, or a list of sentences (one a
 * line, indented by two spaces, as `nothingSentMany` lists its problems).
 */
export interface RunText {
  code: RunMessageId;
  params?: { [name: string]: RunTextParam };
}
export type RunTextParam = string | number | RunText | readonly RunText[];

/** A run sentence with its code and parameters. */
export function runText(code: RunMessageId, params?: RunText['params']): RunText {
  return params ? { code, params } : { code };
}

/** Nesting deeper than this is not read, and shown as its code: every sentence the runner writes nests two levels at most. */
const MAX_RUN_TEXT_DEPTH = 8;

/** Whether `value` is a run sentence (`{ code, params? }` with a known code): what a results file read back holds. */
export function isRunText(value: unknown, depth = 0): value is RunText {
  if (depth > MAX_RUN_TEXT_DEPTH) return false;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { code, params } = value as { code?: unknown; params?: unknown };
  if (typeof code !== 'string' || !Object.hasOwn(RUN_MESSAGES, code)) return false;
  if (params === undefined) return true;
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return false;
  return Object.values(params).every(
    (p) => typeof p === 'string' || typeof p === 'number' || isRunText(p, depth + 1) || (Array.isArray(p) && p.every((q) => isRunText(q, depth + 1))),
  );
}

/** A run sentence in `locale`, its inner sentences too. */
export function renderRunText(text: RunText, locale: Locale, depth = 0): string {
  if (depth > MAX_RUN_TEXT_DEPTH) return text.code;
  const params: Params = {};
  for (const [name, value] of Object.entries(text.params ?? {})) {
    params[name] =
      typeof value === 'string' || typeof value === 'number'
        ? value
        : Array.isArray(value)
          ? (value as readonly RunText[]).map((t) => renderRunText(t, locale, depth + 1)).join('\n  ')
          : renderRunText(value as RunText, locale, depth + 1);
  }
  return formatAgreeing(RUN_MESSAGES[text.code][locale], params, locale);
}

/** Each string parameter (and inner sentence's) through `redact`: what a server said may hold a secret. */
export function mapRunTextStrings(text: RunText, redact: (value: string) => string): RunText {
  if (!text.params) return text;
  const params: { [name: string]: RunTextParam } = {};
  for (const [name, value] of Object.entries(text.params)) {
    params[name] =
      typeof value === 'string'
        ? redact(value)
        : typeof value === 'number'
          ? value
          : Array.isArray(value)
            ? (value as readonly RunText[]).map((t) => mapRunTextStrings(t, redact))
            : mapRunTextStrings(value as RunText, redact);
  }
  return { code: text.code, params };
}

/** An error whose message is a run sentence: its English is the message, its code and parameters go with it. */
export class RunTextError extends Error {
  constructor(
    readonly text: RunText,
    options?: ErrorOptions,
  ) {
    super(renderRunText(text, 'en'), options);
  }
}

/** The run sentence an error carries: a `RunTextError`'s, or any error's `runText` (a refused write's). */
export function runTextOf(error: unknown): RunText | undefined {
  if (error instanceof RunTextError) return error.text;
  const carried = typeof error === 'object' && error !== null ? (error as { runText?: unknown }).runText : undefined;
  return isRunText(carried) ? carried : undefined;
}

/** What an error says in `locale`: a run sentence's translation, any other error's own message. */
export function errorText(error: unknown, locale: Locale): string {
  const text = runTextOf(error);
  if (text) return renderRunText(text, locale);
  return error instanceof Error ? error.message : String(error);
}
