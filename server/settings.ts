import type { FileKind } from '../core/document/classify';
import { isObject } from '../core/json';
import type { TeamGateThreshold } from '../core/review/agreement';
import { gateSettings } from '../core/review/team';
import { SETTINGS_SECTION } from '../protocol/ewebench';

/**
 * The most tests or corpus entries an outline lists; past it, one more symbol counts the rest. Each symbol costs
 * its share of the answer (about 200 bytes): a 200 MB corpus of a million entries made an answer of hundreds of
 * megabytes that blocked the server for minutes. `outlineLimit` in the server settings lowers or raises it.
 */
export const MAX_OUTLINE_ITEMS = 5000;

/**
 * The longest text the server analyses (in UTF-16 units, about bytes for JSON): 64 Mi, well above the
 * 100,000-entry corpus (about 37 MB) that must stay interactive, well below the 200 MB file whose parse alone held
 * the server for seconds. Past it a document gets one `file-too-large` finding and no analysis. `maxAnalysedChars`
 * in the server settings lowers or raises it.
 */
export const MAX_ANALYSED_CHARS = 64 * 1024 * 1024;

/** The `ewebench.*` settings the server reads (the client sends them at start and on change). */
export interface ServerSettings {
  enable: boolean;
  /** Globs that force a kind, for files whose content does not say (e.g. an empty tests file). */
  fileKinds: Partial<Record<FileKind, string[]>>;
  /** Off when the editor's own JSON support already reports syntax errors, so they are not shown twice. */
  reportSyntaxErrors: boolean;
  /** The most tests or entries an outline lists (`MAX_OUTLINE_ITEMS` unless a client sends `outlineLimit`). */
  outlineLimit: number;
  /** The longest text analysed (`MAX_ANALYSED_CHARS` unless a client sends `maxAnalysedChars`). */
  maxAnalysedChars: number;
  /** `no-separation` findings from the workspace's runs (`ewebench.noSeparation.enable`; VS Code sends it as `noSeparation`). */
  noSeparation: boolean;
  /**
   * The §7.2 gate's team thresholds (`ewebench.review.minReviewers`, `ewebench.review.minAlpha`; VS Code sends them
   * as `review: { minReviewers, minAlpha }`); what is not set is the gate's default.
   */
  reviewGate: Partial<TeamGateThreshold>;
}

export const DEFAULT_SETTINGS: ServerSettings = {
  enable: true,
  fileKinds: {},
  reportSyntaxErrors: true,
  outlineLimit: MAX_OUTLINE_ITEMS,
  maxAnalysedChars: MAX_ANALYSED_CHARS,
  noSeparation: true,
  reviewGate: {},
};

export function mergeSettings(raw: unknown, base: ServerSettings = DEFAULT_SETTINGS): ServerSettings {
  const obj = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const kinds = obj.fileKinds && typeof obj.fileKinds === 'object' ? (obj.fileKinds as Record<string, unknown>) : {};
  const fileKinds: Partial<Record<FileKind, string[]>> = {};
  for (const [kind, globs] of Object.entries(kinds)) {
    if (Array.isArray(globs)) fileKinds[kind as FileKind] = globs.filter((g): g is string => typeof g === 'string');
  }
  return {
    enable: typeof obj.enable === 'boolean' ? obj.enable : base.enable,
    fileKinds: Object.keys(fileKinds).length ? fileKinds : base.fileKinds,
    reportSyntaxErrors: typeof obj.reportSyntaxErrors === 'boolean' ? obj.reportSyntaxErrors : base.reportSyntaxErrors,
    outlineLimit: Number.isSafeInteger(obj.outlineLimit) && (obj.outlineLimit as number) >= 0 ? (obj.outlineLimit as number) : base.outlineLimit,
    maxAnalysedChars:
      Number.isSafeInteger(obj.maxAnalysedChars) && (obj.maxAnalysedChars as number) > 0 ? (obj.maxAnalysedChars as number) : base.maxAnalysedChars,
    noSeparation: typeof obj.noSeparation === 'boolean' ? obj.noSeparation : base.noSeparation,
    reviewGate: isObject(obj.review) ? { ...base.reviewGate, ...gateSettings(obj.review) } : base.reviewGate,
  };
}

/**
 * The `ewebench` settings object inside what a client sends as initialization options or configuration, whatever
 * its wrapping: `{settings: {ewebench: {...}}}`, `{settings: {...}}`, `{ewebench: {...}}` or the settings themselves
 * (Helix sends its `config` table as the initialization options as it is).
 */
export function settingsSection(raw: unknown): unknown {
  let section = raw;
  if (isObject(section) && isObject(section.settings)) section = section.settings;
  if (isObject(section) && isObject(section.ewebench)) section = section.ewebench;
  return section;
}

/** One item of a `workspace/configuration` request: the section, for a resource (a folder) or for the whole workspace. */
export interface SettingsQuery {
  scopeUri?: string;
  section: string;
}

/** A folder URI as a prefix of the URIs inside it (one trailing slash). */
const folderPrefix = (uri: string) => (uri.endsWith('/') ? uri : uri + '/');

/**
 * The settings of every document, per workspace folder. Clients that answer `workspace/configuration` are asked
 * once per folder (with its `scopeUri`) and once for the whole workspace, at start, when a folder is added and on
 * each `didChangeConfiguration`; the answers are cached here, so a validation reads its document's settings without
 * waiting. Other clients' settings come from the initialization options and `didChangeConfiguration` pushes, the
 * same for every folder. What a client answers is read over the initialization options (`mergeSettings`).
 */
export class SettingsStore {
  /** From the initialization options, then from pushes of clients that are not asked. */
  private pushed: ServerSettings = DEFAULT_SETTINGS;
  /** The workspace's answer (no `scopeUri`): documents outside every folder. */
  private workspace: ServerSettings | undefined;
  /** Each folder's answer, by folder prefix; the longest prefix of a document's URI is its folder. */
  private readonly byFolder = new Map<string, ServerSettings>();
  private folders: string[] = [];

  /** `pull`: the client answers `workspace/configuration` (its `workspace.configuration` capability). */
  constructor(readonly pull = false) {}

  /** The settings sent in the initialization options or pushed with `didChangeConfiguration`, in any wrapping. */
  push(raw: unknown): void {
    this.pushed = mergeSettings(settingsSection(raw), this.pushed);
  }

  /** The workspace folders (their URIs), in any order; a removed folder's settings are forgotten. */
  setFolders(uris: readonly string[]): void {
    this.folders = uris.map(folderPrefix);
    for (const prefix of [...this.byFolder.keys()]) if (!this.folders.includes(prefix)) this.byFolder.delete(prefix);
  }

  /** The settings in force for a document: its folder's, else the workspace's, else what was pushed. */
  forUri(uri: string): ServerSettings {
    let best: string | undefined;
    for (const prefix of this.byFolder.keys()) if (uri.startsWith(prefix) && (!best || prefix.length > best.length)) best = prefix;
    return (best !== undefined ? this.byFolder.get(best) : undefined) ?? this.workspace ?? this.pushed;
  }

  /**
   * Asks the client again for the workspace's and every folder's settings (one request) and caches the answers;
   * nothing when the client is not asked. `ask` is the `workspace/configuration` request; a failed request keeps
   * what was cached.
   */
  async refresh(ask: (items: SettingsQuery[]) => Promise<unknown[]>): Promise<void> {
    if (!this.pull) return;
    const folders = [...this.folders];
    const items: SettingsQuery[] = [{ section: SETTINGS_SECTION }, ...folders.map((f) => ({ scopeUri: f.slice(0, -1), section: SETTINGS_SECTION }))];
    const answers = await ask(items);
    if (!Array.isArray(answers)) return;
    this.workspace = mergeSettings(settingsSection(answers[0]), this.pushed);
    folders.forEach((prefix, i) => {
      // A folder removed while the request was out is not brought back.
      if (this.folders.includes(prefix)) this.byFolder.set(prefix, mergeSettings(settingsSection(answers[i + 1]), this.pushed));
    });
  }
}
