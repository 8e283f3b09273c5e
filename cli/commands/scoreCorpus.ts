import { counted } from '../../core/i18n/plural';
import { CorpusError, corpusRunInfo, type NormalisedEntry } from '../../core/run/corpus';
import { cleanTranslation } from '../../core/run/records';
import { analyseRun, type AnalysisInput, type RunAnalysis } from '../../core/scoring/rosetta/analysis';
import type { PythonSum } from '../../core/python/sum';
import type { ConfidenceInterval } from '../../core/stats/bootstrap';
import type { CliIo } from '../io';
import { terminalSafe, textTable } from '../format/text';

/** The key an entry's response is filed under: its id as text (a number as its JSON text), as a run's records name it. */
export const entryKey = (entry: Pick<NormalisedEntry, 'id'>): string => (typeof entry.id === 'string' ? entry.id : String(entry.id));

/**
 * `score CORPUS.json --responses RESPONSES.json`: each entry's raw model output is cleaned (`clean_response`)
 * and the run is analysed as the Rosetta harness analyses a run log (core/scoring/rosetta/analysis). A null
 * response is a failed call (an error, as in a run log); an entry with no key is left out with a warning.
 */
export function scoreCorpus(
  corpus: unknown,
  shown: string,
  answers: Record<string, unknown>,
  responsesShown: string,
  format: string,
  sumMode: PythonSum,
  io: CliIo,
): number {
  const warn = (text: string) => io.stderr(`warning: ${terminalSafe(text)}\n`);
  let info: ReturnType<typeof corpusRunInfo>;
  try {
    info = corpusRunInfo(corpus);
  } catch (error) {
    if (!(error instanceof CorpusError)) throw error;
    throw new Error(`${shown}: ${error.message}`, { cause: error });
  }
  const inputs: AnalysisInput[] = [];
  const used = new Set<string>();
  let missing = 0;
  for (const entry of info.entries) {
    const key = entryKey(entry);
    if (!Object.hasOwn(answers, key)) {
      missing++;
      continue;
    }
    used.add(key);
    const raw = answers[key];
    const base = { id: entry.id, source: entry.source, expected: entry.reference, segment: entry.segment, difficulty: entry.difficulty, domain: entry.domain };
    if (typeof raw === 'string') inputs.push({ ...base, raw_predicted: raw, predicted: cleanTranslation(raw) });
    else
      inputs.push({
        ...base,
        raw_predicted: '',
        predicted: '',
        error: raw === null ? 'no response' : `the response is not text (${Array.isArray(raw) ? 'array' : typeof raw})`,
      });
  }
  if (missing) warn(`${shown}: ${missing} entr${missing === 1 ? 'y has' : 'ies have'} no response and ${missing === 1 ? 'is' : 'are'} left out`);
  const unused = Object.keys(answers).filter((k) => !used.has(k));
  if (unused.length)
    warn(
      `${responsesShown}: ${counted(unused.length, 'response matches', 'responses match')} no entry: ${unused.slice(0, 5).join(', ')}${unused.length > 5 ? ', ...' : ''}`,
    );
  if (inputs.length === 0) {
    io.stderr(`error: no response matched an entry id of ${terminalSafe(shown)}; nothing was scored\n`);
    return 1;
  }
  const analysis = analyseRun(inputs, { pythonSum: sumMode });
  if (format === 'json') {
    io.stdout(JSON.stringify({ corpus: shown, dataset: info.datasetId, language_pair: info.languagePair, python_sum: sumMode, ...analysis }, null, 2) + '\n');
  } else {
    io.stdout(textReport(analysis));
  }
  return 0;
}

const ci = (c: ConfidenceInterval | undefined, percent = false): string => {
  if (!c) return '';
  const f = (x: number) => (percent ? `${(x * 100).toFixed(1)}%` : x.toFixed(2));
  return `  95% CI [${f(c.ci_lower)}, ${f(c.ci_upper)}]`;
};

function textReport(a: RunAnalysis): string {
  const rows = [['ENTRY', 'DIFFICULTY', 'EXACT', 'CHRF++', 'RESULT']];
  for (const e of a.entries)
    rows.push([
      String(e.id),
      String(e.difficulty),
      e.error ? '-' : e.exact_match ? 'yes' : 'no',
      e.error ? '-' : e.chrf_score.toFixed(2),
      e.error ? `ERROR: ${e.error}` : e.predicted,
    ]);
  let out = textTable(rows) + '\n';
  const groups = [['DIFFICULTY', 'COUNT', 'EXACT', 'ERRORS', 'AVG CHRF++', 'CORPUS CHRF++ 95% CI']];
  for (const [k, g] of Object.entries(a.by_difficulty)) {
    const tier = a.overall.confidence_intervals_by_tier?.[k]?.corpus_chrf;
    groups.push([
      k,
      String(g.count),
      String(g.exact_match_count),
      String(g.error_count),
      g.avg_chrf.toFixed(2),
      tier ? `[${tier.ci_lower.toFixed(2)}, ${tier.ci_upper.toFixed(2)}]` : '-',
    ]);
  }
  out += textTable(groups) + '\n';
  const o = a.overall;
  const cis = o.confidence_intervals ?? {};
  out += `Entries: ${o.total_entries} (${o.evaluated} scored, ${o.error_count} errored)\n`;
  out += `Exact match: ${o.exact_match_count}/${o.evaluated} (${(o.exact_match_rate * 100).toFixed(1)}%)${ci(cis.exact_match_rate, true)}\n`;
  if (o.corpus_chrf !== undefined) out += `Corpus chrF++: ${o.corpus_chrf.toFixed(2)}${ci(cis.corpus_chrf)}  (mean of entries ${o.avg_chrf?.toFixed(2)})\n`;
  out += `Composite: ${o.composite === null ? '-' : o.composite.toFixed(4)} (profile ${o.composite_profile}), tier ${o.quality_tier}${ci(cis.composite_score)}\n`;
  return out;
}
