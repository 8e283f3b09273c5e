import { PYTHON_WHITESPACE } from '../python/whitespace';
import { pyStrip } from '../python/str';
import { PROMPT_TEMPLATES } from '../scoring/prompts';
import type { CorpusRunInfo, NormalisedEntry } from './corpus';
import type { ChatMessage, ChatOutcome, ChatRequest, Usage } from './types';

/**
 * A corpus run's requests exactly as the Rosetta harness builds them (mt_eval_harness 3.0.0: `runner.py`
 * `build_naive_prompt`, `api.build_system_message`, `strategies/single.py`, `strategies/batch.py`,
 * `api.parse_numbered_response`), and how a batch's one answer becomes one answer per entry. Pure.
 */

/** `DEFAULT_BATCH_SIZE` and `DEFAULT_MAX_TOKENS` of the harness's config. */
export const DEFAULT_BATCH_SIZE = 25;
export const CORPUS_MAX_TOKENS = 32768;

/**
 * `naive`: the harness's default prompt (system message, batches). `multilingual`: our earlier prompt, the
 * multilingual evaluation framework's translation template as one user message per entry (never batched).
 */
export const PROMPT_VERSIONS = ['naive', 'multilingual'] as const;
export type PromptVersion = (typeof PROMPT_VERSIONS)[number];
export const isPromptVersion = (v: unknown): v is PromptVersion => typeof v === 'string' && (PROMPT_VERSIONS as readonly string[]).includes(v);

/** How the system message goes over the wire: OpenRouter's cached content array, or the plain text every other provider gets. */
export type SystemMessageStyle = 'openrouter' | 'plain';

/**
 * `build_naive_prompt`: the names come from the corpus; without a target language name, the generic wording;
 * without a source name, "source" (as `config.source_lang or "source"`).
 */
export function naiveSystemPrompt(sourceName: string | null, targetName: string | null): string {
  if (targetName)
    return `You are a translator. Translate the given ${sourceName || 'source'} text to ${targetName}. Output ONLY the translation, nothing else. No explanations, no notes.`;
  return 'You are a translator. Translate the given text to the target language. Output ONLY the translation, nothing else. No explanations, no notes.';
}

/**
 * `build_system_message`: for OpenRouter one text part marked `cache_control: ephemeral`; the harness's
 * direct providers (`_sanitize_messages`) send the same text as a plain string.
 */
export function systemMessage(prompt: string, style: SystemMessageStyle): ChatMessage {
  if (style === 'openrouter') return { role: 'system', content: [{ type: 'text', text: prompt, cache_control: { type: 'ephemeral' } }] };
  return { role: 'system', content: prompt };
}

/** `strategies/batch.py`'s user message for a batch of source texts. */
export function batchUserMessage(sources: readonly string[], targetName: string | null): string {
  const n = sources.length;
  const numbered = sources.map((s, i) => `${i + 1}. ${s}`).join('\n');
  return `Translate each of these ${n} phrases to ${targetName || 'the target language'}.\n\n${numbered}\n\nReply with EXACTLY ${n} numbered lines. Each line: just the number and the translation. No explanations, no extra text.`;
}

export interface CorpusRequestSetup {
  model: string;
  temperature: number;
  promptVersion: PromptVersion;
  batchSize: number;
  style: SystemMessageStyle;
  maxTokens?: number;
}

/**
 * The multilingual framework's translation template with the names filled in; without a known script the
 * clause naming one is left out (never a guessed "Latin"). `{original_sentence}` stays for the entry.
 */
export function multilingualInstruction(corpus: Pick<CorpusRunInfo, 'targetName' | 'script'>): string {
  const template = corpus.script ? PROMPT_TEMPLATES.translation.text : PROMPT_TEMPLATES.translation.text.replace('; use the {script} script', '');
  return template.replace('{target_language_name}', () => corpus.targetName ?? 'target').replace('{script}', () => corpus.script ?? '');
}

/**
 * The text a run card records as `system_prompt_used` (and hashes): the naive version's system prompt as
 * sent; for the multilingual version (no system message) the instruction every user message carries.
 */
export function corpusSystemPrompt(corpus: Pick<CorpusRunInfo, 'sourceName' | 'targetName' | 'script'>, version: PromptVersion): string {
  return version === 'naive' ? naiveSystemPrompt(corpus.sourceName, corpus.targetName) : multilingualInstruction(corpus);
}

/** The batch size a run really uses: the multilingual prompt is one entry per request. */
export const effectiveBatchSize = (setup: Pick<CorpusRequestSetup, 'promptVersion' | 'batchSize'>): number =>
  setup.promptVersion === 'naive' ? Math.max(1, Math.floor(setup.batchSize)) : 1;

/**
 * The request for some entries: one entry is the single strategy (system message + the source alone), more
 * are the batch strategy (system message + the numbered list). The multilingual version is one user message.
 */
export function corpusRequest(
  entries: readonly Pick<NormalisedEntry, 'source'>[],
  corpus: Pick<CorpusRunInfo, 'sourceName' | 'targetName' | 'script'>,
  setup: CorpusRequestSetup,
): ChatRequest {
  const max_tokens = setup.maxTokens ?? CORPUS_MAX_TOKENS;
  if (setup.promptVersion === 'multilingual') {
    if (entries.length !== 1) throw new RangeError('the multilingual prompt sends one entry per request');
    const content = multilingualInstruction(corpus).replace('{original_sentence}', () => entries[0].source);
    return { model: setup.model, messages: [{ role: 'user', content }], temperature: setup.temperature, max_tokens };
  }
  const system = systemMessage(naiveSystemPrompt(corpus.sourceName, corpus.targetName), setup.style);
  // The strategy follows the batch size, not the chunk: a last chunk of one is still a numbered list.
  const user =
    effectiveBatchSize(setup) === 1
      ? entries[0].source
      : batchUserMessage(
          entries.map((e) => e.source),
          corpus.targetName,
        );
  return { model: setup.model, messages: [system, { role: 'user', content: user }], temperature: setup.temperature, max_tokens };
}

/** `_chunk`: consecutive slices of `size`, the last one shorter. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  const step = Math.max(1, Math.floor(size));
  for (let i = 0; i < items.length; i += step) out.push(items.slice(i, i + step));
  return out;
}

// `_NUMBERED_LINE_RE` (`^\s*(\d+)\s*[.):\-]\s*(.+)$`, MULTILINE) and the fallback's pattern with Python's
// meanings: `\s` its whitespace table, `\d` any decimal digit, `.` anything but "\n", and only "\n" ends a line.
const SPACE = `[${PYTHON_WHITESPACE.map((c) => `\\u{${c.toString(16)}}`).join('')}]`;
const NUMBERED_LINE = new RegExp(`(?<![^\\n])${SPACE}*(\\p{Nd}+)${SPACE}*[.):\\-]${SPACE}*([^\\n]+)(?![^\\n])`, 'gu');
const LEADING_NUMBER = new RegExp(`^${SPACE}*\\p{Nd}+${SPACE}*[.):\\-]${SPACE}*([^\\n]+)$`, 'u');

/** The harness's marker for a batch line it could not find. */
export const PARSE_ERROR = '[PARSE_ERROR]';

/**
 * `parse_numbered_response`: the numbered lines when there are at least `expected` of them; otherwise every
 * non-empty line with a leading number stripped, padded with `[PARSE_ERROR]`; always `expected` items.
 */
export function parseNumberedResponse(content: string, expected: number): string[] {
  const matches = [...content.matchAll(NUMBERED_LINE)];
  if (matches.length >= expected) return matches.slice(0, expected).map((m) => pyStrip(m[2]));
  const cleaned: string[] = [];
  for (const raw of pyStrip(content).split('\n')) {
    const line = pyStrip(raw);
    if (!line) continue;
    const m = LEADING_NUMBER.exec(line);
    cleaned.push(m ? pyStrip(m[1]) : line);
  }
  while (cleaned.length < expected) cleaned.push(PARSE_ERROR);
  return cleaned.slice(0, expected);
}

function splitUsage(u: Usage, n: number): Usage {
  const out: Usage = {
    prompt_tokens: u.prompt_tokens / n,
    completion_tokens: u.completion_tokens / n,
    reasoning_tokens: u.reasoning_tokens / n,
    cached_tokens: u.cached_tokens / n,
  };
  if (u.cost_usd !== undefined) out.cost_usd = u.cost_usd / n;
  return out;
}

/**
 * One batch answer as `n` per-entry answers (`batched` false: the single strategy's answer, as it is): the text parsed into numbered items (each then cleaned by the
 * record, as `clean_response`), usage and latency divided evenly (`_split_usage`); a failure is every entry's.
 */
export function splitBatchOutcome(outcome: ChatOutcome, n: number, batched = true): ChatOutcome[] {
  if (!batched) return [outcome];
  if (!outcome.ok) return Array.from({ length: n }, () => ({ ...outcome, latencyMs: outcome.latencyMs / n }));
  const texts = parseNumberedResponse(outcome.text, n);
  const usage = splitUsage(outcome.usage, n);
  return texts.map((text) => ({ ...outcome, text, usage: { ...usage }, latencyMs: outcome.latencyMs / n }));
}

/** `HTTP 400`–`404` on the first batch: the harness aborts the run (a bad model id, key or credit fails every batch). */
export const isFatalFirstBatchStatus = (status: number | undefined): boolean => status !== undefined && status >= 400 && status <= 404;

/**
 * The requests of a run from its items: items with a batch group (a corpus file and repeat) are cut into
 * consecutive chunks of `size` within their group (`_chunk`); the others go alone. Chunks come in the order
 * of their first item.
 */
export function groupIntoBatches<T>(items: readonly T[], groupOf: (item: T) => string | undefined, size: number): T[][] {
  const groups = new Map<string, T[]>();
  const order: ({ alone: T } | { group: string })[] = [];
  for (const item of items) {
    const g = groupOf(item);
    if (g === undefined) {
      order.push({ alone: item });
      continue;
    }
    const list = groups.get(g);
    if (list) list.push(item);
    else {
      groups.set(g, [item]);
      order.push({ group: g });
    }
  }
  return order.flatMap((o) => ('alone' in o ? [[o.alone]] : chunk(groups.get(o.group) ?? [], size)));
}
