// The review packet in a real headless Chromium (E2E_ONLY=packet; no code-server): a team sample of the e2e
// workspace's card (3 outputs), `review packet` writes Ama's page, which is opened from a file:// URL, rated with keys 1–4,
// commented with the Ewe keys at 0 ms between keys, reloaded (progress kept), saved (the download captured), and
// imported back with `review import`; a hand-edited copy of the download is refused. Every request the page makes
// is recorded: none may leave it but the file itself. A phone-sized page is checked too (no sideways scroll, taps).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './common.mjs';
import { CHROMIUM, E2E } from './session.mjs';

const CLI = path.join(root, 'dist', 'cli.js');

function cli(cwd, ...args) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { ...process.env, LANG: 'en_US.UTF-8' } });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** Launches Chromium through the e2e driver's playwright-core; null when either is missing. */
export async function launchChromium() {
  if (!CHROMIUM || !fs.existsSync(path.join(E2E, 'driver', 'package.json'))) return null;
  const { chromium } = createRequire(path.join(E2E, 'driver', 'package.json'))('playwright-core');
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/** Every request a browser context makes, and every console error or CSP violation its pages report. */
function watch(context, allowed) {
  const requests = [];
  const errors = [];
  context.on('request', (request) => requests.push(request.url()));
  context.on('page', (page) => {
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
  });
  // Belt and braces: anything but the packet itself is refused before it leaves.
  void context.route('**/*', (route) => (route.request().url() === allowed ? route.continue() : route.abort()));
  return { requests, errors };
}

export async function packetPhase({ check, log, tempDir, cleanups, shot }) {
  const run = tempDir('ewb-e2e-packet-');
  fs.copyFileSync(path.join(root, 'test', 'e2e', 'workspace', 'cards', 'review_card.json'), path.join(run, 'card.json'));
  const sampled = cli(run, 'review', 'sample', 'card.json', '--size', '4', '--seed', '11', '--reviewers', 'Ama,Kofi', '--hide-reference');
  if (sampled.code !== 0) throw new Error(`review sample: ${sampled.err}`);
  const made = cli(run, 'review', 'packet', 'card.review.Ama.json', '--out', 'Ama packet.html');
  check('review packet writes one HTML file for Ama', made.code === 0, made.out.trim() || made.err.trim());
  const file = path.join(run, 'Ama packet.html');
  const url = pathToFileURL(file).href;
  const browser = await launchChromium();
  if (!browser) throw new Error(`Chromium or playwright-core missing under ${E2E}: run npm run e2e:setup`);
  cleanups.push(() => browser.close());
  const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1000, height: 800 } });
  const seen = watch(context, url);
  const page = await context.newPage();
  const step = async (name, fn) => {
    try {
      check(name, true, (await fn()) ?? '');
    } catch (error) {
      check(name, false, error.message.split('\n')[0]);
      await shot?.(page, `packet-failure-${name.slice(0, 20).replace(/\W+/g, '-')}.png`);
    }
  };
  const progress = () => page.locator('#progress').textContent();
  const review = () => JSON.parse(fs.readFileSync(path.join(run, 'card.review.Ama.json'), 'utf8'));
  log(`packet: opening ${url}`);
  await page.goto(url);
  await page.locator('#progress').filter({ hasText: 'Item 1 of 3' }).waitFor({ timeout: 30_000 });

  await step('the packet opens from disk showing item 1 with its output, the reference hidden, no model name', async () => {
    const shown = await page.locator('#predicted').textContent();
    const reference = await page.locator('#reference').textContent();
    const body = await page.locator('body').innerText();
    if (!shown) throw new Error('no output shown');
    if (!/hidden/.test(reference ?? '')) throw new Error(`reference: ${reference}`);
    if (/gemini|google/i.test(body)) throw new Error('the model is named on the page');
    return `${await progress()} · output “${shown.slice(0, 40)}”`;
  });

  await step('keys 1–4 rate and move on; ;D;e;n typed at 0 ms in the comment gives Ɖɛŋ', async () => {
    await page.keyboard.press('3');
    await page.keyboard.press('1');
    await page.keyboard.press('c');
    await page.keyboard.type(';D;e;n', { delay: 0 });
    const typed = await page.locator('#comment').inputValue();
    if (typed !== 'Ɖɛŋ') throw new Error(`comment holds ${JSON.stringify(typed)}`);
    await page.keyboard.press('Escape');
    await page.keyboard.press('4');
    const p = await progress();
    if (!/Item 3 of 3 · 3 rated/.test(p ?? '')) throw new Error(p);
    return p;
  });

  await step('a reload keeps the progress (the browser’s storage, keyed by the sample)', async () => {
    await page.reload();
    await page.locator('#progress').filter({ hasText: '3 rated' }).waitFor({ timeout: 30_000 });
    const p = await progress();
    if (!/Item 3 of 3/.test(p ?? '')) throw new Error(p);
    const comment = await page.locator('#comment').inputValue();
    if (comment !== 'Ɖɛŋ') throw new Error(`item 3's comment after reload: ${JSON.stringify(comment)}`);
    if ((await page.locator('#rate-excellent').getAttribute('aria-pressed')) !== 'true') throw new Error('item 3 lost its rating');
    // Item 2 rated again, by a click this time.
    await page.keyboard.press('ArrowLeft');
    await page.locator('#rate-gist').click();
    return `${p} → ${await progress()}`;
  });

  const saved = path.join(run, 'ratings.json');
  await step('Save ratings downloads the ratings, and review import merges them into Ama’s file', async () => {
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.locator('#save').click()]);
    await download.saveAs(saved);
    const imported = cli(run, 'review', 'import', 'ratings.json', '--into', 'card.review.Ama.json');
    if (imported.code !== 0) throw new Error(imported.err);
    const items = review().items;
    const got = items.map((i) => i.rating).join(',');
    if (got !== 'acceptable,gist,excellent') throw new Error(`ratings ${got}`);
    if (items[2].comment !== 'Ɖɛŋ') throw new Error(`comment ${items[2].comment}`);
    const summary = cli(run, 'review', 'summary', 'card.review.Ama.json', '--format', 'json');
    if (JSON.parse(summary.out).binding !== 'bound') throw new Error(`summary: ${summary.out}`);
    return `${download.suggestedFilename()} · ${imported.out.trim()}`;
  });

  await step('the downloaded ratings edited by hand are refused, and a packet of Kofi’s into Ama’s file too', async () => {
    const before = fs.readFileSync(path.join(run, 'card.review.Ama.json'));
    const forged = JSON.parse(fs.readFileSync(saved, 'utf8'));
    forged.ratings[1].rating = 'excellent';
    fs.writeFileSync(path.join(run, 'forged.json'), JSON.stringify(forged, null, 2));
    const refused = cli(run, 'review', 'import', 'forged.json', '--into', 'card.review.Ama.json');
    if (refused.code !== 2 || !/ratings_hash: the ratings were changed/.test(refused.err)) throw new Error(`forged: ${refused.code} ${refused.err}`);
    const kofi = JSON.parse(fs.readFileSync(saved, 'utf8'));
    kofi.binding.reviewer = 'Kofi';
    fs.writeFileSync(path.join(run, 'kofi.json'), JSON.stringify(kofi));
    const other = cli(run, 'review', 'import', 'kofi.json', '--into', 'card.review.Ama.json');
    if (other.code !== 2) throw new Error(`kofi: ${other.code} ${other.err}`);
    if (!fs.readFileSync(path.join(run, 'card.review.Ama.json')).equals(before)) throw new Error('the review file changed');
    return refused.err.trim().split('\n')[0];
  });

  await step('on a phone-sized screen the page fits its width and rates by tap', async () => {
    const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const phoneSeen = watch(phone, url);
    cleanups.push(() => phone.close());
    const p = await phone.newPage();
    await p.goto(url);
    await p.locator('#progress').filter({ hasText: 'Item 1 of 3' }).waitFor({ timeout: 30_000 });
    const [scrollWidth, width] = await p.evaluate(() => [globalThis.document.documentElement.scrollWidth, globalThis.innerWidth]);
    if (scrollWidth > width) throw new Error(`scrolls sideways: ${scrollWidth} > ${width}`);
    await p.locator('#rate-acceptable').tap();
    const after = await p.locator('#progress').textContent();
    if (!/Item 2 of 3 · 1 rated/.test(after ?? '')) throw new Error(after);
    seen.requests.push(...phoneSeen.requests);
    seen.errors.push(...phoneSeen.errors);
    return `${width}px wide · ${after}`;
  });

  await step('no request leaves the page: the file itself only, no console error, no CSP violation', async () => {
    const others = seen.requests.filter((r) => r !== url);
    if (others.length > 0) throw new Error(`requests: ${others.join(', ')}`);
    if (seen.errors.length > 0) throw new Error(`errors: ${seen.errors.join(' | ')}`);
    // The listener's control: the same page without its policy and with one remote image is seen asking for it.
    const control = path.join(run, 'control.html');
    fs.writeFileSync(
      control,
      fs
        .readFileSync(file, 'utf8')
        .replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, '')
        .replace('<body>', '<body><img alt="" src="http://127.0.0.1:9/probe.png">'),
    );
    const controlContext = await browser.newContext();
    const controlSeen = watch(controlContext, pathToFileURL(control).href);
    const controlPage = await controlContext.newPage();
    await controlPage.goto(pathToFileURL(control).href);
    await controlPage.waitForTimeout(500);
    await controlContext.close();
    if (!controlSeen.requests.some((r) => r.startsWith('http://127.0.0.1:9/')))
      throw new Error(`the control's request was not seen: ${controlSeen.requests.join(', ')}`);
    return `${seen.requests.length} request(s), all ${url.slice(0, 60)}…; the control page's remote image was seen`;
  });
  await browser.close();
}

/** Whether the packet phase can run here: Chromium, the e2e driver and a built CLI. */
export function packetPhaseMissing() {
  const missing = [];
  if (!CHROMIUM) missing.push('chromium');
  if (!fs.existsSync(path.join(E2E, 'driver', 'package.json'))) missing.push('playwright-core (the e2e driver)');
  return missing;
}
