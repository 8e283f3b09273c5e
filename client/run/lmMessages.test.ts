import { test } from 'node:test';
import assert from 'node:assert/strict';
import { foldSystemMessages } from './lmMessages';

test('system messages go, in order, before the first user message', () => {
  const turns = foldSystemMessages([
    { role: 'system', content: 'Tu es Yawo.' },
    { role: 'user', content: 'Ŋdi nyuie!' },
    { role: 'assistant', content: 'Ŋdi!' },
    { role: 'system', content: 'Ŋlɔ kpuie.' },
    { role: 'user', content: 'Aleke nèfɔ?' },
  ]);
  assert.deepEqual(turns, [
    { role: 'user', text: 'Tu es Yawo.\n\nŊlɔ kpuie.\n\nŊdi nyuie!' },
    { role: 'assistant', text: 'Ŋdi!' },
    { role: 'user', text: 'Aleke nèfɔ?' },
  ]);
});

test('content parts are joined by their text and a lone system message becomes a user turn', () => {
  assert.deepEqual(
    foldSystemMessages([
      {
        role: 'system',
        content: [
          { type: 'text', text: 'A' },
          { type: 'text', text: 'B' },
        ],
      },
    ]),
    [{ role: 'user', text: 'AB' }],
  );
  assert.deepEqual(foldSystemMessages([{ role: 'user', content: 'x' }]), [{ role: 'user', text: 'x' }]);
});
