/**
 * Entry point of the end-to-end suite that runs inside a real VS Code extension host (code-server through
 * scripts/e2e/run.mjs here; @vscode/test-electron through scripts/e2e/test-electron.mjs where VS Code can be
 * downloaded). Each *.e2e.ts file registers its tests on import; they run in this order, each file on its own
 * workspace files, so one file's edits never change another's expectations.
 * scripts/e2e/run.mjs refuses to run when a *.e2e.ts file is missing from this list.
 */
import './activation.e2e';
import './diagnostics.e2e';
import './quickFixes.e2e';
import './language.e2e';
import './commands.e2e';
import './coverage.e2e';
import './run.e2e';
import './typing.e2e';
import './corpusTable.e2e';
import './review.e2e';
import './reviewPacket.e2e';
import './spreadsheet.e2e';
import './allModels.e2e';
import './boards.e2e';
import './calibration.e2e';
import './suite.e2e';
import './keystrokes.e2e';
import { runRegistered } from './harness';

export async function run(): Promise<void> {
  const { passed, failed } = await runRegistered();
  console.log(`extension host: ${passed} passed, ${failed} failed`);
  if (failed > 0) throw new Error(`${failed} end-to-end test(s) failed in the extension host`);
}
