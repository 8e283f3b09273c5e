// Renders the coverage preview's HTML for a sample tests file (below, or a file given as argument) in headless
// Chromium and saves docs/coverage-preview.png, the README's picture. The page is the one the panel shows, built
// by the same code (bundled here with esbuild); only what VS Code would provide is stood in for: the theme's
// CSS variables (Dark Modern values), a CSP source that a file:// page can use, and acquireVsCodeApi, whose
// saved state selects the letter ɖ so its occurrence list shows. Needs Debian's chromium
// (`apt-get install -y --no-install-recommends chromium`). Usage: node scripts/screenshot-coverage.mjs [FILE.json]
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-shot-'));

const SAMPLE =
  JSON.stringify(
    [
      { id: 'greeting_001', prompt: 'Gblɔ ŋdi nyuie na wò dada le Eʋegbe me.', eval_method: 'keywords', expected_keywords: ['Ŋdi nyuie', 'dada'] },
      {
        id: 'greeting_002',
        messages: [
          { role: 'system', content: 'Tu es Yawo. Réponds en ewe.' },
          { role: 'user', content: 'Aleke nèfɔ egbea?' },
        ],
        eval_method: 'exact_match',
        expected: 'Mele nyuie, akpe.',
      },
      { id: 'vocabulary_003', prompt: 'Ðevi aɖe le tsi nom le aƒe me.', eval_method: 'keywords', expected_keywords: ['ɖevi', 'tsi'] },
      { id: 'culture_004', prompt: 'Ãnyigba dzi ɣe ɖo kple dzo ƒe nyawo.', eval_method: 'ewe_quality' },
      { id: 'translation_005', prompt: 'Ŋutsu la kpɔ nyɔnu la le gbedzi.', eval_method: 'keywords', expected_keywords: ['kpɔ', 'gbedzi'] },
    ],
    null,
    2,
  ) + '\n';

const file = process.argv[2];
const text = file ? fs.readFileSync(file, 'utf8') : SAMPLE;
const fileName = file ? path.basename(file) : 'tests/everyday_ewe.json';

// Bundle the real modules: no dependence on a full compile of the project.
const entry = path.join(work, 'entry.ts');
fs.writeFileSync(
  entry,
  `
import { classify } from ${JSON.stringify(path.join(root, 'core/document/classify'))};
import { JsonDocument } from ${JSON.stringify(path.join(root, 'core/document/jsonDocument'))};
import { fileCoverage } from ${JSON.stringify(path.join(root, 'core/coverage/report'))};
import { renderCoverageHtml } from ${JSON.stringify(path.join(root, 'client/coverage/previewHtml'))};
export function page(text: string, options: Parameters<typeof renderCoverageHtml>[1]): string {
  const doc = new JsonDocument(text);
  return renderCoverageHtml(fileCoverage(doc, classify(doc.value)), options);
}
`,
);
await build({
  entryPoints: [entry],
  outfile: path.join(work, 'page.cjs'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  mainFields: ['module', 'main'],
  logLevel: 'warning',
  nodePaths: [path.join(root, 'node_modules')],
});
const { page } = createRequire(import.meta.url)(path.join(work, 'page.cjs'));

const nonce = 'screenshot';
const strings = {
  title: 'Character coverage',
  specialLetters: 'special letters',
  missing: 'missing',
  occurrences: 'Where it occurs',
  noOccurrence: 'This letter does not occur in the file.',
  perItem: 'Coverage per test or entry',
  item: 'Test or entry',
  distinct: 'Letters',
  lookAlikes: 'Look-alike characters',
  noText: 'No text in a language with a profile in this file.',
  more: '{0} more not shown',
  toneMarks: 'Tone marks',
  nasalVowels: 'Nasal vowels',
};
let html = page(text, { nonce, cspSource: "'self'", locale: 'en', fileName, strings });
const theme = `<style nonce="${nonce}">:root{--vscode-font-family:"DejaVu Sans",system-ui,sans-serif;--vscode-font-size:13px;--vscode-foreground:#cccccc;--vscode-editor-background:#1f1f1f;--vscode-descriptionForeground:#9d9d9d;--vscode-editorWidget-background:#202020;--vscode-panel-border:#2b2b2b;--vscode-errorForeground:#f85149;--vscode-focusBorder:#0078d4;--vscode-textLink-foreground:#4daafc;--vscode-charts-blue:#3794ff;--vscode-charts-orange:#d18616;--vscode-list-activeSelectionBackground:#04395e;--vscode-list-activeSelectionForeground:#ffffff;--vscode-editor-findMatchHighlightBackground:#ea5c0055}</style>`;
const api = `<script nonce="${nonce}">window.acquireVsCodeApi = () => ({ postMessage() {}, setState() {}, getState: () => (${JSON.stringify({ fileName, selected: 'ɖ' })}) });</script>`;
html = html.replace('<head>', '<head>' + theme + api);
const htmlFile = path.join(work, 'coverage-preview.html');
fs.writeFileSync(htmlFile, html);

const chromium = ['/usr/bin/chromium', '/usr/lib/chromium/chromium'].find((p) => fs.existsSync(p));
if (!chromium) throw new Error('chromium not found: apt-get install -y --no-install-recommends chromium');
const out = path.join(root, 'docs', 'coverage-preview.png');
fs.mkdirSync(path.dirname(out), { recursive: true });
const size = process.env.SHOT_SIZE ?? '960,990';
const r = spawnSync(
  chromium,
  [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--hide-scrollbars',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    `--user-data-dir=${path.join(work, 'profile')}`,
    `--window-size=${size}`,
    `--screenshot=${out}`,
    'file://' + htmlFile,
  ],
  { encoding: 'utf8', timeout: 60_000 },
);
fs.rmSync(work, { recursive: true, force: true });
if (r.status !== 0 || !fs.existsSync(out)) throw new Error(`chromium failed (${r.status}): ${r.stderr}`);
console.log(`wrote ${path.relative(root, out)}`);
