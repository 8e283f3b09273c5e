// Renders the coverage preview's HTML for a fixture in headless Chromium and saves docs/coverage-preview.png,
// the README's picture. Theme colours are VS Code's Dark Modern values, given as the variables the page reads.
// Needs `npm run compile-tests` and `npm run e2e:setup` (for playwright-core and Chromium).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createRequire } from 'node:module';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const require = createRequire(path.join(root, '.e2e', 'driver', 'package.json'));
const { chromium } = require('playwright-core');
const own = createRequire(path.join(root, 'package.json'));
const { JsonDocument } = own('./out/core/document/jsonDocument.js');
const { classify } = own('./out/core/document/classify.js');
const { fileCoverage } = own('./out/core/coverage/report.js');
const { renderCoverageHtml } = own('./out/client/coverage/previewHtml.js');

const corpus = path.join(root, 'test-fixtures', 'corpus', 'valid', 'ewe-diagnostic.json');
const file = process.argv[2] ?? corpus;
const doc = new JsonDocument(fs.readFileSync(file, 'utf8'));
const nonce = 'screenshot';
const strings = { title: 'Character coverage', specialLetters: 'special letters', missing: 'missing', occurrences: 'Where it occurs', noOccurrence: 'This letter does not occur in the file.', perItem: 'Coverage per test or entry', item: 'Test or entry', distinct: 'Letters', lookAlikes: 'Look-alike characters', noText: 'No text in a language with a profile in this file.', more: '{0} more not shown', toneMarks: 'Tone marks', nasalVowels: 'Nasal vowels' };
let html = renderCoverageHtml(fileCoverage(doc, classify(doc.value)), { nonce, cspSource: "'self'", fileName: path.basename(file), strings });
const theme = `<style nonce="${nonce}">:root{--vscode-font-family:system-ui,sans-serif;--vscode-font-size:13px;--vscode-foreground:#cccccc;--vscode-editor-background:#1f1f1f;--vscode-descriptionForeground:#9d9d9d;--vscode-editorWidget-background:#202020;--vscode-panel-border:#2b2b2b;--vscode-errorForeground:#f85149;--vscode-focusBorder:#0078d4;--vscode-textLink-foreground:#4daafc;--vscode-charts-blue:#3794ff;--vscode-charts-orange:#d18616;--vscode-list-activeSelectionBackground:#04395e;--vscode-list-activeSelectionForeground:#ffffff}</style>`;
html = html.replace('<head>', '<head>' + theme);
const page = path.join(os.tmpdir(), 'ewb-coverage-preview.html');
fs.writeFileSync(page, html);

const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-shot-'));
const ctx = await chromium.launchPersistentContext(profile, {
  executablePath: fs.existsSync('/usr/lib/chromium/chromium') ? '/usr/lib/chromium/chromium' : '/usr/bin/chromium',
  headless: true,
  viewport: { width: 900, height: 760 },
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const tab = ctx.pages()[0] ?? (await ctx.newPage());
await tab.goto('file://' + page);
await tab.locator('.letter', { hasText: 'ɖ' }).first().click();
await tab.screenshot({ path: path.join(root, 'docs', 'coverage-preview.png') });
await ctx.close();
fs.rmSync(profile, { recursive: true, force: true });
console.log('wrote docs/coverage-preview.png');
