/**
 * The boards' code, bundled apart (dist/lazyBoards.js) and loaded when a board view first opens, so activation
 * parses none of it: core's leaderboard (hash verification, bootstrap intervals), the runs reader and compare
 * (paired bootstrap, diffs), and the views' page models.
 */
export { buildLeaderboard, isLeaderboardSource } from '../../core/leaderboard/leaderboard';
export { reviewFileNameFor } from '../../core/review/review';
export { importProblemText, importRatings, packetData, packetHtml, packetMessage, secretLeftOut } from '../../core/review/packet';
export { cardReviewGate, cardReviewPassed, teamFilesBeside } from '../../core/review/team';
export { DEFAULT_TEAM_GATE, teamGateReasons } from '../../core/review/agreement';
export { readRuns } from '../../core/runs/read';
export { CompareError, compareRuns } from '../../core/compare/compare';
export { INITIAL_STATE, leaderboardPage, toggleSort, withFilter } from './leaderboardModel';
export { comparePage } from './compareModel';
export { analyseItems, runsByCorpus } from '../../core/compare/items';
export { INITIAL_ITEMS_STATE, itemsPage, toggleItemsSort, withItemsFilter } from './itemsModel';
export { matrixPage } from './matrixModel';
export { runCharts, withCharts } from './chartsModel';
export { agreementProblemText, checkReviews, reviewerNames, sampleKey } from '../../core/review/agreement';
export { bindReview, reviewCardCandidates } from '../../core/review/binding';
export { calibrate, calibrationItems } from '../../core/review/calibration';
export { calibrationMessage } from '../../core/review/calibrationText';
export { calibrationPage } from './calibrationModel';
export { readAdjudication } from '../../core/review/adjudication';
