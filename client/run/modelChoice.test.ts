import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pickCurrentModel, readModelConfigs } from './modelChoice';

test('unusable model entries are left out and a key written in settings is never read', () => {
  const models = readModelConfigs([
    { provider: 'deepseek', model: 'deepseek-chat', apiKey: 'sk-should-not-be-read' },
    { provider: 'nowhere', model: 'x' },
    { provider: 'custom', model: 'qwen', baseUrl: 'http://127.0.0.1:8000/v1', label: 'Local Qwen' },
    'junk',
  ]);
  assert.deepEqual(models, [
    { provider: 'deepseek', model: 'deepseek-chat' },
    { provider: 'custom', model: 'qwen', baseUrl: 'http://127.0.0.1:8000/v1', label: 'Local Qwen' },
  ]);
});

test('the current model is found by label, then by model name, else the first', () => {
  const models = readModelConfigs([
    { provider: 'deepseek', model: 'deepseek-chat' },
    { provider: 'custom', model: 'qwen', baseUrl: 'http://h/v1', label: 'Local Qwen' },
  ]);
  assert.equal(pickCurrentModel(models, 'Local Qwen')?.model, 'qwen');
  assert.equal(pickCurrentModel(models, 'qwen')?.model, 'qwen');
  assert.equal(pickCurrentModel(models, 'gone')?.model, 'deepseek-chat');
  assert.equal(pickCurrentModel([], ''), undefined);
});
