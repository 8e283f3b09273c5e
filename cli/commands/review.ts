import { counted } from '../../core/i18n/plural';
import { applyTextEdits } from '../../core/document/jsonEdits';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isObject, type JsonObject } from '../../core/json';
import {
  DEFAULT_GATE,
  drawSample,
  newReview,
  RATINGS,
  REVIEW_LIMITS,
  reviewableResults,
  reviewGate,
  summarizeReview,
  type RatingCounts,
} from '../../core/review/review';
import { numberFlag } from '../flags';
import { bindReview, reviewCardText } from '../../core/review/binding';
import {
  declaredAssignment,
  assignmentMessage,
  assignmentProblemText,
  assignmentProblems,
  MAX_REVIEWERS,
  teamReviewFileName,
  teamReviews,
  type TeamOptions,
} from '../../core/review/assignment';
import {
  agreementMessage,
  agreementJson,
  agreementProblemText,
  agreementText,
  checkReviews,
  DEFAULT_TEAM_GATE,
  reviewAgreement,
  decidedTotals,
  teamGate,
  teamGateText,
  teamRatings,
  type TeamGateVerdict,
} from '../../core/review/agreement';
import { ADJUDICATE_USAGE, adjudicate, adjudicationText, agreementAdjudication, teamCard } from './reviewAdjudicate';
import { gateFlags } from './reviewGateFlags';
import { unboundReason } from '../../core/rules/review';
import { verifyRunCard } from '../../core/runcard/verify';
import { toLocale } from '../../core/i18n/locale';
import { PyRandom } from '../../core/stats/pyRandom';
import { displayPath, formatOption, neighboursOf, parseArgs, parseJsonFile, readJsonFile, readText } from '../files';
import { terminalSafe } from '../format/text';
import { UsageError, type CliIo } from '../io';
import { writeFileAtomic } from '../../runner/outputs';
import { packetImportEdits } from '../../core/review/packetImportEdits';
import { importProblemText, importRatings, packetData, packetHtml, packetMessage, secretLeftOut } from '../../core/review/packet';
import { calibrateCommand, calibrateUsage } from './reviewCalibrate';

export const usage =
  'review sample RUN_CARD.json --size N --seed S [--out REVIEW.json] [--reviewer NAME] [--allow-secret-segments] | review sample RUN_CARD.json --size N --seed S --reviewers NAME,NAME... [--overlap K] [--hide-reference] [--allow-secret-segments] | review summary REVIEW.json [--format text|json] [--min-reviewers N] | review agreement REVIEW.json REVIEW.json... [--format text|json] [--seed S] [--adjudication ADJ.json] [--min-reviewers N] [--min-alpha A] | review packet REVIEW.json --out FILE.html [--allow-secret-segments] | review import RATINGS.json --into REVIEW.json | ' +
  calibrateUsage +
  ' | ' +
  ADJUDICATE_USAGE +
  '   human review of a corpus run (Rosetta §7.3)';

async function sample(args: string[], io: CliIo): Promise<number> {
  const { positional, values, flags } = parseArgs(args, {
    values: ['size', 'seed', 'out', 'reviewer', 'reviewers', 'overlap'],
    booleans: ['allow-secret-segments', 'hide-reference'],
  });
  if (positional.length !== 1) throw new UsageError('sample takes one run card');
  if (values.size === undefined || values.seed === undefined) throw new UsageError(`--${values.size === undefined ? 'size' : 'seed'} is required`);
  const size = numberFlag('size', values.size[0], REVIEW_LIMITS.size, 0);
  const seed = numberFlag('seed', values.seed[0], REVIEW_LIMITS.seed, 0);
  const locale = toLocale(process.env.LANG);
  let team: TeamOptions | undefined;
  if (values.reviewers !== undefined) {
    if (values.out !== undefined || values.reviewer !== undefined)
      throw new UsageError('--reviewers writes one file per reviewer beside the card: it takes neither --out nor --reviewer');
    const reviewers = values.reviewers[0].split(',').map((name) => name.trim());
    const overlap =
      values.overlap === undefined
        ? reviewers.length
        : numberFlag('overlap', values.overlap[0], { min: 1, max: MAX_REVIEWERS, integer: true, noun: 'a whole number' }, 0);
    const problems = assignmentProblems(reviewers, overlap);
    if (problems.length > 0) throw new UsageError(problems.map((p) => terminalSafe(assignmentProblemText(p, locale))).join('\n'));
    team = { reviewers, overlap, hideReference: flags.has('hide-reference') };
  } else if (values.overlap !== undefined || flags.has('hide-reference')) throw new UsageError('--overlap and --hide-reference assign a sample to --reviewers');
  const cardFile = path.resolve(io.cwd, positional[0]);
  const card = readJsonFile(positional[0], io);
  const shownCard = terminalSafe(displayPath(cardFile, io.cwd));
  if (!isObject(card) || !Array.isArray(card.results) || typeof card.run_card_hash !== 'string') {
    io.stderr(`${shownCard}: not a corpus run card (no results or no run_card_hash)\n`);
    return 2;
  }
  // A card whose seals do not hold is not the run it says it is: a review of it would be bound to nothing.
  const verification = verifyRunCard(readText(positional[0], io));
  if (verification !== 'verified') {
    io.stderr(
      verification === 'unsealed'
        ? `${shownCard}: the card has no run_card_hash: nothing tells which run a review of it rates\n`
        : `${shownCard}: the card does not verify (its seals no longer match its content: edited after the run); validate shows which; no sample drawn\n`,
    );
    return 2;
  }
  if (team) return sampleForTeam(card, cardFile, seed, size, team, flags.has('allow-secret-segments'), io);
  const out = path.resolve(io.cwd, values.out?.[0] ?? cardFile.replace(/\.json$/i, '') + '.review.json');
  if (fs.existsSync(out)) {
    io.stderr(`${terminalSafe(displayPath(out, io.cwd))}: a review is already there; its ratings would be lost: name another --out or remove it\n`);
    return 2;
  }
  const drawn = drawSample(reviewableResults(card), { size, seed, random: new PyRandom(seed), allowSecretSegments: flags.has('allow-secret-segments') });
  if (drawn.items.length === 0) {
    io.stderr(
      `${shownCard}: no entry with an output to review${drawn.secretSkipped ? ` (${drawn.secretSkipped} in secret segments: --allow-secret-segments)` : ''}\n`,
    );
    return 1;
  }
  const review = newReview(drawn, {
    runCardPath: path.relative(path.dirname(out), cardFile).split(path.sep).join('/'),
    card,
    reviewer: values.reviewer?.[0] ?? '',
    created: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    seed,
    size,
  });
  writeFileAtomic(out, JSON.stringify({ $schema: 'https://ewebench.studio/schemas/review.schema.json', ...review }, null, 2) + '\n', {
    inputs: [cardFile],
    show: (f) => terminalSafe(displayPath(f, io.cwd)),
  });
  const tiers = Object.entries(drawn.perTier)
    .map(([t, n]) => `${t}: ${n}`)
    .join(', ');
  io.stdout(
    `${terminalSafe(displayPath(out, io.cwd))}: ${drawn.items.length} of ${counted(drawn.population, 'output', 'outputs')} drawn (seed ${seed}; per difficulty tier ${tiers})\n`,
  );
  if (drawn.secretSkipped)
    io.stdout(`  ${counted(drawn.secretSkipped, 'entry', 'entries')} of secret segments left out (--allow-secret-segments to include them)\n`);
  return 0;
}

/** `review sample --reviewers`: one file per reviewer beside the card, all checked free before any is written. */
function sampleForTeam(card: JsonObject, cardFile: string, seed: number, size: number, team: TeamOptions, allowSecretSegments: boolean, io: CliIo): number {
  const locale = toLocale(process.env.LANG);
  const show = (f: string) => terminalSafe(displayPath(f, io.cwd));
  const outs = team.reviewers.map((name) => path.join(path.dirname(cardFile), teamReviewFileName(path.basename(cardFile), name)));
  const taken = outs.filter((f) => fs.existsSync(f));
  if (taken.length > 0) {
    for (const f of taken) io.stderr(assignmentMessage(locale, 'exists', { file: show(f) }) + '\n');
    return 2;
  }
  const drawn = drawSample(reviewableResults(card), { size, seed, random: new PyRandom(seed), allowSecretSegments });
  if (drawn.items.length === 0) {
    io.stderr(
      `${show(cardFile)}: no entry with an output to review${drawn.secretSkipped ? ` (${drawn.secretSkipped} in secret segments: --allow-secret-segments)` : ''}\n`,
    );
    return 1;
  }
  const reviews = teamReviews(
    drawn,
    { runCardPath: path.basename(cardFile), card, created: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'), seed, size },
    team,
  );
  const tiers = Object.entries(drawn.perTier)
    .map(([t, n]) => `${t}: ${n}`)
    .join(', ');
  const lines = [
    assignmentMessage(locale, 'drawn', {
      drawn: drawn.items.length,
      population: drawn.population,
      seed,
      tiers,
      reviewers: team.reviewers.length,
      overlap: team.overlap,
      hidden: team.hideReference ? assignmentMessage(locale, 'hiddenReference') : '',
    }),
  ];
  reviews.forEach((review, i) => {
    writeFileAtomic(outs[i], JSON.stringify({ $schema: 'https://ewebench.studio/schemas/review.schema.json', ...review }, null, 2) + '\n', {
      inputs: [cardFile],
      show,
    });
    lines.push(`  ${assignmentMessage(locale, 'written', { file: show(outs[i]), reviewer: terminalSafe(review.reviewer), count: review.items.length })}`);
  });
  if (drawn.secretSkipped)
    lines.push(`  ${counted(drawn.secretSkipped, 'entry', 'entries')} of secret segments left out (--allow-secret-segments to include them)`);
  io.stdout(lines.join('\n') + '\n');
  return 0;
}

function countsLine(c: RatingCounts): string {
  const usable = c.usable_rate === null ? '—' : `${Math.round(c.usable_rate * 1000) / 10}% usable`;
  return `${c.rated}/${c.total} rated · ${RATINGS.map((r) => `${r} ${c[r]}`).join(' · ')} · ${usable}`;
}

async function summary(args: string[], io: CliIo): Promise<number> {
  const { positional, values } = parseArgs(args, { values: ['format', 'min-reviewers'] });
  if (positional.length !== 1) throw new UsageError('summary takes one review file');
  // A single review meets the gate only when one reviewer per item is enough (`--min-reviewers 1`).
  const minReviewers = gateFlags(values).minReviewers ?? DEFAULT_TEAM_GATE.minReviewers;
  const format = formatOption(values.format, ['text', 'json']);
  const reviewFile = path.resolve(io.cwd, positional[0]);
  const review = readJsonFile(positional[0], io);
  if (!isObject(review) || !Array.isArray(review.items)) {
    io.stderr(`${terminalSafe(displayPath(reviewFile, io.cwd))}: not a review file (no items)\n`);
    return 2;
  }
  const result = summarizeReview(review);
  const locale = toLocale(process.env.LANG);
  // The card the review names (or, when that path does not read, the card it sits beside as `<card>.review.json`),
  // read as validate reads it: regular files only, within MAX_NEIGHBOUR_BYTES.
  const found = reviewCardText(path.basename(reviewFile), review.run_card, neighboursOf(reviewFile).read);
  const bound = found ? bindReview(found.text, review) : ({ kind: 'card-unreadable' } as const);
  const binding = BINDING_NAMES[bound.kind];
  const single = declaredAssignment(review) === undefined;
  // A team's share is gated with its colleagues' files (review agreement); a single review, alone.
  const gate = found && bound.kind === 'bound' && single ? reviewGate(bound.card, review, DEFAULT_GATE) : undefined;
  const short = gate !== undefined && gate.kind !== 'not-gated' && minReviewers > 1;
  const cardShown = terminalSafe(found?.path ?? String(review.run_card ?? '?'));
  if (format === 'json') {
    io.stdout(
      JSON.stringify(
        {
          file: displayPath(reviewFile, io.cwd),
          run_card: found?.path ?? review.run_card ?? null,
          binding,
          ...(bound.kind === 'bound' ? {} : { unbound_reason: unboundReason(bound, locale) }),
          ...result,
          single_review: declaredAssignment(review) === undefined,
          gate: gate ? { verdict: short ? 'single-review' : gate.kind, ...DEFAULT_GATE, minReviewers } : null,
        },
        null,
        2,
      ) + '\n',
    );
    return bound.kind === 'bound' ? 0 : 1;
  }
  const lines = [`${terminalSafe(displayPath(reviewFile, io.cwd))}: ${countsLine(result.overall)}`];
  for (const [tier, counts] of Object.entries(result.by_tier)) lines.push(`  difficulty ${terminalSafe(tier)}: ${countsLine(counts)}`);
  const assignment = declaredAssignment(review);
  if (assignment === undefined) lines.push(`  ${agreementMessage(locale, 'singleReview', { needed: minReviewers })}`);
  else if (assignment !== 'malformed')
    lines.push(
      `  ${terminalSafe(
        agreementMessage(locale, 'teamShare', { reviewer: String(review.reviewer), reviewers: assignment.reviewers.join(', '), overlap: assignment.overlap }),
      )}`,
    );
  if (bound.kind === 'card-unreadable') lines.push(`  the run card ${cardShown} cannot be read: these ratings are bound to no run`);
  else if (bound.kind !== 'bound')
    lines.push(`  not a review of the run card ${cardShown}: ${terminalSafe(unboundReason(bound, locale))}; these ratings count for no gate`);
  else if (gate && short && bound.kind === 'bound') {
    const scores = isObject(bound.card.scores) ? bound.card.scores : {};
    lines.push(
      `  §7.2 gate: not met for the card's ${terminalSafe(String(scores.quality_tier ?? '?')).toLowerCase()} claim: a single review, and the gate asks ${counted(minReviewers, 'reviewer', 'reviewers')} per item (--min-reviewers)`,
    );
  } else if (gate && gate.kind !== 'not-gated') {
    lines.push(
      gate.kind === 'passed'
        ? `  §7.2 gate: passed (every drawn item rated, at least ${DEFAULT_GATE.minRated}, ${DEFAULT_GATE.minUsableRate * 100}% usable)`
        : `  §7.2 gate: not met for the card's ${gate.tier} claim (${gate.kind === 'unrated' ? `${counted(gate.unrated, 'item', 'items')} not rated yet; ` : ''}needs every drawn item rated, at least ${DEFAULT_GATE.minRated}, and ${DEFAULT_GATE.minUsableRate * 100}% usable)`,
    );
  }
  io.stdout(lines.join('\n') + '\n');
  return bound.kind === 'bound' ? 0 : 1;
}

async function agreement(args: string[], io: CliIo): Promise<number> {
  const { positional, values } = parseArgs(args, { values: ['format', 'seed', 'adjudication', 'min-reviewers', 'min-alpha'] });
  const format = formatOption(values.format, ['text', 'json']);
  const seed = values.seed === undefined ? undefined : numberFlag('seed', values.seed[0], REVIEW_LIMITS.seed, 0);
  const threshold = { ...DEFAULT_TEAM_GATE, ...gateFlags(values) };
  const locale = toLocale(process.env.LANG);
  const inputs = positional.map((file) => ({ file: displayPath(path.resolve(io.cwd, file), io.cwd), review: readJsonFile(file, io) }));
  const problems = checkReviews(inputs);
  if (problems.length > 0) {
    for (const p of problems) io.stderr(terminalSafe(agreementProblemText(p, locale)) + '\n');
    return 2;
  }
  const report = reviewAgreement(inputs, { seed });
  // The §7.2 gate, when the card the files name can be read and every file is a review of it.
  const { cardFile, cardText, unbound } = teamCard(positional, inputs, io);
  // The adjudication given, else the one beside the card: its ratings replace the median of the items it decides.
  const adjudication = agreementAdjudication(values.adjudication?.[0], unbound.length === 0 ? cardFile : undefined, inputs, io);
  const decisions = adjudication?.reading.decisions;
  const gate: TeamGateVerdict | undefined =
    cardText !== undefined && unbound.length === 0 ? teamGate(JSON.parse(cardText) as unknown, inputs, report, threshold, decisions) : undefined;
  const ratings = teamRatings(inputs, decisions);
  if (format === 'json') {
    const json = agreementJson(report) as JsonObject;
    json.gate =
      gate === undefined ? null : gate.kind === 'failed' ? { verdict: 'failed', failures: gate.failures, ...threshold } : { verdict: gate.kind, ...threshold };
    json.team_ratings = ratings.map((r) => ({ entry_id: r.entry_id, difficulty: r.difficulty, rating: r.rating, by: r.by }));
    json.decided = decidedTotals(ratings);
    if (adjudication)
      json.adjudication = {
        file: adjudication.file,
        adjudicator: adjudication.reading.adjudicator,
        decided: adjudication.reading.decisions.size,
        pending: adjudication.reading.pending,
        ignored: adjudication.reading.ignored,
        ...(adjudication.reading.problem ? { problem: adjudication.reading.problem.kind } : {}),
      };
    if (unbound.length > 0) json.unbound = unbound;
    io.stdout(JSON.stringify(json, null, 2) + '\n');
    return unbound.length > 0 ? 1 : 0;
  }
  let text = agreementText(report, locale, terminalSafe);
  for (const line of unbound) text += terminalSafe(line) + '\n';
  if (adjudication) text += adjudicationText(adjudication);
  text += agreementMessage(locale, 'decided', { ...decidedTotals(ratings) }) + '\n';
  const gateLine = gate && teamGateText(gate, locale);
  if (gateLine) text += gateLine + '\n';
  io.stdout(text);
  return unbound.length > 0 ? 1 : 0;
}

/**
 * The packet's page script, built beside the CLI's bundle (dist/reviewPacket.js); from the compiled tests
 * (out/cli/commands/), the repository's dist/.
 */
export function packetScript(): string {
  const candidates = [path.join(__dirname, 'reviewPacket.js'), path.join(__dirname, '..', '..', '..', 'dist', 'reviewPacket.js')];
  for (const file of candidates) {
    try {
      return fs.readFileSync(file, 'utf8');
    } catch {
      /* the next place */
    }
  }
  throw new Error(`the review packet's page script is missing (${candidates.join(' or ')}): run npm run build`);
}

/** `review packet`: one reviewer's items as one HTML file that needs no VS Code and no network. */
async function packet(args: string[], io: CliIo): Promise<number> {
  const { positional, values, flags } = parseArgs(args, { values: ['out'], booleans: ['allow-secret-segments'] });
  if (positional.length !== 1) throw new UsageError('packet takes one review file');
  if (values.out === undefined) throw new UsageError('--out FILE.html is required');
  const locale = toLocale(process.env.LANG);
  const show = (f: string) => terminalSafe(displayPath(f, io.cwd));
  const reviewFile = path.resolve(io.cwd, positional[0]);
  const review = readJsonFile(positional[0], io);
  const found = isObject(review) ? reviewCardText(path.basename(reviewFile), review.run_card, neighboursOf(reviewFile).read) : undefined;
  const cardShown = terminalSafe(found?.path ?? String((isObject(review) && review.run_card) || '?'));
  if (!isObject(review) || !Array.isArray(review.items)) {
    io.stderr(packetMessage(locale, 'review', { review: show(reviewFile), field: 'items' }) + '\n');
    return 2;
  }
  if (!found) {
    io.stderr(packetMessage(locale, 'noCard', { review: show(reviewFile), card: cardShown }) + '\n');
    return 2;
  }
  // Only a review of the card's seeded sample is packed: the texts shown are the card's, for the items drawn.
  const bound = bindReview(found.text, review);
  if (bound.kind !== 'bound') {
    io.stderr(packetMessage(locale, 'unbound', { review: show(reviewFile), card: cardShown, reason: terminalSafe(unboundReason(bound, locale)) }) + '\n');
    return 2;
  }
  const data = packetData(review, bound.card, { locale, allowSecretSegments: flags.has('allow-secret-segments') });
  if (!data) {
    io.stderr(packetMessage(locale, 'review', { review: show(reviewFile), field: 'reviewer' }) + '\n');
    return 2;
  }
  const out = path.resolve(io.cwd, values.out[0]);
  const cardFile = path.resolve(path.dirname(reviewFile), found.path);
  writeFileAtomic(out, packetHtml(data, packetScript()), { inputs: [reviewFile, cardFile], show });
  const lines = [packetMessage(locale, 'written', { file: show(out), count: data.items.length, reviewer: terminalSafe(data.binding.reviewer || '—') })];
  const secret = secretLeftOut(data);
  if (secret > 0) lines.push(`  ${packetMessage(locale, 'secretLeftOut', { count: secret })}`);
  io.stdout(lines.join('\n') + '\n');
  return 0;
}

/** `review import`: ratings saved from a packet merged into the review file, all or nothing. */
async function importSaved(args: string[], io: CliIo): Promise<number> {
  const { positional, values } = parseArgs(args, { values: ['into'] });
  if (positional.length !== 1) throw new UsageError('import takes one file of saved ratings');
  if (values.into === undefined) throw new UsageError('--into REVIEW.json is required');
  const locale = toLocale(process.env.LANG);
  const show = (f: string) => terminalSafe(displayPath(f, io.cwd));
  const savedFile = path.resolve(io.cwd, positional[0]);
  const reviewFile = path.resolve(io.cwd, values.into[0]);
  const saved = readJsonFile(positional[0], io);
  const reviewText = readText(values.into[0], io);
  const review = parseJsonFile(values.into[0], reviewText, io);
  const result = importRatings(saved, review);
  if (!result.ok) {
    for (const p of result.problems) io.stderr(terminalSafe(importProblemText(p, locale, show(savedFile), show(reviewFile))) + '\n');
    return 2;
  }
  // Each changed item is one edit in the file's own style; the rest of the file is left as it was.
  const edits = packetImportEdits(reviewText, result.changes);
  if (!edits) throw new Error(`${show(reviewFile)}: an imported item cannot be located`);
  const text = applyTextEdits(reviewText, edits);
  if (result.changes.length > 0) writeFileAtomic(reviewFile, text, { inputs: [savedFile], show });
  io.stdout(
    packetMessage(locale, 'imported', {
      review: show(reviewFile),
      file: show(savedFile),
      changed: result.changes.length,
      rated: result.rated,
      total: result.total,
    }) + '\n',
  );
  return 0;
}

/** `binding` in `review summary --format json`: the first three are the names earlier versions wrote. */
const BINDING_NAMES = {
  bound: 'bound',
  'card-unreadable': 'card-missing',
  'other-run': 'card-changed',
  'card-unverified': 'card-unverified',
  'not-sample': 'not-sample',
} as const;

/**
 * `review sample` draws a stratified sample of a corpus run's outputs; `review summary` counts the ratings; `review agreement` compares
 * reviewers; `review packet` writes a reviewer's items as one HTML file; `review import` merges the ratings saved from it.
 */
export async function run(args: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === 'sample') return sample(rest, io);
  if (sub === 'summary') return summary(rest, io);
  if (sub === 'agreement') return agreement(rest, io);
  if (sub === 'packet') return packet(rest, io);
  if (sub === 'import') return importSaved(rest, io);
  if (sub === 'calibrate') return calibrateCommand(rest, io);
  if (sub === 'adjudicate') return adjudicate(rest, io);
  throw new UsageError(sub ? `unknown review command '${sub}'` : 'review needs sample, summary, agreement, adjudicate, packet, import or calibrate');
}
