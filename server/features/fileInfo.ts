import { RequestType } from 'vscode-languageserver';
import { FILE_INFO_REQUEST, type FileInfo } from '../protocol';
import type { Feature } from './feature';

const fileInfoRequest = new RequestType<{ uri: string }, FileInfo | null, void>(FILE_INFO_REQUEST);

/**
 * `ewebench/fileInfo`: the file's kind, corpus shape and number of problems, for the client's status bar, and how
 * the server served it since it was opened (for tests and benches).
 */
export const fileInfoFeature: Feature = (ctx) => ctx.onRequest(fileInfoRequest, null, (params) => {
  const analysis = ctx.analysisOf(params.uri);
  if (!analysis) return null;
  const { classification, findings } = analysis.result;
  return { kind: classification.kind, shape: classification.shape, problems: findings.length, stats: ctx.stats(params.uri) };
});
