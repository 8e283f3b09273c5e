import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { FakeOpenAI } from '../../helpers/fakeOpenAI';
import { E2E_KEY, E2E_KEY_ENV, E2E_MODEL, e2eModelSetting, startE2eModel } from '../fakeModel';
import { EXTENSION_ID, e2eTest, openEditor, until, workspaceFile } from './harness';

let server: FakeOpenAI | undefined;

async function lensTitles(uri: vscode.Uri): Promise<{ title: string; lens: vscode.CodeLens }[]> {
  const lenses = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri, 200)) ?? [];
  return lenses.filter((l) => l.command).map((lens) => ({ title: lens.command?.title ?? '', lens }));
}

/**
 * The workspace's model points at the local server; the user (a user setting, which a workspace cannot write)
 * lets the stand-in key's variable go to that server, as they would for their own local endpoint.
 */
async function useModel(baseUrl: string): Promise<void> {
  const config = vscode.workspace.getConfiguration('ewebench');
  await config.update('models', e2eModelSetting(baseUrl), vscode.ConfigurationTarget.Workspace);
  await config.update('run.keyOrigins', { [E2E_KEY_ENV]: [new URL(baseUrl).origin] }, vscode.ConfigurationTarget.Global);
}

e2eTest('activation registers everything before the language server starts', async () => {
  const extension = vscode.extensions.getExtension<{ activation?: { registeredMs: number; serverStartedMs: number } }>(EXTENSION_ID);
  assert.ok(extension);
  const api = extension.isActive ? extension.exports : await extension.activate();
  const times = api?.activation;
  assert.ok(times && times.registeredMs > 0 && times.serverStartedMs >= times.registeredMs);
  return `activation: ${times.registeredMs.toFixed(1)} ms to register commands, lenses and the Test Explorer; ${times.serverStartedMs.toFixed(0)} ms until the language server is up`;
});

e2eTest(
  'a test run from its CodeLens against a local OpenAI-compatible server shows the score in the lens',
  async () => {
    server = await startE2eModel();
    const config = vscode.workspace.getConfiguration('ewebench');
    await useModel(server.baseUrl);
    await config.update('currentModel', 'Fake Ewe model', vscode.ConfigurationTarget.Workspace);
    const editor = await openEditor('tests/run_e2e.json');
    const uri = editor.document.uri;
    const runLens = await until('the ▶ Run lenses', async () => {
      const lenses = await lensTitles(uri);
      return lenses.filter((l) => l.title === '▶ Run').length === 3 && lenses;
    });
    assert.ok(
      runLens.some((l) => /Run all \(3\)/.test(l.title)),
      runLens.map((l) => l.title).join(' | '),
    );
    // The third test's lens, as a click would run it: its command with its arguments.
    const partial = runLens.filter((l) => l.title === '▶ Run')[2].lens.command as vscode.Command;
    await vscode.commands.executeCommand(partial.command, ...(partial.arguments ?? []));
    const titles = await until(
      'the score in the lens',
      async () => {
        const t = (await lensTitles(uri)).map((l) => l.title);
        return t.some((x) => x.startsWith('✓ 0.833 · ')) && t;
      },
      20_000,
    );
    const score = titles.find((t) => t.startsWith('✓ 0.833'));
    assert.match(score ?? '', new RegExp(`^✓ 0\\.833 · \\d+ ms · ${E2E_MODEL}$`));
    // The request went out once, with the key from the environment, and the exact harness body.
    assert.equal(server.requests.length, 1);
    assert.deepEqual(server.requests[0].body, {
      model: E2E_MODEL,
      messages: [
        { role: 'system', content: 'Tu es Yawo, un assistant IA qui répond en Ewe.' },
        { role: 'user', content: 'Ŋlɔ nya ɖeka tso aƒe ŋu.' },
      ],
      temperature: 0.3,
      max_tokens: 1024,
    });
    // The results file is in the workspace's results folder, in the harness's shape, without the key.
    const results = await until('a results file', () => {
      const dir = workspaceFile('results').fsPath;
      return fs.existsSync(dir) && fs.readdirSync(dir).filter((f) => /^ewebench_.*\.json$/.test(f));
    });
    const text = fs.readFileSync(workspaceFile(`results/${results[0]}`).fsPath, 'utf8');
    const report = JSON.parse(text) as { benchmark: string; categories: Record<string, { details: { test_id: string; score: number }[] }> };
    assert.equal(report.benchmark, 'ÈwéBench');
    assert.deepEqual(
      report.categories.run_e2e.details.map((d) => [d.test_id, d.score]),
      [['e2e_run_partial', 0.833]],
    );
    assert.ok(!text.includes(E2E_KEY), 'the key is not in the results file');
    return score;
  },
  40_000,
);

e2eTest('the result details open as plain text with the response and the request', async () => {
  const uri = workspaceFile('tests/run_e2e.json');
  const lens = (await lensTitles(uri)).find((l) => l.title.startsWith('✓ 0.833'));
  assert.ok(lens?.lens.command);
  await vscode.commands.executeCommand(lens.lens.command.command, ...(lens.lens.command.arguments ?? []));
  const doc = await until('the details document', () => vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'ewebench-result'));
  const text = doc.getText();
  assert.ok(text.includes('Ame si nye fofonye kple dada le dzi gbe.'), text.slice(0, 400));
  assert.match(text, /"max_tokens": 1024/);
  assert.ok(!text.includes(E2E_KEY));
});

e2eTest(
  'a file run from the command shows each test passed or failed and the category score at the top',
  async () => {
    const uri = workspaceFile('tests/run_e2e.json');
    await vscode.commands.executeCommand('ewebench.runFile', { uri: uri.toString() });
    const titles = await until(
      'three results in the lenses',
      async () => {
        const t = (await lensTitles(uri)).map((l) => l.title);
        return t.filter((x) => /^[✓✗] /.test(x)).length === 3 && t;
      },
      20_000,
    );
    assert.ok(titles.includes(`✗ 0.0 · ${titles.find((t) => t.startsWith('✗'))?.split(' · ')[1]} · ${E2E_MODEL}`), titles.join(' | '));
    // run_e2e.json is not one of the ten category files: its mean score, and no ÈwéScore (the harness never runs it).
    assert.ok(
      titles.some((t) => /^run_e2e: mean \d+\.\d\/100 · no ÈwéScore · 2\/3 passed$/.test(t)),
      titles.join(' | '),
    );
  },
  40_000,
);

e2eTest(
  'Run ×5 from its lens sends five requests and shows the mean ± standard error',
  async () => {
    assert.ok(server);
    const uri = workspaceFile('tests/run_e2e.json');
    const before = server.requests.length;
    const repeat = (await lensTitles(uri)).filter((l) => l.title === 'Run ×5')[2].lens.command as vscode.Command;
    await vscode.commands.executeCommand(repeat.command, ...(repeat.arguments ?? []));
    const title = await until('the ×5 result', async () => (await lensTitles(uri)).map((l) => l.title).find((t) => t.includes('(×5)')), 20_000);
    assert.equal(title, `✓ 0.833 ± 0.0 (×5) · ${E2E_MODEL}`);
    assert.equal(server.requests.length - before, 5, 'each repeat is a request of its own (the cache is not read for repeats)');
    return title;
  },
  40_000,
);

e2eTest("the walkthrough opens and its first step's command is registered", async () => {
  await vscode.commands.executeCommand('workbench.action.openWalkthrough', `${EXTENSION_ID}#ewebench.gettingStarted`, false);
  const commands = await vscode.commands.getCommands(true);
  for (const id of ['ewebench.selectModel', 'ewebench.storeApiKey', 'ewebench.openTestsFile', 'ewebench.runTest', 'ewebench.showCoverage'])
    assert.ok(commands.includes(id), id);
  await until('the walkthrough tab', () =>
    vscode.window.tabGroups.all.some((g) => g.tabs.some((t) => /Get started with ÈwéBench Studio|Welcome|Walkthrough/i.test(t.label))),
  );
  // The media pages are named through package.nls*.json (one per display language): VS Code must have resolved them.
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  const steps = (extension?.packageJSON as { contributes: { walkthroughs: { steps: { media: { markdown?: string } }[] }[] } }).contributes.walkthroughs[0]
    .steps;
  const pages = steps.map((s) => s.media.markdown).filter((m): m is string => m !== undefined);
  assert.deepEqual(pages, ['docs/walkthrough/choose-model.md', 'docs/walkthrough/open-tests.md']);
  for (const page of pages) assert.ok(fs.existsSync(vscode.Uri.joinPath(extension!.extensionUri, page).fsPath), page);
  return pages.join(', ');
});

e2eTest(
  'a corpus entry translated from its lens shows sentence chrF++ and exact match, and the run card is written',
  async () => {
    server ??= await startE2eModel();
    await useModel(server.baseUrl);
    const editor = await openEditor('corpus.json');
    const uri = editor.document.uri;
    const translate = await until('the ▶ Translate lenses', async () => (await lensTitles(uri)).find((l) => l.title === '▶ Translate'));
    const command = translate.lens.command as vscode.Command;
    await vscode.commands.executeCommand(command.command, ...(command.arguments ?? []));
    const titles = await until(
      'chrF++ in the lens',
      async () => {
        const t = (await lensTitles(uri)).map((l) => l.title);
        return t.some((x) => x.startsWith('chrF++ ')) && t;
      },
      20_000,
    );
    assert.ok(
      titles.some((t) => new RegExp(`^chrF\\+\\+ 100\\.0 · exact ✓ · \\d+ ms · ${E2E_MODEL}$`).test(t)),
      titles.join(' | '),
    );
    assert.ok(
      titles.some((t) => /^composite \d\.\d{3} · /.test(t)),
      titles.join(' | '),
    );
    const cards = fs.readdirSync(workspaceFile('results').fsPath).filter((f) => f.endsWith('.json') && !f.startsWith('ewebench_'));
    assert.ok(cards.length >= 1, `run card in results/: ${fs.readdirSync(workspaceFile('results').fsPath).join(', ')}`);
    return titles.find((t) => t.startsWith('chrF++'));
  },
  40_000,
);

e2eTest(
  'with secretSegments "never", a corpus run sends the open entry and never the gold_standard one',
  async () => {
    assert.ok(server);
    const config = vscode.workspace.getConfiguration('ewebench');
    await config.update('run.secretSegments', 'never', vscode.ConfigurationTarget.Workspace);
    try {
      const before = server.requests.length;
      const uri = workspaceFile('secret_corpus.json');
      await openEditor('secret_corpus.json');
      await vscode.commands.executeCommand('ewebench.runFile', { uri: uri.toString() });
      const titles = await until(
        'the open entry translated',
        async () => {
          const t = (await lensTitles(uri)).map((l) => l.title);
          return t.some((x) => x.startsWith('chrF++ 100.0')) && t;
        },
        20_000,
      );
      const sent = server.requests.slice(before).map((r) => JSON.stringify(r.body));
      assert.equal(sent.length, 1, sent.join('\n'));
      assert.ok(sent[0].includes('Thank you.'));
      assert.ok(!sent.some((b) => b.includes('gold sentence')), 'the gold_standard entry was sent');
      assert.equal(titles.filter((t) => t.startsWith('chrF++')).length, 1, titles.join(' | '));
    } finally {
      await config.update('run.secretSegments', undefined, vscode.ConfigurationTarget.Workspace);
      await server.stop();
      server = undefined;
    }
  },
  40_000,
);

e2eTest(
  'a corpus of more than 1,000 entries gets the lenses of the lines its editor shows, and scrolling brings the others',
  async () => {
    const file = workspaceFile('many_entries.json');
    const entries = Array.from({ length: 1500 }, (_, i) => ({ id: i + 1, source: `water ${i}`, reference: `tsi ${i}`, segment: 'development', difficulty: 1 }));
    fs.writeFileSync(file.fsPath, JSON.stringify({ dataset: { id: 'many', language_pair: 'EN→EE' }, entries }, null, 2));
    try {
      const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(file));
      const translates = async () => (await lensTitles(file)).filter((l) => l.title.startsWith('▶ Translate')).map((l) => l.lens.range.start.line);
      const top = await until(
        'the lenses of the first lines',
        async () => {
          const lines = await translates();
          return lines.length > 0 && lines;
        },
        30_000,
      );
      assert.ok(top.length < 1500, `${top.length} entry lenses for 1,500 entries: only those near the lines shown`);
      assert.ok(Math.min(...top) < 20, 'the first entries have their lens');
      const last = editor.document.lineCount - 1;
      editor.revealRange(new vscode.Range(last, 0, last, 0), vscode.TextEditorRevealType.InCenter);
      const bottom = await until(
        'the lenses of the last lines, after scrolling',
        async () => {
          const lines = await translates();
          return lines.some((l) => l > last - 20) && lines;
        },
        30_000,
      );
      assert.ok(!bottom.some((l) => l < 20), 'the first entries scrolled out of the window lose theirs');
      return `1,500 entries: ${top.length} entry lenses at the top, ${bottom.length} after scrolling to the end`;
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      fs.rmSync(file.fsPath, { force: true });
    }
  },
  90_000,
);
