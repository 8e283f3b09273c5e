import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classify } from '../../core/document/classify';
import { JsonDocument } from '../../core/document/jsonDocument';
import { fileCoverage } from '../../core/coverage/report';
import { escapeHtml, renderCoverageHtml, scriptJson, type PreviewStrings } from './previewHtml';

const strings: PreviewStrings = { title: 'Ewe coverage', specialLetters: 'special letters', missing: 'missing', occurrences: 'Occurrences', noOccurrence: 'none', perItem: 'Per item', item: 'Item', distinct: 'Letters', lookAlikes: 'Look-alikes', noText: 'No text', more: '{0} more', toneMarks: 'Tone marks', nasalVowels: 'Nasal vowels' };

test('escapeHtml neutralises markup', () => {
  assert.equal(escapeHtml('<img src=x onerror="alert(1)">&\''), '&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#39;');
});

test('file content cannot break out of the script: hostile ids and text stay inside JSON strings', () => {
  const hostile = '</script><img src=x onerror=alert(1)>\u2028';
  const doc = new JsonDocument(JSON.stringify([{ id: hostile, prompt: `ɖe ${hostile}`, eval_method: 'ewe_quality' }]));
  const html = renderCoverageHtml(fileCoverage(doc, classify(doc.value)), { nonce: 'abc123', cspSource: 'vscode-resource:', fileName: hostile, strings });
  assert.equal(html.split('</script>').length, 2, 'exactly one closing script tag: ours');
  assert.ok(!html.includes('<img'));
  assert.ok(!html.includes('\u2028'));
  assert.ok(scriptJson('</script>').includes('\\u003c/script>'));
});

test('a strict Content-Security-Policy with a nonce on every script and style', () => {
  const html = renderCoverageHtml(undefined, { nonce: 'n0nce', cspSource: 'https://file+.vscode-resource.vscode-cdn.net', fileName: 'a.json', strings });
  // (single quotes are written as &#39; inside the attribute, which the browser reads back as quotes)
  assert.match(html, /content="default-src &#39;none&#39;; style-src https:\/\/file\+\.vscode-resource\.vscode-cdn\.net &#39;nonce-n0nce&#39;; script-src &#39;nonce-n0nce&#39;;"/);
  const scripts = html.match(/<script[^>]*>/g) ?? [];
  assert.deepEqual(scripts, ['<script nonce="n0nce">']);
  assert.ok(!/ on[a-z]+=/.test(html.replace(/<script[\s\S]*<\/script>/, '')), 'no inline event handlers');
});

test('the report travels to the page as data for DOM rendering, with the letters and what is missing', () => {
  const doc = new JsonDocument(JSON.stringify([{ id: 't', prompt: 'ɖe gbe', eval_method: 'ewe_quality' }]));
  const html = renderCoverageHtml(fileCoverage(doc, classify(doc.value)), { nonce: 'n', cspSource: 'x', fileName: 'tests.json', strings });
  assert.match(html, /"missing":\["ɛ","ƒ","ɣ","ŋ","ɔ","ʋ"\]/);
  assert.match(html, /textContent/);
  assert.ok(!html.includes('innerHTML'));
});
