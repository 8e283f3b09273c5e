import { CodeActionKind, CodeActionRequest, type CodeAction, type CodeActionParams, type Diagnostic, type TextEdit } from 'vscode-languageserver';
import { editsForFix } from '../../core/fixes';
import type { Locale } from '../../core/i18n/locale';
import { pick, type Bilingual } from '../../core/i18n/locale';
import { DIAGNOSTIC_SOURCE } from '../../core/rules/codes';
import type { FixData } from '../../core/rules/finding';
import { resolveFindings, type ResolvedDiagnostic } from '../../core/validate';
import type { Analysis, AnalysisView } from '../analysis';
import type { Feature } from './feature';

const TITLES: Record<string, Bilingual> = {
  'add-field': { en: 'Add field `{field}`', fr: 'Ajouter le champ `{field}`' },
  'renumber-id': { en: 'Renumber to {id}', fr: 'Renuméroter en {id}' },
  'rename-legacy-fields': { en: 'Convert legacy field names to the spec’s ({count} edits)', fr: 'Convertir les anciens noms de champs ({count} modifications)' },
  one: { en: 'Replace with the intended letter', fr: 'Remplacer par la lettre voulue' },
  all: { en: 'Replace every look-alike in the file', fr: 'Remplacer tous les sosies du fichier' },
  nfc: { en: 'Normalise the file to NFC', fr: 'Normaliser le fichier en NFC' },
  'to-composite': { en: 'Score with `composite` (keywords, Ewe quality and format)', fr: 'Noter avec `composite` (mots-clés, qualité ewe et format)' },
  'remove-item': { en: 'Drop keyword `{label}`', fr: 'Retirer le mot-clé `{label}`' },
};

function title(fix: FixData, edits: number, locale: Locale): string {
  switch (fix.kind) {
    case 'add-field':
      return pick(TITLES['add-field'], locale, { field: fix.field });
    case 'renumber-id':
      return pick(TITLES['renumber-id'], locale, { id: JSON.stringify(fix.newId) });
    case 'rename-legacy-fields':
      return pick(TITLES['rename-legacy-fields'], locale, { count: edits });
    case 'replace-text':
      return pick(TITLES[fix.title], locale);
    case 'set-fields':
      return pick(TITLES[fix.title], locale);
    case 'remove-item':
      return pick(TITLES['remove-item'], locale, { label: fix.label });
  }
}

const resolved = new WeakMap<Analysis, ResolvedDiagnostic[]>();

/**
 * The fixes of the current analysis's finding with this code and (UTF-16) range: for clients that do not send
 * `diagnostic.data` back, the finding the diagnostic came from is found again. Without an exact match, the
 * finding with that code on the same lines whose start is nearest wins: Neovim 0.7 sends the range back in bytes.
 */
function fixesByCodeAndRange(analysis: Analysis, code: unknown, range: Diagnostic['range']): FixData[] {
  let all = resolved.get(analysis);
  if (!all) {
    all = resolveFindings(analysis.doc, analysis.result.findings);
    resolved.set(analysis, all);
  }
  const same = (a: Diagnostic['range']['start'], b: Diagnostic['range']['start']) => a.line === b.line && a.character === b.character;
  const exact = all.find((d) => d.code === code && same(d.range.start, range.start) && same(d.range.end, range.end));
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
 * Quick fixes for our own diagnostics. The fix data travels in `diagnostic.data` from the validator; without it
 * the fixes are looked up by the diagnostic's code and range. Ranges arrive and leave through the view, in the
 * client's encoding of the current text.
 */
export function codeActions(view: AnalysisView, params: CodeActionParams, locale: Locale): CodeAction[] {
  const out: CodeAction[] = [];
  const seen = new Set<string>();
  const { analysis } = view;
  const { lineIndex } = analysis.doc;
  for (const diagnostic of params.context.diagnostics) {
    if (diagnostic.source !== DIAGNOSTIC_SOURCE) continue;
    const fixes = (diagnostic.data as { fixes?: FixData[] } | undefined)?.fixes
      ?? fixesByCodeAndRange(analysis, diagnostic.code, view.rangeFromWire(diagnostic.range));
    for (const fix of fixes) {
      const edits = editsForFix(analysis.doc, fix);
      if (!edits || edits.length === 0) continue;
      const label = title(fix, edits.length, locale);
      // File-wide fixes (legacy names, all look-alikes, NFC) appear once however many diagnostics carry them.
      const key = fix.kind === 'renumber-id' || fix.kind === 'add-field' || fix.kind === 'set-fields' || fix.kind === 'remove-item' ? `${label}@${JSON.stringify(diagnostic.range)}` : label;
      if (seen.has(key)) continue;
      seen.add(key);
      const lspEdits: TextEdit[] = edits.map((e) => ({ range: view.rangeToWire(lineIndex.rangeOf(e.span)), newText: e.newText }));
      out.push({
        title: label,
        kind: CodeActionKind.QuickFix,
        diagnostics: [diagnostic as Diagnostic],
        isPreferred: fix.kind === 'renumber-id' || (fix.kind === 'replace-text' && fix.title === 'one'),
        edit: { changes: { [analysis.uri]: lspEdits } },
      });
    }
  }
  return out;
}

/**
 * `textDocument/codeAction`: the quick fixes of our diagnostics, read as hover is; the request's range and its
 * diagnostics' ranges must lie where the last analysis holds, and every edit returned in text no edit touched.
 */
export const codeActionsFeature: Feature = (ctx) => ctx.onRequest(CodeActionRequest.type, [], (params: CodeActionParams) => {
  const ranges = [ctx.codec.checkRange(params.range), ...params.context.diagnostics.map((d, i) => ctx.codec.checkRange(d.range, `context.diagnostics[${i}].range`))];
  const at = ranges.flatMap((r) => [r.start, r.end]);
  return ctx.view(params.textDocument.uri, at, (view) => codeActions(view, params, ctx.locale())) ?? [];
});
