/**
 * The floors inside core, lowest first. A room (a folder of core, or one of its top-level files) imports only
 * rooms on the floors below its own, never one beside it or above it; a new room is placed here before it is
 * used. `.dependency-cruiser.cjs` turns this list into rules, `test/layers.test.ts` plants an import across each.
 *
 *   1  text, numbers and words every part needs: hashing, translation, JSON values, Python's semantics, the
 *      specs' constants and limits, the text model, Ewe typing, workspace paths, appending to arrays
 *   2  the JSON document model, JSON read in pieces, and statistics
 *   3  what a file is and how an answer scores: coverage of the language, run-card hashes, the schemas, metrics
 *   4  human review of a run
 *   5  the findings (rules) and what a run is (run)
 *   6  audits of tests, reading runs back, multilingual task suites
 *   7  comparisons, the leaderboard, validation of a whole file
 *   8  validation entry by entry (an import's appended entries, the incremental analysis's changed ones)
 *   9  boards' columns, charts, corpus tables and spreadsheets, incremental analysis
 *  10  benchmark matrices
 */
module.exports = [
  ['arrays.ts', 'hash', 'i18n', 'json.ts', 'python', 'spec', 'text', 'typing', 'workspace'],
  ['document', 'jsonStream.ts', 'stats'],
  ['coverage', 'runcard', 'schemas', 'scoring'],
  ['review'],
  ['rules', 'run'],
  ['audit', 'runs', 'suite'],
  ['compare', 'leaderboard', 'validate.ts'],
  ['entryValidation.ts'],
  ['boards', 'charts', 'corpus', 'incremental.ts'],
  ['bench'],
];
