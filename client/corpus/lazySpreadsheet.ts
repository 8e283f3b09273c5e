import * as vscode from 'vscode';
import { corpusSheet, SpreadsheetError } from '../../core/corpus/cells';
import { decodeSheetBytes } from '../../core/document/encoding';
import { delimiterFor, describeSheetEncoding, exportSheet, planImport, type ImportPlan } from '../../core/corpus/spreadsheet';
import { toLocale } from '../../core/i18n/locale';

/**
 * *Export Corpus to CSV/TSV* and *Import Entries from CSV/TSV*: thin over core/corpus/spreadsheet, the same code
 * as the CLI's `corpus export` / `corpus import`. An import shows its column mapping first, lets the user change
 * it, and lands as one edit of the corpus document (undo takes it back whole). Bundled on its own
 * (dist/lazySpreadsheet.js, with the validator and papaparse) and loaded on the first use of either command.
 */

const fileName = (uri: vscode.Uri) => uri.path.split('/').pop() ?? '';

async function corpusDocument(uri?: vscode.Uri): Promise<vscode.TextDocument | undefined> {
  if (uri instanceof vscode.Uri) return vscode.workspace.openTextDocument(uri);
  return vscode.window.activeTextEditor?.document;
}

/** Options a caller (the corpus table, a test, a keybinding) may pass instead of answering dialogs. */
export interface ExportOptions {
  rows?: readonly number[];
  target?: vscode.Uri;
}

export interface ImportOptions {
  sheet?: vscode.Uri;
  /** Column → field, as a command's argument (own keys only are read). */
  map?: Readonly<Record<string, string>>;
  /** Import at once when nothing stops it, without showing the mapping. */
  yes?: boolean;
}

export async function exportCorpus(uri?: vscode.Uri, options: ExportOptions = {}): Promise<vscode.Uri | undefined> {
  const { rows } = options;
  const document = await corpusDocument(uri);
  if (!document) return undefined;
  const corpusText = document.getText();
  try {
    corpusSheet(JSON.parse(corpusText) as unknown);
  } catch (error) {
    void vscode.window.showErrorMessage(
      vscode.l10n.t(
        '{0} cannot be exported: {1}',
        fileName(document.uri),
        error instanceof SpreadsheetError ? error.message : vscode.l10n.t('it is not valid JSON'),
      ),
    );
    return undefined;
  }
  const target =
    options.target ??
    (await vscode.window.showSaveDialog({
      defaultUri: vscode.Uri.joinPath(document.uri, '..', fileName(document.uri).replace(/\.json$/i, '') + '.csv'),
      filters: { [vscode.l10n.t('Comma-separated values')]: ['csv'], [vscode.l10n.t('Tab-separated values')]: ['tsv'] },
    }));
  if (!target) return undefined;
  if (target.toString() === document.uri.toString()) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Refused to write {0}: it is the corpus being exported; name another output file.', fileName(target)));
    return undefined;
  }
  const locale = toLocale(vscode.env.language);
  const { text, entries, warnings } = exportSheet(corpusText, { delimiter: delimiterFor(target.path), locale, ...(rows ? { rows } : {}) });
  await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(text));
  void vscode.window.showInformationMessage(vscode.l10n.t('{0} entries exported to {1}.', entries, fileName(target)));
  if (warnings.length > 0) void vscode.window.showWarningMessage(`${fileName(target)}: ${warnings.slice(0, 3).join(' · ')}`);
  return target;
}

type MappingItem = vscode.QuickPickItem & { column?: string; action: 'import' | 'remap' };

/** The mapping as a list: the import action first (with the problems), then one row per column to remap. */
function mappingItems(plan: ImportPlan): MappingItem[] {
  const errors = plan.problems.filter((p) => p.severity === 'error');
  const row = (p: ImportPlan['problems'][number]) => `${p.row === undefined ? '' : vscode.l10n.t('line {0}', p.row) + ': '}${p.message}`;
  const head: MappingItem = plan.newText
    ? {
        label: `$(check) ${vscode.l10n.t('Import {0} entries', plan.entries.length)}`,
        detail: plan.problems.map(row).slice(0, 3).join(' · ') || undefined,
        action: 'import',
      }
    : {
        label: `$(error) ${vscode.l10n.t('Nothing can be imported: {0} error(s)', errors.length)}`,
        detail: errors.map(row).slice(0, 3).join(' · '),
        action: 'remap',
      };
  return [
    head,
    { label: vscode.l10n.t('Columns'), kind: vscode.QuickPickItemKind.Separator, action: 'remap' },
    ...plan.columns.map((c): MappingItem => ({
      label: c.column,
      description: c.field ? `→ ${c.field}` : vscode.l10n.t('not imported'),
      column: c.column,
      action: 'remap',
    })),
  ];
}

export async function importEntries(uri?: vscode.Uri, options: ImportOptions = {}): Promise<boolean> {
  const document = await corpusDocument(uri);
  if (!document) return false;
  const picked =
    options.sheet ??
    (
      await vscode.window.showOpenDialog({
        canSelectMany: false,
        filters: { [vscode.l10n.t('Spreadsheet')]: ['csv', 'tsv', 'tab'] },
        openLabel: vscode.l10n.t('Import entries'),
      })
    )?.[0];
  if (!picked) return false;
  const locale = toLocale(vscode.env.language);
  const decoded = decodeSheetBytes(await vscode.workspace.fs.readFile(picked));
  if (decoded.problem) {
    void vscode.window.showErrorMessage(`${fileName(picked)}: ${describeSheetEncoding(decoded.problem, locale)}`);
    return false;
  }
  const sheet = decoded.text;
  const map = new Map<string, string>(Object.entries(options.map ?? {}));
  for (;;) {
    let plan: ImportPlan;
    try {
      plan = planImport(document.getText(), sheet, { delimiter: delimiterFor(picked.path), map, locale });
    } catch (error) {
      void vscode.window.showErrorMessage(`${fileName(picked)}: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
    const apply = async (edits: NonNullable<ImportPlan['edits']>) => {
      const workspaceEdit = new vscode.WorkspaceEdit();
      for (const edit of edits)
        workspaceEdit.replace(document.uri, new vscode.Range(document.positionAt(edit.start), document.positionAt(edit.end)), edit.text);
      return vscode.workspace.applyEdit(workspaceEdit);
    };
    if (options.yes) return plan.edits ? apply(plan.edits) : false;
    const choice = await vscode.window.showQuickPick(mappingItems(plan), {
      title: vscode.l10n.t('Import {0} into {1}', fileName(picked), fileName(document.uri)),
      placeHolder: vscode.l10n.t('Choose a column to change its field, or import'),
    });
    if (!choice) return false;
    if (choice.action === 'import' && plan.edits) return apply(plan.edits);
    if (!choice.column) continue;
    const sheetInfo = corpusSheet(JSON.parse(document.getText()) as unknown);
    const skip = vscode.l10n.t('(do not import this column)');
    const fields = [
      ...new Set([
        ...sheetInfo.columns,
        sheetInfo.idField,
        sheetInfo.sourceField,
        'reference',
        'segment',
        'difficulty',
        'register',
        'provenance',
        'context',
        'notes',
        'domain',
      ]),
    ];
    const field = await vscode.window.showQuickPick([skip, ...fields], { title: vscode.l10n.t('Field for column {0}', choice.column) });
    if (field !== undefined) map.set(choice.column, field === skip ? '' : field);
  }
}
