import { entriesOf, itemsPath, type Classification } from '../document/classify';
import type { JsonPath } from '../document/jsonDocument';
import { EWE, profileFor, type LanguageProfile } from './profiles';
import { isObject } from '../json';

/** A string of the document written in a language we have a profile for. */
export interface LanguageString {
  path: JsonPath;
  text: string;
  profile: LanguageProfile;
  /** The test or entry it belongs to: its id (or position) and path, for per-item coverage. */
  item: { label: string; path: JsonPath };
}

type Obj = Record<string, unknown>;

function itemLabel(item: Obj, index: number): string {
  const id = item.id ?? item.index;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : `#${index + 1}`;
}

/**
 * Called for each language string; `path` and `item` are built only if the caller asks for them (most strings
 * need neither), and only during the call: they read where the walk is. `item` returns the same object for
 * every string of one test or entry.
 */
export type LanguageStringVisitor = (text: string, profile: LanguageProfile, path: () => JsonPath, item: () => LanguageString['item']) => void;

/**
 * Which strings carry the language, per file kind. ÈwéBench tests: prompt, message contents, expected answer
 * and keywords (not ids, system prompts or descriptions, which are often French or English), in Ewe unless
 * `override` says otherwise. Corpora: the reference in the target language and the source in the source
 * language, each with its own profile (`override` replaces the target's).
 */
export function visitLanguageStrings(value: unknown, classification: Classification, visit: LanguageStringVisitor, override?: LanguageProfile): void {
  if (classification.kind === 'ewebench-tests' && Array.isArray(value)) {
    const profile = override ?? EWE;
    value.forEach((test, index) => {
      if (isObject(test)) visitTestStrings(test, index, profile, visit);
    });
    return;
  }
  if (classification.kind !== 'rosetta-corpus') return;
  const root = isObject(value) ? value : undefined;
  const entriesPath = itemsPath(classification)!;
  const entries = entriesOf(value, entriesPath);
  if (!entries) return;
  const { target, source } = corpusLanguages(root);
  // A flat corpus says nothing of its languages: Ewe is assumed for the target, as this is an Ewe tool.
  const targetProfile = override ?? profileFor(target) ?? (target ? undefined : EWE);
  const sourceProfile = profileFor(source);
  // One path and one item function for the whole file, reading where the walk is: a 20,000-entry corpus would
  // otherwise allocate two closures per entry and one per string, garbage that costs more than the walk.
  let at = 0;
  let current: Obj = {};
  let currentField = '';
  let item: LanguageString['item'] | undefined;
  const path = (): JsonPath => [...entriesPath, at, currentField];
  // The target fields in the target language, the source fields in the source language (a side without a profile is skipped).
  const sides: [readonly string[], LanguageProfile][] = [];
  if (targetProfile) sides.push([TARGET_FIELDS, targetProfile]);
  if (sourceProfile) sides.push([SOURCE_FIELDS, sourceProfile]);
  const itemOf = () => (item ??= { label: itemLabel(current, at), path: [...entriesPath, at] });
  for (let index = 0; index < entries.length; index++) {
    const entry = entries[index];
    if (!isObject(entry)) continue;
    at = index;
    current = entry;
    item = undefined;
    for (const [fields, profile] of sides) {
      for (const field of fields) {
        const text = entry[field];
        if (typeof text !== 'string') continue;
        currentField = field;
        visit(text, profile, path, itemOf);
      }
    }
  }
}

/** The language strings of one ÈwéBench test, the one at `index` of its file (see `visitLanguageStrings`). */
export function visitTestStrings(test: Obj, index: number, profile: LanguageProfile, visit: LanguageStringVisitor): void {
  let item: LanguageString['item'] | undefined;
  const itemOf = () => (item ??= { label: itemLabel(test, index), path: [index] });
  const add = (text: unknown, path: () => JsonPath) => typeof text === 'string' && visit(text, profile, path, itemOf);
  add(test.prompt, () => [index, 'prompt']);
  // A multiple-choice answer is an option letter (`B`), not text in the language.
  if (test.eval_method !== 'multiple_choice') add(test.expected, () => [index, 'expected']);
  if (Array.isArray(test.expected_keywords)) test.expected_keywords.forEach((k, i) => add(k, () => [index, 'expected_keywords', i]));
  if (Array.isArray(test.messages)) {
    test.messages.forEach((m, i) => {
      // A system message is an instruction to the model, usually not in the language under test.
      if (isObject(m) && m.role !== 'system') add(m.content, () => [index, 'messages', i, 'content']);
    });
  }
}

const TARGET_FIELDS = ['reference', 'target', 'target_expected'];
const SOURCE_FIELDS = ['source', 'source_text'];

/** Every language string with its path, for callers that need them all (the coverage report). */
export function languageStrings(value: unknown, classification: Classification, override?: LanguageProfile): LanguageString[] {
  const out: LanguageString[] = [];
  visitLanguageStrings(value, classification, (text, profile, path, item) => out.push({ path: path(), text, profile, item: item() }), override);
  return out;
}

/** Target and source language codes from the spec envelope or the curated shape. */
export function corpusLanguages(root: Obj | undefined): { target?: string; source?: string } {
  if (!root) return {};
  if (isObject(root.dataset)) {
    const d = root.dataset;
    return {
      target: typeof d.target_language === 'string' ? d.target_language : undefined,
      source: typeof d.source_language === 'string' ? d.source_language : undefined,
    };
  }
  if (isObject(root.language_pair)) {
    const p = root.language_pair;
    return { target: typeof p.target === 'string' ? p.target : undefined, source: typeof p.source === 'string' ? p.source : undefined };
  }
  return {};
}
