import { isObject, type JsonObject } from '../json';
import type { CardVerification } from '../runcard/verify';
import { paretoFront } from '../charts/charts';
import type { BenchCell, BenchmarkPrice, FreeValue } from './plan';

/**
 * The benchmark matrix's output (Rosetta §6.1): per cell, quality, cost and speed read from the card (or results
 * file) the cell wrote, and the Pareto front of quality against cost (`core/charts`' rule) — the cells no other cell beats on both.
 * There is no single benchmark score: the matrix is the result. Pure.
 */

export interface CellFigures {
  /** The card or results file the figures come from, as the adapter names it. */
  file: string;
  /** A run card's seal; null for a results file (which has none). */
  verification: CardVerification | null;
  /** The run's status as the file records it (`complete`, `partial`…); null when the file does not say. */
  status: string | null;
  /** 0–1: the Rosetta composite, or the ÈwéScore / 100. */
  quality: number | null;
  qualityMetric: 'composite' | 'ewe_score';
  /** Total USD: as the provider reported it, else tokens × the model's declared price, else null. */
  costUsd: number | null;
  costSource: 'reported' | 'tokens × price' | null;
  costPerItemUsd: number | null;
  /** Mean seconds per item. */
  avgLatencySeconds: number | null;
  promptTokens: number;
  completionTokens: number;
  items: number;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function priced(reported: number | null, promptTokens: number, completionTokens: number, price: BenchmarkPrice | undefined) {
  if (reported !== null && reported > 0) return { costUsd: reported, costSource: 'reported' as const };
  if (price)
    return { costUsd: (promptTokens * price.input_per_million + completionTokens * price.output_per_million) / 1e6, costSource: 'tokens × price' as const };
  return { costUsd: reported, costSource: reported === null ? null : ('reported' as const) };
}

/** A run card's figures (parsed with JSON.parse; its seal checked by the adapter with `verifyRunCard`). */
export function cardFigures(file: string, card: JsonObject, verification: CardVerification, price?: BenchmarkPrice): CellFigures {
  const scores = isObject(card.scores) ? card.scores : {};
  const totals = isObject(card.totals) ? card.totals : {};
  const studio = isObject(card.ewebench_studio) ? card.ewebench_studio : {};
  const items = num(scores.total) ?? (Array.isArray(card.results) ? card.results.length : 0);
  const promptTokens = num(totals.prompt_tokens) ?? 0;
  const completionTokens = num(totals.completion_tokens) ?? 0;
  const cost = priced(num(totals.total_cost_usd), promptTokens, completionTokens, price);
  return {
    file,
    verification,
    status: typeof studio.status === 'string' ? studio.status : null,
    quality: num(scores.composite),
    qualityMetric: 'composite',
    ...cost,
    costPerItemUsd: cost.costUsd !== null && items > 0 ? cost.costUsd / items : null,
    avgLatencySeconds: num(scores.avg_latency_seconds),
    promptTokens,
    completionTokens,
    items,
  };
}

/** An ÈwéBench results file's figures: the ÈwéScore, tokens, cost and latency summed over its details. */
export function resultsFigures(file: string, results: JsonObject, price?: BenchmarkPrice): CellFigures {
  let promptTokens = 0;
  let completionTokens = 0;
  let reported: number | null = null;
  let latency = 0;
  let timed = 0;
  let items = 0;
  const categories = isObject(results.categories) ? results.categories : {};
  for (const c of Object.values(categories)) {
    if (!isObject(c) || !Array.isArray(c.details)) continue;
    for (const d of c.details) {
      if (!isObject(d)) continue;
      items++;
      const usage = isObject(d.usage) ? d.usage : {};
      promptTokens += num(usage.prompt_tokens) ?? 0;
      completionTokens += num(usage.completion_tokens) ?? 0;
      const cost = num(usage.cost_usd);
      if (cost !== null) reported = (reported ?? 0) + cost;
      const ms = num(d.latency_ms);
      if (ms !== null) {
        latency += ms / 1000;
        timed++;
      }
    }
  }
  const studio = isObject(results.ewebench_studio) ? results.ewebench_studio : {};
  const eweScore = num(results.ewe_score);
  const cost = priced(reported, promptTokens, completionTokens, price);
  return {
    file,
    verification: null,
    status: typeof studio.status === 'string' ? studio.status : typeof results.status === 'string' ? results.status : null,
    quality: eweScore === null ? null : eweScore / 100,
    qualityMetric: 'ewe_score',
    ...cost,
    costPerItemUsd: cost.costUsd !== null && items > 0 ? cost.costUsd / items : null,
    avgLatencySeconds: timed ? latency / timed : null,
    promptTokens,
    completionTokens,
    items,
  };
}

export interface MatrixRow {
  cell: string;
  model: string;
  temperature: number | null;
  prompt_version: string | null;
  free: Record<string, FreeValue>;
  target: string;
  /** What happened to the cell in this invocation. */
  outcome: 'ran' | 'skipped' | 'failed' | 'not-run';
  figures: CellFigures | null;
  /** On the Pareto front of quality (higher) against cost per item (lower), among cells of the same target. */
  pareto: boolean;
}

/** The matrix rows in plan order, with the Pareto front computed per target (quality is comparable only on one target). */
export function benchMatrix(
  cells: readonly BenchCell[],
  outcomes: ReadonlyMap<string, { outcome: MatrixRow['outcome']; figures: CellFigures | null }>,
): MatrixRow[] {
  const rows: MatrixRow[] = cells.map((c) => {
    const o = outcomes.get(c.id) ?? { outcome: 'not-run' as const, figures: null };
    return {
      cell: c.id,
      model: c.model.model,
      temperature: c.temperature,
      prompt_version: c.promptVersion,
      free: c.free,
      target: c.target.path,
      outcome: o.outcome,
      figures: o.figures,
      pareto: false,
    };
  });
  for (const target of new Set(rows.map((r) => r.target))) {
    const members = rows.filter((r) => r.target === target);
    // A card that does not verify is not a result to stand on.
    const usable = (r: MatrixRow) => r.figures !== null && (r.figures.verification === null || r.figures.verification === 'verified');
    // The one Pareto rule (core/charts): of equal points, the first in plan order stands for them.
    const points = members.map((r) => ({
      label: r.cell,
      quality: usable(r) ? (r.figures?.quality ?? NaN) : NaN,
      cost: usable(r) ? (r.figures?.costPerItemUsd ?? NaN) : NaN,
    }));
    for (const k of paretoFront(points)) members[k].pareto = true;
  }
  return rows;
}
