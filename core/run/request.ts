import { corpusRequest, type CorpusRequestSetup } from './batch';
import type { CorpusRunInfo, NormalisedEntry } from './corpus';
import type { ChatMessage, ChatRequest } from './types';
import { isObject } from '../json';

export { corpusRunInfo, isSecretEntry, CorpusError, type CorpusRunInfo, type NormalisedEntry } from './corpus';

/** The ÈwéBench harness's defaults (`ewe_bench.py`, 1.0.0). */
export const DEFAULT_SYSTEM_PROMPT = 'Tu es Yawo, un assistant IA qui répond en Ewe.';
export const DEFAULT_TEMPERATURE = 0.3;
export const MAX_TOKENS = 1024;

/** A test the harness could not build a request for; `reason` says why in English and French. */
export class RequestError extends Error {
  override name = 'RequestError';
  constructor(readonly reason: { en: string; fr: string }) {
    super(reason.en);
  }
}

/**
 * The body the harness posts for a test: `messages` as written when the key is present; otherwise a system
 * message (`test.get("system", default)`, so a present null is sent as null) and the prompt as the user
 * message; `test.get("temperature", 0.3)`; `max_tokens` 1024.
 *
 * Where the harness would crash (not an object, neither prompt nor messages) or send a body every API
 * rejects (messages not a list, a temperature that is not a number), this throws RequestError instead: the
 * harness would record no usable answer either, and a clear reason beats a 400.
 */
export function testRequest(test: unknown, model: string): ChatRequest {
  if (!isObject(test)) throw new RequestError({ en: 'the test is not a JSON object', fr: 'le test n’est pas un objet JSON' });
  let messages: ChatMessage[];
  if (Object.hasOwn(test, 'messages')) {
    if (!Array.isArray(test.messages)) {
      throw new RequestError({ en: '`messages` is not a list of messages', fr: '`messages` n’est pas une liste de messages' });
    }
    messages = test.messages as ChatMessage[];
  } else if (Object.hasOwn(test, 'prompt')) {
    const system = Object.hasOwn(test, 'system') ? test.system : DEFAULT_SYSTEM_PROMPT;
    messages = [
      { role: 'system', content: system },
      { role: 'user', content: test.prompt },
    ];
  } else {
    throw new RequestError({ en: 'the test has neither `prompt` nor `messages`', fr: 'le test n’a ni `prompt` ni `messages`' });
  }
  const temperature = Object.hasOwn(test, 'temperature') ? test.temperature : DEFAULT_TEMPERATURE;
  if (typeof temperature !== 'number' || !Number.isFinite(temperature)) {
    throw new RequestError({ en: '`temperature` is not a number', fr: '`temperature` n’est pas un nombre' });
  }
  return { model, messages, temperature, max_tokens: MAX_TOKENS };
}

/**
 * The body for one corpus entry on its own: the harness's single strategy (its naive system prompt, then the
 * source text alone) unless another setup is given. Corpus batches are built by `core/run/batch`.
 */
export function entryRequest(
  entry: Pick<NormalisedEntry, 'source'>,
  corpus: Pick<CorpusRunInfo, 'sourceName' | 'targetName' | 'script'>,
  model: string,
  temperature = 0,
  setup: Partial<Omit<CorpusRequestSetup, 'model' | 'temperature'>> = {},
): ChatRequest {
  return corpusRequest([entry], corpus, { promptVersion: 'naive', batchSize: 1, style: 'plain', ...setup, model, temperature });
}
