import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vm from 'node:vm';
import { classify } from '../../core/document/classify';
import { JsonDocument } from '../../core/document/jsonDocument';
import { fileCoverage, type FileCoverageReport } from '../../core/coverage/report';
import { fromRepo } from '../../test/helpers/paths';
import { escapeHtml, renderCoverageHtml, scriptJson, type PreviewOptions, type PreviewStrings } from './previewHtml';

const strings: PreviewStrings = {
  title: 'Ewe coverage',
  specialLetters: 'special letters',
  missing: 'missing',
  occurrences: 'Occurrences',
  noOccurrence: 'none',
  perItem: 'Per item',
  item: 'Item',
  distinct: 'Letters',
  lookAlikes: 'Look-alikes',
  noText: 'No text',
  more: '{0} more',
  toneMarks: 'Tone marks',
  nasalVowels: 'Nasal vowels',
};
const options = (extra: Partial<PreviewOptions> = {}): PreviewOptions => ({
  nonce: 'n0nce',
  cspSource: 'https://file+.vscode-resource.vscode-cdn.net',
  scriptUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/coverageView.js',
  locale: 'en',
  fileName: 'tests.json',
  strings,
  ...extra,
});
const HOSTILE = '</script><img src=x onerror=alert(1)><!--\u2028';

function reportOf(text: string): FileCoverageReport {
  const doc = new JsonDocument(text);
  return fileCoverage(doc, classify(doc.value));
}

test('escapeHtml neutralises markup and attribute quotes', () => {
  assert.equal(escapeHtml('</script><img src=x onerror="alert(1)">&\''), '&lt;/script&gt;&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#39;');
  assert.equal(escapeHtml('ɖe & ŋ'), 'ɖe &amp; ŋ');
});

test('file content cannot break out of the data block: hostile ids, text and file names stay inside JSON strings', () => {
  const report = reportOf(JSON.stringify([{ id: HOSTILE, prompt: `ɖe ${HOSTILE}`, eval_method: 'ewe_quality' }]));
  const html = renderCoverageHtml(report, options({ fileName: HOSTILE }));
  assert.equal(html.split('</script>').length, 3, 'exactly two closing script tags: the data block and the page script');
  assert.equal((JSON.parse(dataBlock(html)) as { fileName: string }).fileName, HOSTILE, 'the data block reads back as the same text');
  assert.ok(!html.includes('<img') && !html.includes('<!--'));
  assert.ok(!html.includes('\u2028'));
  assert.equal(JSON.parse(scriptJson(HOSTILE)), HOSTILE, 'the escaped JSON still reads back as the same text');
});

test('a strict Content-Security-Policy with a nonce on the one script and the one style, and no inline handlers', () => {
  const html = renderCoverageHtml(undefined, options());
  // (single quotes are written as &#39; inside the attribute, which the browser reads back as quotes)
  assert.match(
    html,
    /content="default-src &#39;none&#39;; style-src https:\/\/file\+\.vscode-resource\.vscode-cdn\.net &#39;nonce-n0nce&#39;; script-src &#39;nonce-n0nce&#39;;"/,
  );
  // One script runs: the page's bundle, loaded with the nonce; the data block is JSON, which no browser executes.
  assert.deepEqual(html.match(/<script[^>]*>/g), [
    '<script type="application/json" id="coverage-data">',
    '<script nonce="n0nce" src="https://file+.vscode-resource.vscode-cdn.net/ext/dist/coverageView.js">',
  ]);
  assert.match(html, /<script nonce="n0nce" src="[^"]*"><\/script>/, 'no inline code');
  assert.deepEqual(html.match(/<style[^>]*>/g), ['<style nonce="n0nce">']);
  assert.ok(!/ on[a-z]+=/.test(html.replace(/<script[\s\S]*<\/script>/, '')), 'no inline event handlers');
  assert.ok(!html.includes('innerHTML'));
  assert.match(html, /var\(--vscode-foreground\)/);
  assert.match(renderCoverageHtml(undefined, options({ locale: 'fr' })), /<html lang="fr">/);
});

// ---- The page's script (dist/coverageView.js, built from webview/coverage/main.ts), run against a small stand-in
// for the DOM -----------------------------------------------------------------------------------------------------

/** The page's data block, as the browser gives it to the page's script. */
function dataBlock(html: string): string {
  const match = /<script type="application\/json" id="coverage-data">([\s\S]*?)<\/script>/.exec(html);
  assert.ok(match, 'the page has its data block');
  return match[1];
}

/** The bundled page script (`npm run build` writes it; `npm test` builds first). */
const pageScript = fs.readFileSync(fromRepo('dist', 'coverageView.js'), 'utf8');

class FakeNode {
  readonly children: FakeNode[] = [];
  readonly attributes = new Map<string, string>();
  readonly listeners: Record<string, ((event?: unknown) => void)[]> = {};
  readonly style: Record<string, string> = {};
  private text = '';
  constructor(
    readonly tagName: string,
    private readonly page: FakePage,
  ) {}
  get textContent(): string {
    return this.tagName === '#text' ? this.text : this.children.map((c) => c.textContent).join('');
  }
  set textContent(value: string) {
    this.children.length = 0;
    if (this.tagName === '#text') this.text = value;
    else this.children.push(this.page.document.createTextNode(value));
  }
  set innerHTML(_: string) {
    throw new Error('the page must not parse HTML');
  }
  appendChild(child: FakeNode): FakeNode {
    this.children.push(child);
    return child;
  }
  append(...nodes: FakeNode[]): void {
    this.children.push(...nodes);
  }
  replaceChildren(): void {
    this.children.length = 0;
  }
  setAttribute(name: string, value: string): void {
    this.attributes.set(name, String(value));
  }
  getAttribute(name: string): string | null {
    return this.attributes.get(name) ?? null;
  }
  addEventListener(type: string, fn: () => void): void {
    (this.listeners[type] ??= []).push(fn);
  }
  focus(): void {
    this.page.document.activeElement = this;
    this.page.dispatch('focusin', { target: this });
  }
  click(): void {
    this.focus();
    for (const fn of this.listeners.click ?? []) fn();
  }
  all(): FakeNode[] {
    return this.children.flatMap((c) => [c, ...c.all()]);
  }
  querySelectorAll(selector: string): FakeNode[] {
    assert.equal(selector, '[data-key]');
    return this.all().filter((n) => n.attributes.has('data-key'));
  }
}

type Listener = (event: { data?: unknown; target?: FakeNode }) => void;

class FakePage {
  readonly posted: unknown[] = [];
  state: unknown;
  /** The window's scroll position; `maxScroll` stands for the page's height. */
  scrollY = 0;
  maxScroll = 1000;
  private readonly listeners: Record<string, Listener[]> = {};
  readonly nodes: Record<string, FakeNode>;
  /** Whether the page has the keyboard (`document.hasFocus()`): a render gives the focus back only then. */
  hasKeyboard = true;
  readonly document: {
    activeElement: FakeNode | null;
    hasFocus(): boolean;
    createElement(tag: string): FakeNode;
    createTextNode(text: string): FakeNode;
    getElementById(id: string): FakeNode;
    addEventListener(type: string, fn: Listener): void;
  };

  constructor(html: string, state?: unknown) {
    this.state = state;
    const listen = (type: string, fn: Listener) => (this.listeners[type] ??= []).push(fn);
    this.document = {
      addEventListener: listen,
      activeElement: null,
      hasFocus: () => this.hasKeyboard,
      createElement: (tag) => new FakeNode(tag, this),
      createTextNode: (text) => {
        const node = new FakeNode('#text', this);
        node.textContent = text;
        return node;
      },
      getElementById: (id) => this.nodes[id],
    };
    const data = new FakeNode('script', this);
    data.textContent = dataBlock(html);
    this.nodes = { title: new FakeNode('h1', this), summary: new FakeNode('div', this), root: new FakeNode('main', this), 'coverage-data': data };
    const script = pageScript;
    const window = { addEventListener: listen, scrollY: 0, scrollTo: (_x: number, y: number) => this.scroll(y) };
    Object.defineProperty(window, 'scrollY', { get: () => this.scrollY });
    vm.runInNewContext(script, {
      document: this.document,
      window,
      acquireVsCodeApi: () => ({ postMessage: (m: unknown) => this.posted.push(m), getState: () => this.state, setState: (s: unknown) => (this.state = s) }),
    });
  }

  dispatch(type: string, event: { data?: unknown; target?: FakeNode }): void {
    for (const fn of this.listeners[type] ?? []) fn(event);
  }
  /** Scrolls as a browser does: clamped to the page, a scroll event only when the position changes. */
  scroll(y: number): void {
    const to = Math.max(0, Math.min(this.maxScroll, y));
    if (to === this.scrollY) return;
    this.scrollY = to;
    this.dispatch('scroll', {});
  }

  /** What the page posted, as plain objects of this realm (the page's own come from its vm context). */
  messages(): unknown[] {
    return JSON.parse(JSON.stringify(this.posted));
  }
  send(data: unknown): void {
    this.dispatch('message', { data });
  }
  find(predicate: (n: FakeNode) => boolean): FakeNode[] {
    return this.nodes.root.all().filter(predicate);
  }
  letter(l: string): FakeNode {
    return this.find((n) => n.getAttribute('data-key') === `letter:${l}`)[0];
  }
}

const text = JSON.stringify(
  [
    { id: 't1', prompt: 'Ɖe wòle gbɔ? Ðe', eval_method: 'ewe_quality' },
    { id: HOSTILE, prompt: `ɖe ${HOSTILE}`, eval_method: 'ewe_quality' },
  ],
  null,
  2,
);

test('the page draws the alphabet as buttons with counts; missing special letters say so in words', () => {
  const report = reportOf(text);
  const page = new FakePage(renderCoverageHtml(report, options()));
  const buttons = page.find((n) => n.getAttribute('data-key')?.startsWith('letter:') ?? false);
  assert.equal(buttons.length, report.languages[0].alphabet.length);
  assert.equal(page.nodes.summary.textContent, 'Ewe 2/7 special letters · missing: ɛ ƒ ɣ ŋ ʋ');
  const missing = page.letter('ƒ');
  assert.equal(missing.tagName, 'button');
  assert.match(missing.getAttribute('class')!, /missing/);
  assert.match(missing.getAttribute('aria-label')!, /missing/);
  assert.match(missing.textContent, /missing/);
  assert.equal(page.letter('ɖ').getAttribute('aria-label'), 'ɖ: 2 (Ɖ 1)');
  assert.equal(page.letter('gb').textContent, 'gb1');
});

test('choosing a letter lists its occurrences with context; choosing one asks the editor to reveal it', () => {
  const report = reportOf(text);
  const page = new FakePage(renderCoverageHtml(report, options()));
  page.letter('ɖ').click();
  assert.equal(page.letter('ɖ').getAttribute('aria-pressed'), 'true');
  assert.equal(page.document.activeElement, page.letter('ɖ'), 'the focus stays on the letter after the page is redrawn');
  const listed = page.find((n) => n.getAttribute('data-key')?.startsWith('occurrence:') ?? false);
  assert.equal(listed.length, 2, 'the look-alike Ð is not an occurrence of ɖ');
  assert.equal(listed[0].textContent, 't1Ɖe wòle gbɔ? Ðe');
  assert.equal(listed[0].all().find((n) => n.tagName === 'mark')?.textContent, 'Ɖ');
  listed[1].click();
  const span = report.occurrences['ɖ'][1].span;
  assert.deepEqual(page.messages(), [{ type: 'ready' }, { type: 'reveal', offset: span.start, end: span.end }]);
  assert.equal(text.slice(span.start, span.end), 'ɖ');
  assert.deepEqual(JSON.parse(JSON.stringify(page.state)), { fileName: 'tests.json', selected: 'ɖ', scrollY: 0, focused: 'occurrence:ɖ:1' });
});

test('file text reaches the page only as text nodes, never as elements', () => {
  const page = new FakePage(renderCoverageHtml(reportOf(text), options()));
  page.letter('ɖ').click();
  assert.ok(page.find((n) => n.tagName === '#text' && n.textContent.includes('<img')).length > 0, 'the hostile id is shown, as text');
  assert.deepEqual(
    page.find((n) => !['div', 'span', 'button', 'ul', 'li', 'h2', 'p', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'mark', '#text'].includes(n.tagName)),
    [],
  );
});

test('the look-alikes and per-item table can be reached and revealed', () => {
  const report = reportOf(text);
  const page = new FakePage(renderCoverageHtml(report, options()));
  const [lookAlike] = page.find((n) => n.getAttribute('data-key') === 'confusable:0');
  assert.match(lookAlike.textContent, /Ð → Ɖ/);
  lookAlike.click();
  const [item] = page.find((n) => n.getAttribute('data-key') === 'item:1');
  assert.equal(item.textContent, HOSTILE);
  item.click();
  assert.deepEqual(page.messages(), [
    { type: 'ready' },
    { type: 'reveal', offset: report.confusables[0].span.start, end: report.confusables[0].span.end },
    { type: 'reveal', offset: report.items[1].offset, end: report.items[1].offset },
  ]);
});

test('an update message redraws the page in place for the new report and file', () => {
  const page = new FakePage(renderCoverageHtml(undefined, options({ locale: 'fr' })));
  assert.equal(page.nodes.summary.textContent, 'No text');
  page.send({ type: 'update', report: reportOf(JSON.stringify([{ id: 'a', prompt: 'ɖ ɛ ƒ ɣ ŋ ɔ ʋ', eval_method: 'ewe_quality' }])), fileName: 'b.json' });
  assert.equal(page.nodes.title.textContent, 'Ewe coverage — b.json');
  assert.equal(page.nodes.summary.textContent, 'Éwé 7/7 special letters', 'language names follow the locale');
  page.send({ type: 'update', report: null });
  assert.equal(page.nodes.summary.textContent, 'No text');
  page.send({ type: 'something else' });
});

test('an update keeps the scroll position and the focused control, and is acknowledged', () => {
  const page = new FakePage(renderCoverageHtml(reportOf(text), options()));
  page.letter('ɖ').click();
  page.scroll(420);
  page.send({ type: 'update', report: reportOf(text.replace('Ðe', 'Ðe ɛ')), fileName: 'tests.json' });
  assert.equal(page.scrollY, 420, 'the page did not jump to the top');
  assert.equal(page.document.activeElement, page.letter('ɖ'), 'the focus is on the same letter, in the new nodes');
  assert.equal(page.letter('ɖ').getAttribute('aria-pressed'), 'true');
  assert.deepEqual(page.messages().slice(-1), [{ type: 'rendered' }]);
});

test('a page rebuilt from its HTML comes back to the same scroll position, letter and focus for the same file', () => {
  const html = renderCoverageHtml(reportOf(text), options());
  const first = new FakePage(html);
  first.letter('ɛ').click();
  first.scroll(300);
  const again = new FakePage(html, first.state);
  assert.equal(again.scrollY, 300);
  assert.equal(again.letter('ɛ').getAttribute('aria-pressed'), 'true');
  assert.equal(again.document.activeElement, null, 'the focus is not taken on load');
  again.dispatch('focus', {});
  assert.equal(again.document.activeElement, again.letter('ɛ'), 'coming back into the page gives the letter its focus');
  assert.deepEqual(again.messages(), [{ type: 'ready' }]);
  const other = new FakePage(renderCoverageHtml(reportOf(text), options({ fileName: 'other.json' })), first.state);
  assert.equal(other.scrollY, 0, 'another file starts at the top');
});

test('a page rebuilt from HTML written for an earlier file gets back the letter and scroll of the file shown last', () => {
  const html = renderCoverageHtml(reportOf(text), options({ fileName: 'a.json' }));
  const first = new FakePage(html);
  first.scroll(200);
  first.send({ type: 'update', report: reportOf(text), fileName: 'b.json' });
  assert.equal(first.scrollY, 0, 'another file starts at the top');
  first.letter('ɖ').click();
  first.scroll(350);
  const again = new FakePage(html, first.state);
  assert.equal(again.scrollY, 0, 'the HTML is for a.json, whose place was not kept');
  again.send({ type: 'update', report: reportOf(text), fileName: 'b.json' });
  assert.equal(again.scrollY, 350);
  assert.equal(again.letter('ɖ').getAttribute('aria-pressed'), 'true');
  again.send({ type: 'update', report: reportOf(text), fileName: 'a.json' });
  assert.equal(again.scrollY, 0, 'the waiting state is used once');
});
