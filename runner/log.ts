import { redactUrl } from '../core/run/presets';

/**
 * The run log: one line per model request (method, URL, status, latency, attempts). A key never reaches it
 * (the provider redacts error text) and a prompt only at trace level.
 */
export interface RunLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  /** Full request bodies and responses; callers check `traceEnabled` before building them. */
  trace(message: string): void;
  readonly traceEnabled: boolean;
}

export type LogLevel = 'info' | 'warn' | 'error' | 'trace';

/** A URL as it may be logged: query values redacted (some providers take `?key=`), no user info (core's `redactUrl`). */
export function loggableUrl(url: string): string {
  return redactUrl(url);
}

export interface RequestLine {
  method: string;
  url: string;
  /** The last HTTP status seen, or the failure kind when no response came (`timeout`, `network`). */
  status: number | string;
  latencyMs: number;
  attempts: number;
  cached?: boolean;
}

/** `POST http://127.0.0.1:8080/v1/chat/completions 200 · 123 ms · 1 attempt`. */
export function requestLine(line: RequestLine): string {
  const attempts = `${line.attempts} attempt${line.attempts === 1 ? '' : 's'}`;
  return `${line.method} ${loggableUrl(line.url)} ${line.status} · ${Math.round(line.latencyMs)} ms · ${line.cached ? 'cache hit' : attempts}`;
}

/** Writes `[level] message` lines to a stream-like sink (stderr for the CLI). */
export function consoleLogger(write: (text: string) => void, options: { trace?: boolean } = {}): RunLogger {
  const emit = (level: LogLevel) => (message: string) => write(`[${level}] ${message}\n`);
  return {
    info: emit('info'),
    warn: emit('warn'),
    error: emit('error'),
    trace: options.trace ? emit('trace') : () => undefined,
    traceEnabled: options.trace ?? false,
  };
}

/** Keeps every line in memory (tests read `lines`). */
export function collectingLogger(options: { trace?: boolean } = {}): RunLogger & { lines: { level: LogLevel; message: string }[]; text(): string } {
  const lines: { level: LogLevel; message: string }[] = [];
  const push = (level: LogLevel) => (message: string) => lines.push({ level, message });
  return {
    lines,
    info: push('info'),
    warn: push('warn'),
    error: push('error'),
    trace: options.trace ? push('trace') : () => undefined,
    traceEnabled: options.trace ?? false,
    text: () => lines.map((l) => `[${l.level}] ${l.message}`).join('\n'),
  };
}

/** Logs nothing. */
export const silentLogger: RunLogger = { info: () => undefined, warn: () => undefined, error: () => undefined, trace: () => undefined, traceEnabled: false };
