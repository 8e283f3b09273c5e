import type { ChatMessage } from '../../core/run/types';

/** A turn as VS Code's Language Model API can carry it: user or assistant, text only. */
export interface LmTurn {
  role: 'user' | 'assistant';
  text: string;
}

/** Text of a message's content: a string as is; OpenAI content parts joined by their text; anything else as JSON. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part) =>
        typeof part === 'object' && part !== null && typeof (part as { text?: unknown }).text === 'string'
          ? (part as { text: string }).text
          : JSON.stringify(part),
      )
      .join('');
  }
  return content === null || content === undefined ? '' : JSON.stringify(content);
}

/**
 * The harness's messages for an API with no system role: system messages are gathered and put, in order,
 * before the text of the first user message (a blank line between), so the model still reads them first.
 * Other roles (tool, function) are sent as user text. When no user message follows, the system text becomes
 * one of its own.
 */
export function foldSystemMessages(messages: readonly ChatMessage[]): LmTurn[] {
  const system: string[] = [];
  const turns: LmTurn[] = [];
  for (const m of messages) {
    const text = contentText(m.content);
    if (m.role === 'system' || m.role === 'developer') {
      system.push(text);
      continue;
    }
    turns.push({ role: m.role === 'assistant' ? 'assistant' : 'user', text });
  }
  if (system.length === 0) return turns;
  const prefix = system.join('\n\n');
  const firstUser = turns.findIndex((t) => t.role === 'user');
  if (firstUser < 0) return [{ role: 'user', text: prefix }, ...turns];
  turns[firstUser] = { role: 'user', text: `${prefix}\n\n${turns[firstUser].text}` };
  return turns;
}
