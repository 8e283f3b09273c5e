import { canonicalHash } from './canonicalJson';
import type { ChatRequest } from './types';

/**
 * The response cache's key: SHA-256 of the canonical JSON of what determines an answer (the origin the
 * request goes to, model, messages, temperature, max_tokens). Only those fields are read, so a key, a header
 * or anything else a caller may have attached to the request object can never reach the key.
 */
export function cacheKey(origin: string, request: ChatRequest): string {
  return canonicalHash({ origin, model: request.model, messages: request.messages, temperature: request.temperature, max_tokens: request.max_tokens });
}
