import type { Bilingual } from '../i18n/locale';
import { pyStrip } from '../python/str';
import { FRENCH_NON_ANSWER, LANGUAGE_TEXTS, type FluentText } from './texts';
import { isObject } from '../json';

/**
 * Where a baseline's text comes from:
 *  - `empty`: the empty string;
 *  - `fluent`: the language's fluent text in one register (texts.ts), the same for every test;
 *  - `refusal`: the language's polite refusal;
 *  - `french`: a French answer that says nothing;
 *  - `echo`: the test's prompt, or the content of the last user message of a conversation;
 *  - `keywords`: the test's `expected_keywords` listed bare, comma-separated;
 *  - `all-options`: every option letter at once (multiple_choice only);
 *  - `fixed`: a text given by a workspace baselines file.
 */
export type BaselineSource =
  | { kind: 'empty' }
  | { kind: 'fluent'; register: FluentText['register'] }
  | { kind: 'refusal' }
  | { kind: 'french' }
  | { kind: 'echo' }
  | { kind: 'keywords' }
  | { kind: 'all-options' }
  | { kind: 'fixed'; text: string };

export interface Baseline {
  /** Short stable name, shown in findings, the CLI and JSON output. */
  id: string;
  name: Bilingual;
  source: BaselineSource;
  /**
   * Built from the answer key (the keywords): it shows what a test asks for beyond those words, so it does not
   * make a `keywords` test weak (the bare list is exactly what that method asks for and always scores 1).
   */
  usesAnswerKey?: boolean;
}

/**
 * The responses that carry no answer, one row each. Every test is scored under every row that applies to it
 * with the harness's own scorer; a row that passes (round(score, 3) >= 0.7) makes the test weak.
 */
export const BASELINES: readonly Baseline[] = [
  { id: 'empty', name: { en: 'an empty answer', fr: 'une réponse vide' }, source: { kind: 'empty' } },
  {
    id: 'fluent-greeting',
    name: { en: 'fluent text that answers nothing (greeting)', fr: 'un texte fluide qui ne répond à rien (salutation)' },
    source: { kind: 'fluent', register: 'greeting' },
  },
  {
    id: 'fluent-formal',
    name: { en: 'fluent text that answers nothing (formal)', fr: 'un texte fluide qui ne répond à rien (soutenu)' },
    source: { kind: 'fluent', register: 'formal' },
  },
  {
    id: 'fluent-story',
    name: { en: 'fluent text that answers nothing (story)', fr: 'un texte fluide qui ne répond à rien (récit)' },
    source: { kind: 'fluent', register: 'story' },
  },
  {
    id: 'fluent-list',
    name: { en: 'fluent text that answers nothing (Markdown list)', fr: 'un texte fluide qui ne répond à rien (liste Markdown)' },
    source: { kind: 'fluent', register: 'list' },
  },
  { id: 'refusal', name: { en: 'a polite refusal', fr: 'un refus poli' }, source: { kind: 'refusal' } },
  { id: 'french', name: { en: 'an answer in French', fr: 'une réponse en français' }, source: { kind: 'french' } },
  { id: 'echo', name: { en: 'the prompt echoed back', fr: 'le prompt renvoyé tel quel' }, source: { kind: 'echo' } },
  { id: 'keywords', name: { en: 'the keywords listed bare', fr: 'les mots-clés listés seuls' }, source: { kind: 'keywords' }, usesAnswerKey: true },
  { id: 'all-options', name: { en: 'every option letter at once', fr: 'toutes les lettres d’option à la fois' }, source: { kind: 'all-options' } },
];

type Test = Record<string, unknown>;

/** What the model is asked: the prompt, or the last user message's content. */
export function promptText(test: Test): string | undefined {
  if (Array.isArray(test.messages)) {
    for (let i = test.messages.length - 1; i >= 0; i--) {
      const m: unknown = test.messages[i];
      if (isObject(m) && m.role === 'user' && typeof m.content === 'string') return m.content;
    }
    return undefined;
  }
  return typeof test.prompt === 'string' ? test.prompt : undefined;
}

/** The option letters of a multiple-choice test: A to D, extended to the expected letter and any `X)` or `X.` the prompt lists. */
export function optionLetters(test: Test): string[] {
  let last = 'D'.charCodeAt(0);
  const expected = typeof test.expected === 'string' ? pyStrip(test.expected).toUpperCase() : '';
  if (/^[A-Z]$/.test(expected)) last = Math.max(last, expected.charCodeAt(0));
  for (const m of (promptText(test) ?? '').matchAll(/(?:^|[\s(])([A-Z])[).]/g)) last = Math.max(last, m[1].charCodeAt(0));
  const letters: string[] = [];
  for (let c = 'A'.charCodeAt(0); c <= last; c++) letters.push(String.fromCharCode(c));
  return letters;
}

/**
 * The text a baseline sends for one test, or undefined when it does not apply (no text for the language, no
 * keywords, not a multiple-choice test). `language` is a profile's first code (`ee`).
 */
export function baselineText(baseline: Baseline, test: Test, language: string): string | undefined {
  const texts = LANGUAGE_TEXTS[language];
  switch (baseline.source.kind) {
    case 'empty':
      return '';
    case 'fluent': {
      const register = baseline.source.register;
      return texts?.fluent.find((f) => f.register === register)?.text;
    }
    case 'refusal':
      return texts?.refusal;
    case 'french':
      return FRENCH_NON_ANSWER;
    case 'echo':
      return promptText(test);
    case 'keywords': {
      const kws = test.expected_keywords;
      if (!Array.isArray(kws) || kws.length === 0 || !kws.every((k) => typeof k === 'string')) return undefined;
      return kws.join(', ');
    }
    case 'all-options':
      // Spaced so every letter is a word of its own: the first five characters hold A to C, `\bD\b` finds D.
      return test.eval_method === 'multiple_choice' ? optionLetters(test).join(' ') : undefined;
    case 'fixed':
      return baseline.source.text;
  }
}

/** Fluent texts of a language, for the per-keyword check (what ordinary text contains). */
export function ordinaryTexts(language: string): string[] {
  const texts = LANGUAGE_TEXTS[language];
  return texts ? [...texts.fluent.map((f) => f.text), texts.refusal] : [];
}
