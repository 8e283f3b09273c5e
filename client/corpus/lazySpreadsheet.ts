import * as vscode from 'vscode';
import { corpusSheet, SpreadsheetError } from '../../core/corpus/cells';
import { decodeSheetBytes } from '../../core/document/encoding';
import { delimiterFor, describeSheetEncoding, exportSheet, planImport, type ImportPlan, type RowProblem } from '../../core/corpus/spreadsheet';
import { planUpdate, spanEdit, type UpdatePlan } from '../../core/corpus/sheetUpdate';
import { toLocale } from '../../core/i18n/locale';
import { plural } from '../../core/i18n/plural';

/**
 * *Export Corpus to CSV/TSV* and *Import Entries from CSV/TSV*: thin over core/corpus/spreadsheet, the same code
 * as the CLI's `corpus export` / `corpus import`. An import shows its column mapping first, lets the user change
 * it, and lands as one edit of the corpus document (undo takes it back whole). Bundled on its own
 * (dist/lazySpreadsheet.js, with the validator and papaparse) and loaded on the first use of either command.
 */

const fileName = (uri: vscode.Uri) => uri.path.split('/').pop() ?? '';

/** The corpus a command acts on: the one it was given (Explorer, editor title), else the focused table's, else the text editor's. */
async function corpusDocument(uri?: vscode.Uri): Promise<vscode.TextDocument | undefined> {
  if (uri instanceof vscode.Uri) return vscode.workspace.openTextDocument(uri);
  const tab = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  if (tab instanceof vscode.TabInputCustom && tab.viewType === 'ewebench.corpusTable') return vscode.workspace.openTextDocument(tab.uri);
  return vscode.window.activeTextEditor?.document;
}

/** Column maps remembered per corpus (workspace state), set by the commands' registration. */
let memory: vscode.Memento | undefined;
export function rememberMapsIn(state: vscode.Memento): void {
  memory = state;
}
const mapKey = (corpus: vscode.Uri) => `ewebench.sheetMap:${corpus.toString()}`;

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
  /** Update the entries whose ids the sheet has (the default when the sheet's ids are the corpus's), or append. */
  update?: boolean;
  /** With an update: remove the entries the sheet does not have. */
  prune?: boolean;
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
  void vscode.window.showInformationMessage(
    plural(entries, vscode.env.language, {
      one: vscode.l10n.t('{0} entry exported to {1}.', entries, fileName(target)),
      other: vscode.l10n.t('{0} entries exported to {1}.', entries, fileName(target)),
    }),
  );
  if (warnings.length > 0) void vscode.window.showWarningMessage(`${fileName(target)}: ${warnings.slice(0, 3).join(' · ')}`);
  return target;
}

type MappingItem = vscode.QuickPickItem & { column?: string; action: 'import' | 'remap' | 'prune' | 'none' };

/** Every problem as its own line of the list, with its row and column. */
function problemItems(problems: readonly RowProblem[]): MappingItem[] {
  if (problems.length === 0) return [];
  return [
    { label: vscode.l10n.t('Problems'), kind: vscode.QuickPickItemKind.Separator, action: 'none' },
    ...problems.map((p): MappingItem => {
      const where = [p.row === undefined ? '' : vscode.l10n.t('line {0}', p.row), p.column === undefined ? '' : vscode.l10n.t('column {0}', p.column)]
        .filter(Boolean)
        .join(', ');
      return {
        label: `${p.severity === 'error' ? '$(error)' : '$(warning)'} ${where || vscode.l10n.t('the sheet')}`,
        detail: p.message + (p.code ? ` [${p.code}]` : ''),
        action: 'none',
      };
    }),
  ];
}

/** The update's preview: the action, every changed cell before and after, the added, kept and untouched entries. */
function updateItems(plan: UpdatePlan): MappingItem[] {
  const errors = plan.problems.filter((p) => p.severity === 'error');
  const cells = plan.changed.reduce((n, e) => n + e.cells.length, 0);
  const shown = (s: string) => (s === '' ? vscode.l10n.t('(empty)') : JSON.stringify(s));
  const head: MappingItem = plan.newText
    ? {
        label: `$(check) ${vscode.l10n.t('Update {0} ({1}), add {2}', entriesText(plan.changed.length), cellsText(cells), plan.added.length)}`,
        detail: plural(plan.untouched.length, vscode.env.language, {
          one: vscode.l10n.t('{0} entry unchanged', plan.untouched.length),
          other: vscode.l10n.t('{0} entries unchanged', plan.untouched.length),
        }),
        action: 'import',
      }
    : {
        label: `$(error) ${plural(errors.length, vscode.env.language, { one: vscode.l10n.t('Nothing can be updated: {0} error', errors.length), other: vscode.l10n.t('Nothing can be updated: {0} errors', errors.length) })}`,
        action: 'none',
      };
  const items: MappingItem[] = [head, ...problemItems(plan.problems)];
  if (plan.changed.length > 0)
    items.push(
      { label: vscode.l10n.t('Changed'), kind: vscode.QuickPickItemKind.Separator, action: 'none' },
      ...plan.changed.flatMap((e) =>
        e.cells.map((c): MappingItem => ({ label: `${e.id} · ${c.field}`, description: `${shown(c.before)} → ${shown(c.after)}`, action: 'none' })),
      ),
    );
  if (plan.added.length > 0)
    items.push(
      { label: vscode.l10n.t('Added'), kind: vscode.QuickPickItemKind.Separator, action: 'none' },
      ...plan.added.map((a): MappingItem => ({ label: a.id, description: vscode.l10n.t('line {0}', a.row), action: 'none' })),
    );
  if (plan.missing.length > 0)
    items.push(
      { label: vscode.l10n.t('Not in the sheet'), kind: vscode.QuickPickItemKind.Separator, action: 'none' },
      {
        label: plan.pruned
          ? plural(plan.missing.length, vscode.env.language, {
              one: vscode.l10n.t('{0} entry will be removed', plan.missing.length),
              other: vscode.l10n.t('{0} entries will be removed', plan.missing.length),
            })
          : plural(plan.missing.length, vscode.env.language, {
              one: vscode.l10n.t('{0} entry is kept', plan.missing.length),
              other: vscode.l10n.t('{0} entries are kept', plan.missing.length),
            }),
        detail: plan.missing.join(', '),
        action: 'none',
      },
      ...(plan.pruned ? [] : [{ label: `$(trash) ${vscode.l10n.t('Remove the entries the sheet does not have…')}`, action: 'prune' as const }]),
    );
  return items;
}

/** The mapping as a list: the import action first (with the problems), then one row per column to remap. */
function mappingItems(plan: ImportPlan): MappingItem[] {
  const errors = plan.problems.filter((p) => p.severity === 'error');
  const head: MappingItem = plan.newText
    ? {
        label: `$(check) ${plural(plan.entries.length, vscode.env.language, { one: vscode.l10n.t('Import {0} entry', plan.entries.length), other: vscode.l10n.t('Import {0} entries', plan.entries.length) })}`,
        action: 'import',
      }
    : {
        label: `$(error) ${plural(errors.length, vscode.env.language, { one: vscode.l10n.t('Nothing can be imported: {0} error', errors.length), other: vscode.l10n.t('Nothing can be imported: {0} errors', errors.length) })}`,
        action: 'none',
      };
  return [head, ...problemItems(plan.problems), ...columnItems(plan.columns)];
}

/** The columns, one per row of the list: choosing one changes its field. */
function columnItems(columns: readonly { column: string; field: string | null }[]): MappingItem[] {
  return [
    { label: vscode.l10n.t('Columns'), kind: vscode.QuickPickItemKind.Separator, action: 'none' },
    ...columns.map((c): MappingItem => ({
      label: c.column,
      description: c.field ? `→ ${c.field}` : vscode.l10n.t('not imported'),
      column: c.column,
      action: 'remap',
    })),
  ];
}

/** What an update changed, in words, for the message after it. */
function updateSummary(plan: UpdatePlan, corpus: string): string {
  const cells = plan.changed.reduce((n, e) => n + e.cells.length, 0);
  const parts = [
    vscode.l10n.t(
      '{0}: {1} ({2}), {3}, {4}',
      corpus,
      updatedText(plan.changed.length),
      cellsText(cells),
      addedText(plan.added.length),
      unchangedText(plan.untouched.length),
    ),
  ];
  if (plan.missing.length > 0)
    parts.push(
      plan.pruned
        ? plural(plan.missing.length, vscode.env.language, {
            one: vscode.l10n.t('{0} entry not in the sheet removed', plan.missing.length),
            other: vscode.l10n.t('{0} entries not in the sheet removed', plan.missing.length),
          })
        : plural(plan.missing.length, vscode.env.language, {
            one: vscode.l10n.t('{0} entry not in the sheet kept', plan.missing.length),
            other: vscode.l10n.t('{0} entries not in the sheet kept', plan.missing.length),
          }),
    );
  return parts.join('; ') + '.';
}

/** `1 entry`, `3 entries`: a count of entries in the user's language. */
function entriesText(n: number): string {
  return plural(n, vscode.env.language, { one: vscode.l10n.t('{0} entry', n), other: vscode.l10n.t('{0} entries', n) });
}

function cellsText(n: number): string {
  return plural(n, vscode.env.language, { one: vscode.l10n.t('{0} cell', n), other: vscode.l10n.t('{0} cells', n) });
}

function updatedText(n: number): string {
  return plural(n, vscode.env.language, { one: vscode.l10n.t('{0} entry updated', n), other: vscode.l10n.t('{0} entries updated', n) });
}

function addedText(n: number): string {
  return plural(n, vscode.env.language, { one: vscode.l10n.t('{0} entry added', n), other: vscode.l10n.t('{0} entries added', n) });
}

function unchangedText(n: number): string {
  return plural(n, vscode.env.language, { one: vscode.l10n.t('{0} entry unchanged', n), other: vscode.l10n.t('{0} entries unchanged', n) });
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
  const remembered = memory?.get<Record<string, string>>(mapKey(document.uri));
  const map = new Map<string, string>(Object.entries(options.map ?? remembered ?? {}).filter(([, v]) => typeof v === 'string'));
  const delimiter = delimiterFor(picked.path);
  let prune = options.prune === true;
  // An update when the sheet's ids are the corpus's (it came from an export), unless the caller says.
  let update = options.update;
  // Every edit in one WorkspaceEdit: one undo takes the import or the update back whole.
  const apply = async (edits: readonly { start: number; end: number; text: string }[]) => {
    const workspaceEdit = new vscode.WorkspaceEdit();
    for (const edit of edits) workspaceEdit.replace(document.uri, new vscode.Range(document.positionAt(edit.start), document.positionAt(edit.end)), edit.text);
    return vscode.workspace.applyEdit(workspaceEdit);
  };
  const remember = () => void memory?.update(mapKey(document.uri), Object.fromEntries(map));
  for (let round = 0; round < 1000; round++) {
    let plan: ImportPlan | UpdatePlan;
    const before = document.getText();
    try {
      if (update === undefined) {
        const probe = planUpdate(before, sheet, { delimiter, map, locale, hints: 'words' });
        update = probe.changed.length + probe.untouched.length > 0;
      }
      plan = update
        ? planUpdate(before, sheet, { delimiter, map, locale, hints: 'words', prune })
        : planImport(before, sheet, { delimiter, map, locale, hints: 'words' });
    } catch (error) {
      void vscode.window.showErrorMessage(`${fileName(picked)}: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
    const commit = async (): Promise<boolean> => {
      if (!plan.newText) return false;
      remember();
      if ('changed' in plan) {
        // One replacement of the span the update touched: one undo takes it back, every other byte stays.
        const done = await apply([spanEdit(before, plan.newText)]);
        if (done) void vscode.window.showInformationMessage(updateSummary(plan, fileName(document.uri)));
        return done;
      }
      const done = await apply(plan.edits ?? [spanEdit(before, plan.newText)]);
      if (done)
        void vscode.window.showInformationMessage(
          plural(plan.entries.length, vscode.env.language, {
            one: vscode.l10n.t('{0} entry imported into {1}.', plan.entries.length, fileName(document.uri)),
            other: vscode.l10n.t('{0} entries imported into {1}.', plan.entries.length, fileName(document.uri)),
          }),
        );
      return done;
    };
    if (options.yes) return commit();
    const items = 'changed' in plan ? [...updateItems(plan), ...columnItems(plan.columns)] : mappingItems(plan);
    const choice = await vscode.window.showQuickPick(items, {
      title: update
        ? vscode.l10n.t('Update {0} from {1}', fileName(document.uri), fileName(picked))
        : vscode.l10n.t('Import {0} into {1}', fileName(picked), fileName(document.uri)),
      placeHolder: vscode.l10n.t('Choose a column to change its field, or import'),
    });
    if (!choice) return false;
    if (choice.action === 'import' && plan.newText) return commit();
    if (choice.action === 'prune' && 'missing' in plan) {
      const remove = vscode.l10n.t('Remove');
      const answer = await vscode.window.showWarningMessage(
        plural(plan.missing.length, vscode.env.language, {
          one: vscode.l10n.t('Remove the {0} entry the sheet does not have ({1})?', plan.missing.length, plan.missing.join(', ')),
          other: vscode.l10n.t('Remove the {0} entries the sheet does not have ({1})?', plan.missing.length, plan.missing.join(', ')),
        }),
        { modal: true },
        remove,
      );
      if (answer === remove) prune = true;
      continue;
    }
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
  return false;
}
