import type { Classification } from '../document/classify';
import type { JsonPath } from '../document/jsonDocument';
import { EWE, profileFor, type LanguageProfile } from './profiles';

/** A string of the document written in a language we have a profile for. */
export interface LanguageString {
  path: JsonPath;
  text: string;
  profile: LanguageProfile;
  /** The test or entry it belongs to: its id (or position) and path, for per-item coverage. */
  item: { label: string; path: JsonPath };
}

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function itemLabel(item: Obj, index: number): string {
  const id = item.id ?? item.index;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : `#${index + 1}`;
}

/**
 * Which strings carry the language, per file kind. ÈwéBench tests: prompt, message contents, expected answer
 * and keywords (not ids, system prompts or descriptions, which are often French or English). Corpora: the
 * reference in the target language and the source in the source language, each with its own profile.
 */
export function languageStrings(value: unknown, classification: Classification, override?: LanguageProfile): LanguageString[] {
  const out: LanguageString[] = [];
  if (classification.kind === 'ewebench-tests' && Array.isArray(value)) {
    const profile = override ?? EWE;
    value.forEach((test, index) => {
      if (!isObject(test)) return;
      const item = { label: itemLabel(test, index), path: [index] };
      const add = (path: JsonPath, text: unknown) => typeof text === 'string' && out.push({ path, text, profile, item });
      add([index, 'prompt'], test.prompt);
      add([index, 'expected'], test.expected);
      if (Array.isArray(test.expected_keywords)) test.expected_keywords.forEach((k, i) => add([index, 'expected_keywords', i], k));
      if (Array.isArray(test.messages)) {
        test.messages.forEach((m, i) => {
          // A system message is an instruction to the model, usually not in the language under test.
          if (isObject(m) && m.role !== 'system') add([index, 'messages', i, 'content'], m.content);
        });
      }
    });
    return out;
  }
  if (classification.kind !== 'rosetta-corpus') return out;
  const root = isObject(value) ? value : undefined;
  const entriesPath = classification.entriesPath ?? ['entries'];
  const entries = entriesPath.length === 0 ? value : root?.[entriesPath[0] as string];
  if (!Array.isArray(entries)) return out;
  const { target, source } = corpusLanguages(root);
  // A flat corpus says nothing of its languages: Ewe is assumed for the target, as this is an Ewe tool.
  const targetProfile = override ?? profileFor(target) ?? (target ? undefined : EWE);
  const sourceProfile = profileFor(source);
  entries.forEach((entry, index) => {
    if (!isObject(entry)) return;
    const path = [...entriesPath, index];
    const item = { label: itemLabel(entry, index), path };
    for (const field of ['reference', 'target', 'target_expected']) {
      if (targetProfile && typeof entry[field] === 'string') out.push({ path: [...path, field], text: entry[field] as string, profile: targetProfile, item });
    }
    for (const field of ['source', 'source_text']) {
      if (sourceProfile && typeof entry[field] === 'string') out.push({ path: [...path, field], text: entry[field] as string, profile: sourceProfile, item });
    }
  });
  return out;
}

/** Target and source language codes from the spec envelope or the curated shape. */
export function corpusLanguages(root: Obj | undefined): { target?: string; source?: string } {
  if (!root) return {};
  if (isObject(root.dataset)) {
    const d = root.dataset;
    return { target: typeof d.target_language === 'string' ? d.target_language : undefined, source: typeof d.source_language === 'string' ? d.source_language : undefined };
  }
  if (isObject(root.language_pair)) {
    const p = root.language_pair;
    return { target: typeof p.target === 'string' ? p.target : undefined, source: typeof p.source === 'string' ? p.source : undefined };
  }
  return {};
}
