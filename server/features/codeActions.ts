import {
  CodeActionKind,
  CodeActionRequest,
  CodeActionResolveRequest,
  type CodeAction,
  type CodeActionParams,
  type Diagnostic,
  type TextEdit,
} from 'vscode-languageserver';
import type { TextEdit as CoreEdit } from '../../core/rules/fixes';
import { editsForFix } from '../../core/rules/fixes';
import { fixAllEdits, type FixAllCode } from '../../core/rules/coverage';
import { codePoints } from '../../core/coverage/confusables';
import type { TextRange } from '../../core/text/lineIndex';
import type { Locale } from '../../core/i18n/locale';
import { pick, type Bilingual } from '../../core/i18n/locale';
import { DIAGNOSTIC_SOURCE } from '../../core/rules/codes';
import type { FixData } from '../../core/rules/finding';
import { resolveFindings, type ResolvedDiagnostic } from '../../core/validate';
import type { Analysis, AnalysisView } from '../analysis';
import { utf16Column } from '../positionEncoding';
import type { Feature } from './feature';

const TITLES: Record<string, Bilingual> = {
  'add-field': { en: 'Add field `{field}`', fr: 'Ajouter le champ `{field}`' },
  'renumber-id': { en: 'Renumber to {id}', fr: 'Renuméroter en {id}' },
  'rename-legacy-fields': {
    en: 'Convert legacy field names to the spec’s ({count} {count|edit|edits})',
    fr: 'Convertir les anciens noms de champs ({count} {count|modification|modifications})',
  },
  one: { en: "Replace look-alike '{found}' ({code}) with '{expected}'", fr: "Remplacer le sosie '{found}' ({code}) par '{expected}'" },
  nfc: { en: 'Normalise this string to NFC', fr: 'Normaliser cette chaîne en NFC' },
  'fix-all-confusable-char': { en: 'Fix all look-alike letters in the file', fr: 'Corriger tous les sosies du fichier' },
  'fix-all-mixed-normalization': { en: 'Normalise every string to NFC', fr: 'Normaliser toutes les chaînes en NFC' },
  'to-composite': { en: 'Score with `composite` (keywords, Ewe quality and format)', fr: 'Noter avec `composite` (mots-clés, qualité éwé et format)' },
  'remove-item': { en: 'Drop keyword `{label}`', fr: 'Retirer le mot-clé `{label}`' },
};

/** The source actions that fix a whole file (`editor.codeActionsOnSave: {"source.fixAll": …}` runs them). */
export const FIX_ALL_KINDS: Record<FixAllCode, string> = {
  'confusable-char': 'source.fixAll.ewebench.lookalikes',
  'mixed-normalization': 'source.fixAll.ewebench.nfc',
};
/** What the server announces: quick fixes and the parent of its fix-all kinds. */
export const CODE_ACTION_KINDS = [CodeActionKind.QuickFix, 'source.fixAll.ewebench'];

const FIX_ALL_CODES = Object.keys(FIX_ALL_KINDS) as FixAllCode[];
const isFixAllCode = (code: unknown): code is FixAllCode => FIX_ALL_CODES.includes(code as FixAllCode);

/** What a diagnostic's `data` holds: the analysed version the fixes' paths and spans belong to, and the fixes. */
export interface DiagnosticData {
  version: number;
  fixes: FixData[];
}

/** What a file-wide action sent without its edit holds, for `codeAction/resolve` to compute them. */
interface FixAllData {
  uri: string;
  fixAll: FixAllCode;
}

function title(fix: FixData, edits: number, locale: Locale): string {
  switch (fix.kind) {
    case 'add-field':
      return pick(TITLES['add-field'], locale, { field: fix.field });
    case 'renumber-id':
      return pick(TITLES['renumber-id'], locale, { id: JSON.stringify(fix.newId) });
    case 'rename-legacy-fields':
      return pick(TITLES['rename-legacy-fields'], locale, { count: edits });
    case 'replace-text':
      return pick(TITLES[fix.title], locale, { found: fix.found ?? '', code: codePoints(fix.found ?? ''), expected: fix.expected ?? '' });
    case 'set-fields':
      return pick(TITLES[fix.title], locale);
    case 'remove-item':
      return pick(TITLES['remove-item'], locale, { label: fix.label });
  }
}

const resolved = new WeakMap<Analysis, ResolvedDiagnostic[]>();

function resolvedOf(analysis: Analysis): ResolvedDiagnostic[] {
  let all = resolved.get(analysis);
  if (!all) {
    all = resolveFindings(analysis.doc, analysis.result.findings);
    resolved.set(analysis, all);
  }
  return all;
}

/**
 * The fixes of the analysis's finding with this code and (UTF-16) range: for clients that do not send
 * `diagnostic.data` back, or send it from another version, the finding the diagnostic came from is found again.
 * Without an exact match the wire range is read as UTF-8 byte columns (Neovim 0.7 sends bytes back to a UTF-16
 * server); only then does the finding with that code on the same lines whose start is nearest win.
 */
function fixesByCodeAndRange(analysis: Analysis, code: unknown, range: TextRange, wire: TextRange): FixData[] {
  const all = resolvedOf(analysis);
  const same = (a: TextRange['start'], b: TextRange['start']) => a.line === b.line && a.character === b.character;
  const exactly = (r: TextRange) => all.find((d) => d.code === code && same(d.range.start, r.start) && same(d.range.end, r.end));
  const lines = analysis.doc.lineIndex;
  const asBytes = (p: TextRange['start']) => ({ line: p.line, character: utf16Column(lines.lineText(p.line), 0, p.character) });
  const exact = exactly(range) ?? exactly({ start: asBytes(wire.start), end: asBytes(wire.end) });
  if (exact) return exact.fixes;
  let nearest: ResolvedDiagnostic | undefined;
  for (const d of all) {
    if (d.code !== code || d.range.start.line !== range.start.line || d.range.end.line !== range.end.line) continue;
    const distance = (x: ResolvedDiagnostic) => Math.abs(x.range.start.character - range.start.character);
    if (!nearest || distance(d) < distance(nearest)) nearest = d;
  }
  return nearest?.fixes ?? [];
}

/**
 * A diagnostic's fixes: its `data` when that is of the analysed version (paths and spans are that version's);
 * otherwise (no data, or data of another version) found again by code and range in the analysis.
 */
function fixesOf(view: AnalysisView, diagnostic: Diagnostic): FixData[] {
  const data = diagnostic.data as Partial<DiagnosticData> | undefined;
  if (data && Array.isArray(data.fixes) && data.version === view.analysis.version) return data.fixes;
  return fixesByCodeAndRange(view.analysis, diagnostic.code, view.rangeFromWire(diagnostic.range), diagnostic.range);
}

/** What the client handles for code actions: whether it can resolve an action's edit later. */
export interface CodeActionClient {
  locale: Locale;
  resolveEdit: boolean;
}

const wireEdits = (view: AnalysisView, edits: readonly CoreEdit[]): TextEdit[] =>
  edits.map((e) => ({ range: view.rangeToWire(view.analysis.doc.lineIndex.rangeOf(e.span)), newText: e.newText }));

/**
 * A file-wide fix: with a client that resolves edits, only its title and what to compute (`codeAction/resolve`
 * computes the edits when it is chosen); otherwise with its edits, computed now.
 */
function fixAllAction(view: AnalysisView, code: FixAllCode, kind: string, client: CodeActionClient, diagnostics?: Diagnostic[]): CodeAction {
  const action: CodeAction = { title: pick(TITLES[`fix-all-${code}`], client.locale), kind, ...(diagnostics ? { diagnostics } : {}) };
  if (client.resolveEdit) action.data = { uri: view.analysis.uri, fixAll: code } satisfies FixAllData;
  else action.edit = { changes: { [view.analysis.uri]: wireEdits(view, fixAllEdits(view.analysis.doc, view.analysis.result.classification, code)) } };
  return action;
}

/** Whether the request's `only` asks for actions of `kind` (a kind is asked for by itself or any prefix of it). */
function asked(only: readonly string[] | undefined, kind: string): boolean {
  return !!only?.some((k) => kind === k || kind.startsWith(`${k}.`));
}

/** How many findings of each code the analysis has (a file-wide quick fix is offered when there are several). */
const counts = new WeakMap<Analysis, Map<string, number>>();
function countOf(analysis: Analysis, code: string): number {
  let byCode = counts.get(analysis);
  if (!byCode) {
    byCode = new Map();
    for (const f of analysis.result.findings) byCode.set(f.code, (byCode.get(f.code) ?? 0) + 1);
    counts.set(analysis, byCode);
  }
  return byCode.get(code) ?? 0;
}

/**
 * Quick fixes for our own diagnostics, each editing what its own diagnostic points at; a look-alike or NFD string
 * also gets the file-wide fix. With `only` naming our fix-all kinds, the file-wide source actions. Ranges arrive
 * and leave through the view, in the client's encoding of the current text.
 */
export function codeActions(view: AnalysisView, params: CodeActionParams, client: CodeActionClient): CodeAction[] {
  const out: CodeAction[] = [];
  const seen = new Set<string>();
  const fileWide = new Map<FixAllCode, Diagnostic>();
  const { analysis } = view;
  const { locale } = client;
  for (const diagnostic of params.context.diagnostics) {
    if (diagnostic.source !== DIAGNOSTIC_SOURCE) continue;
    for (const fix of fixesOf(view, diagnostic)) {
      const edits = editsForFix(analysis.doc, fix);
      if (!edits || edits.length === 0) continue;
      const label = title(fix, edits.length, locale);
      // A legacy-names fix converts the whole file: it appears once however many diagnostics carry it.
      const key = fix.kind === 'rename-legacy-fields' ? label : `${label}@${JSON.stringify(diagnostic.range)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({
        title: label,
        kind: CodeActionKind.QuickFix,
        diagnostics: [diagnostic],
        isPreferred: fix.kind === 'renumber-id' || (fix.kind === 'replace-text' && fix.title === 'one'),
        edit: { changes: { [analysis.uri]: wireEdits(view, edits) } },
      });
    }
    const code = diagnostic.code;
    if (isFixAllCode(code) && !fileWide.has(code) && countOf(analysis, code) > 1) fileWide.set(code, diagnostic);
  }
  // The file-wide quick fixes come after every diagnostic's own.
  for (const [code, diagnostic] of fileWide) out.push(fixAllAction(view, code, CodeActionKind.QuickFix, client, [diagnostic]));
  for (const code of FIX_ALL_CODES) {
    if (asked(params.context.only, FIX_ALL_KINDS[code]) && countOf(analysis, code) > 0) out.push(fixAllAction(view, code, FIX_ALL_KINDS[code], client));
  }
  return out;
}

/**
 * `textDocument/codeAction`: the quick fixes of our diagnostics, read as hover is; the request's range and its
 * diagnostics' ranges must lie where the last analysis holds, and every edit returned in text no edit touched.
 * `codeAction/resolve`: a file-wide action's edits, computed from the analysis when the user picks it.
 */
export const codeActionsFeature: Feature = (ctx) => {
  const client = (): CodeActionClient => ({ locale: ctx.locale(), resolveEdit: ctx.client().codeActionResolveEdit });
  ctx.onRequest(CodeActionRequest.type, [], (params: CodeActionParams) => {
    const ranges = [
      ctx.codec.checkRange(params.range),
      ...params.context.diagnostics.map((d, i) => ctx.codec.checkRange(d.range, `context.diagnostics[${i}].range`)),
    ];
    const at = ranges.flatMap((r) => [r.start, r.end]);
    return ctx.view(params.textDocument.uri, at, (view) => codeActions(view, params, client())) ?? [];
  });
  ctx.onRequest(CodeActionResolveRequest.type, { title: '' }, (action: CodeAction) => {
    const data = action.data as Partial<FixAllData> | undefined;
    if (!data || typeof data.uri !== 'string' || !isFixAllCode(data.fixAll) || action.edit) return action;
    const code = data.fixAll;
    const edits = ctx.view(data.uri, [], (view) => wireEdits(view, fixAllEdits(view.analysis.doc, view.analysis.result.classification, code)));
    return edits ? { ...action, edit: { changes: { [data.uri]: edits } } } : action;
  });
};
