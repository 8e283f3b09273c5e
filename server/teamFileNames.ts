import { MAX_NEIGHBOUR_BYTES } from '../core/rules/review';
import type { FileConsumer } from './workspaceWalk';

/** A team reviewer's file name: `<card>.review.<reviewer>.json` (core/review/team.ts tells whose card). */
const TEAM_FILE = /\.review\.[^/]+\.json$/i;

function split(uri: string): { folder: string; name: string } {
  const slash = uri.lastIndexOf('/');
  let name = uri.slice(slash + 1);
  try {
    name = decodeURIComponent(name);
  } catch {
    // Kept as sent.
  }
  return { folder: uri.slice(0, slash + 1), name };
}

/**
 * The team review files on disk, by folder, as the one walk of the workspace meets them (at start and on watcher
 * events): the §7.2 gate on a card reads its team's files among them (core's `Neighbours.siblings`), without a
 * listing of its folder. Only the names are kept. Until the first walk is done the names are unknown, and a card's
 * gate waits rather than say its team is missing.
 */
export class TeamFileNames implements FileConsumer {
  readonly maxBytes = MAX_NEIGHBOUR_BYTES;
  private readonly byFolder = new Map<string, Set<string>>();
  private scanned = false;
  /** Folders whose names changed since `takeChangedFolders`. */
  private changedFolders = new Set<string>();

  wants(uri: string): boolean {
    return TEAM_FILE.test(split(uri).name);
  }

  take(uri: string, text: string | undefined): boolean {
    const { folder, name } = split(uri);
    let names = this.byFolder.get(folder);
    const had = names?.has(name) ?? false;
    if (text !== undefined && !had) {
      if (!names) this.byFolder.set(folder, (names = new Set()));
      names.add(name);
    } else if (text === undefined && had) {
      names!.delete(name);
      if (names!.size === 0) this.byFolder.delete(folder);
    } else return false;
    this.changedFolders.add(folder);
    return true;
  }

  /** The first walk is done: from now on an absent name is an absent file. */
  markScanned(): void {
    this.scanned = true;
  }

  /** The team file names in the folder of `documentUri`; undefined until the first walk is done. */
  siblingsOf(documentUri: string): readonly string[] | undefined {
    if (!this.scanned) return undefined;
    return [...(this.byFolder.get(split(documentUri).folder) ?? [])];
  }

  /** The folders whose names changed since the last call (their open cards are checked again). */
  takeChangedFolders(): string[] {
    const out = [...this.changedFolders];
    this.changedFolders = new Set();
    return out;
  }
}
