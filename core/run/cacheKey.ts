import { canonicalHash } from './canonicalJson';
import type { ChatRequest } from './types';

/**
 * The response cache's key: SHA-256 of the canonical JSON of what determines an answer (where the request goes,
 * as `endpointScope` names it, model, messages, temperature, max_tokens). Only those fields are read, so a key, a
 * header or anything else a caller may have attached to the request object can never reach the key.
 */
export function cacheKey(scope: string, request: ChatRequest): string {
  return canonicalHash({ origin: scope, model: request.model, messages: request.messages, temperature: request.temperature, max_tokens: request.max_tokens });
}

/**
 * Where answers come from, for the cache: the origin, then the base URL's path when it has one (two endpoints on
 * one host answer differently), then a hash of its query (which may hold a credential, so never as written). A
 * base URL that is just an origin gives the origin itself, so its older cache entries still match.
 */
export function endpointScope(baseUrl: string): string {
  const url = new URL(baseUrl);
  const path = url.pathname.replace(/\/+$/, '');
  const query = url.search.slice(1);
  return `${url.origin}${path}${query ? `?${canonicalHash({ query }).slice(0, 32)}` : ''}`;
}
