import * as vscode from 'vscode';
import { classifyFile, type Classification, type FileKind } from '../../core/document/classify';
import { JsonDocument } from '../../core/document/jsonDocument';
import { runnableItems } from '../../core/run/items';
import type { RunnableItem } from '../../core/run/types';
import { ItemHashes } from './itemHashes';
import { isJsonDocument } from '../jsonDocument';
import { readServerSettings } from '../settings';
import { readTaskItems } from '../../core/suite/load';
import { suiteRunnableItems } from '../../core/suite/runRecords';
import type { SuiteItemFile } from '../../protocol/ewebench';
import { suiteItemFiles } from './suiteItemFiles';

/** What a document runs as: a JSON file's kind, or a task suite's item file. */
export type DocumentKind = FileKind | 'suite-items';

export interface DocumentItems {
  kind: DocumentKind;
  /** The tests file's stem (`translation`): the harness's category and fallback-id prefix. */
  category: string;
  items: RunnableItem[];
  /** The parsed document, for callers that need values (secret segments); none for a suite's item file. */
  doc?: JsonDocument;
  /** A suite's item file: the suite and the task that reads it. */
  suite?: SuiteItemFile;
  /** Item hashes, reused across versions for items whose text did not change. */
  hashOf(item: RunnableItem): string;
}

/**
 * What a document is, by core's one classifier: the `ewebench.fileKinds` globs matched against its URI (as the
 * server matches them) force a kind, else its content decides.
 */
export function classificationOf(uri: vscode.Uri, value: unknown): Classification {
  return classifyFile(value, uri.toString(), readServerSettings(uri).fileKinds);
}

/** Runnable items of a file's text that is not open (an open one's come from `DocumentModels`): tests or corpus entries, with their spans. */
export function itemsOfText(uri: vscode.Uri, text: string): DocumentItems {
  const suite = suiteItemFiles.of(uri);
  return suite ? itemsOfSuiteFile(uri, text, suite) : itemsOfDocument(uri, new JsonDocument(text));
}

/** A suite's item file: the items that read (one per row or line), each run with its task's prompt. */
function itemsOfSuiteFile(uri: vscode.Uri, text: string, suite: SuiteItemFile): DocumentItems {
  const category = uri.path.slice(uri.path.lastIndexOf('/') + 1);
  const items = suiteRunnableItems(readTaskItems(suite.task, suite.file, text).items);
  return { kind: 'suite-items', category, items, suite, hashOf: (item) => item.hash };
}

function itemsOfDocument(uri: vscode.Uri, doc: JsonDocument): DocumentItems {
  const category = uri.path.slice(uri.path.lastIndexOf('/') + 1).replace(/\.json$/i, '');
  const classification = classificationOf(uri, doc.value);
  const kind = classification.kind;
  const items = kind === 'ewebench-tests' || kind === 'rosetta-corpus' ? runnableItems(doc, category, classification) : [];
  return { kind, category, items, doc, hashOf: (item) => item.hash };
}

/** One version of an open document: its parse, and its items once asked for. */
interface VersionModel {
  version: number;
  doc: JsonDocument;
  items?: DocumentItems;
  hashes?: ItemHashes;
}

/**
 * The client's one model of each open JSON document, keyed by its version: the text is parsed once per version
 * (`parsed`), and the runnable items are computed once from that parse (`get`), shared by the CodeLens, the
 * Test Explorer, the run commands and the corpus table. Only the newest version of each open document is kept;
 * item hashes carry over from version to version for items whose text did not change.
 */
export class DocumentModels implements vscode.Disposable {
  private readonly cache = new Map<string, VersionModel>();
  private readonly suiteCache = new Map<string, { version: number; items: DocumentItems }>();
  private readonly subscription = vscode.workspace.onDidCloseTextDocument((d) => {
    this.cache.delete(d.uri.toString());
    this.suiteCache.delete(d.uri.toString());
  });
  /** How many times a text was parsed: what a test reads to see that the parts share one parse per version. */
  parses = 0;

  /** The document's parse at its current version. */
  parsed(document: vscode.TextDocument): JsonDocument {
    return this.entry(document).doc;
  }

  /** The runnable items of a JSON document or a suite's item file at its current version (none for other documents). */
  get(document: vscode.TextDocument): DocumentItems | undefined {
    if (!isJsonDocument(document)) return this.suiteItems(document);
    const entry = this.entry(document);
    if (entry.items) return entry.items;
    const hashes = entry.hashes ?? new ItemHashes();
    hashes.update(document.getText());
    entry.hashes = hashes;
    const items = itemsOfDocument(document.uri, entry.doc);
    entry.items = { ...items, hashOf: (item: RunnableItem) => hashes.hashOf(item) };
    return entry.items;
  }

  /** A suite's item file, read once per version (the rows hold no item a keystroke could be confined to). */
  private suiteItems(document: vscode.TextDocument): DocumentItems | undefined {
    const suite = suiteItemFiles.of(document.uri);
    if (!suite) return undefined;
    const key = document.uri.toString();
    const hit = this.suiteCache.get(key);
    if (hit && hit.version === document.version && hit.items.suite === suite) return hit.items;
    this.parses++;
    const items = itemsOfSuiteFile(document.uri, document.getText(), suite);
    this.suiteCache.set(key, { version: document.version, items });
    return items;
  }

  private entry(document: vscode.TextDocument): VersionModel {
    const key = document.uri.toString();
    const hit = this.cache.get(key);
    if (hit && hit.version === document.version) return hit;
    this.parses++;
    const entry: VersionModel = { version: document.version, doc: new JsonDocument(document.getText()), hashes: hit?.hashes };
    this.cache.set(key, entry);
    return entry;
  }

  dispose(): void {
    this.subscription.dispose();
    this.cache.clear();
    this.suiteCache.clear();
  }
}
