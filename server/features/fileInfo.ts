import { FileInfoRequest } from '../../protocol/ewebench';
import type { Feature } from './feature';

/**
 * `ewebench/fileInfo`: the file's kind, corpus shape and number of problems, for the client's status bar, and how
 * the server served it since it was opened (for tests and benches).
 */
export const fileInfoFeature: Feature = (ctx) =>
  ctx.onRequest(FileInfoRequest, null, (params) => {
    const analysis = ctx.analysisOf(params.uri);
    if (!analysis) return null;
    const { classification, findings } = analysis.result;
    return { kind: classification.kind, shape: classification.shape, problems: findings.length, stats: ctx.stats(params.uri) };
  });
