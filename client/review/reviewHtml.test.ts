import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderReviewHtml } from './reviewHtml';

test('the review page allows only its own nonce-bearing script and styles, and loads nothing from the network', () => {
  const html = renderReviewHtml({
    nonce: 'abc123',
    cspSource: 'https://file+.vscode-resource.example',
    scriptUri: 'https://file+.vscode-resource.example/dist/reviewView.js',
    lang: 'fr',
  });
  const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)![1];
  assert.match(csp, /default-src 'none'/);
  assert.match(csp, /script-src 'nonce-abc123'(;|$)/);
  assert.equal((html.match(/<script /g) ?? []).length, 1);
  assert.match(html, /<script nonce="abc123" src="https:\/\/file\+\.vscode-resource\.example\/dist\/reviewView\.js">/);
  assert.doesNotMatch(html, /https?:\/\/(?!file\+\.vscode-resource)/);
  assert.match(html, /<html lang="fr">/);
  for (const r of ['reject', 'gist', 'acceptable', 'excellent']) assert.match(html, new RegExp(`id="rate-${r}"`));
  assert.match(html, /role="progressbar"/);
});
