import * as vscode from 'vscode';
import type { RunLogger } from '../../runner/log';

/**
 * The runner's logger on a LogOutputChannel: one line per request (method, URL, status, latency). Prompts and
 * responses only when the user sets the channel to Trace; keys never (the runner redacts them).
 */
export function channelLogger(channel: vscode.LogOutputChannel): RunLogger {
  return {
    info: (m) => channel.info(m),
    warn: (m) => channel.warn(m),
    error: (m) => channel.error(m),
    trace: (m) => channel.trace(m),
    get traceEnabled() {
      return channel.logLevel === vscode.LogLevel.Trace;
    },
  };
}
