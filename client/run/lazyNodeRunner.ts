/**
 * What desktop runs add to dist/lazyRunner.js: the local disk's storage (lock file, journal, atomic writes) and the
 * response cache. Bundled apart for Node (dist/lazyNodeRunner.js) and loaded on the first desktop run.
 */
export { nodeRunStorage } from '../../runner/nodeStorage';
export { ResponseCache } from '../../runner/cache';
