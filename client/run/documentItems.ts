import * as vscode from 'vscode';
import { classifyFile, itemsPath, type Classification, type FileKind } from '../../core/document/classify';
import { DocumentVersions } from '../../core/document/versions';
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
}

/** One open document: its versions' parses, its newest version's model, and item hashes carried over. */
interface OpenDocument {
  versions: DocumentVersions;
  current?: VersionModel;
  hashes: ItemHashes;
}

/**
 * The client's one model of each open JSON document, keyed by its version: the text is parsed once per version
 * (`parsed`), incrementally from the version before when the edits stayed inside its items (`DocumentVersions`,
 * fed by every change event), and the runnable items are computed once from that parse (`get`), shared by the
 * CodeLens, the Test Explorer, the run commands and the corpus table. Only the newest version of each open
 * document is kept; item hashes carry over from version to version for items whose text did not change.
 */
export class DocumentModels implements vscode.Disposable {
  private readonly open = new Map<string, OpenDocument>();
  private readonly suiteCache = new Map<string, { version: number; items: DocumentItems }>();
  private readonly subscriptions = [
    vscode.workspace.onDidCloseTextDocument((d) => {
      this.open.delete(d.uri.toString());
      this.suiteCache.delete(d.uri.toString());
    }),
    vscode.workspace.onDidChangeTextDocument((event) => {
      if (event.contentChanges.length === 0) return;
      // Each change's offsets are in the text the change before it left (the extension host applies them in turn).
      const edits = event.contentChanges.map((c) => ({ start: c.rangeOffset, end: c.rangeOffset + c.rangeLength, text: c.text }));
      this.open.get(event.document.uri.toString())?.versions.changed(event.document.version, edits);
    }),
  ];

  /** How the versions were parsed, whole or one item at a time: what tests read. */
  get parses(): { whole: number; incremental: number } {
    const total = { whole: 0, incremental: 0 };
    for (const o of this.open.values()) {
      total.whole += o.versions.counts.whole;
      total.incremental += o.versions.counts.incremental;
    }
    return total;
  }

  /** The document's parse at its current version. */
  parsed(document: vscode.TextDocument): JsonDocument {
    return this.entry(document).doc;
  }

  /** The runnable items of a JSON document or a suite's item file at its current version (none for other documents). */
  get(document: vscode.TextDocument): DocumentItems | undefined {
    if (!isJsonDocument(document)) return this.suiteItems(document);
    const entry = this.entry(document);
    if (entry.items) return entry.items;
    const hashes = this.open.get(document.uri.toString())!.hashes;
    hashes.update(entry.doc);
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
    const items = itemsOfSuiteFile(document.uri, document.getText(), suite);
    this.suiteCache.set(key, { version: document.version, items });
    return items;
  }

  private entry(document: vscode.TextDocument): VersionModel {
    const key = document.uri.toString();
    let open = this.open.get(key);
    if (!open) this.open.set(key, (open = { versions: new DocumentVersions(), hashes: new ItemHashes() }));
    if (open.current?.version === document.version) return open.current;
    const uri = document.uri;
    const doc = open.versions.at(
      document.version,
      () => document.getText(),
      textLength(document),
      (previous) => itemsPath(classificationOf(uri, previous.value)),
    );
    open.current = { version: document.version, doc };
    return open.current;
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.open.clear();
    this.suiteCache.clear();
  }
}

/** The text's length without reading it: the offset of its end. */
function textLength(document: vscode.TextDocument): number {
  const last = document.lineAt(document.lineCount - 1);
  return document.offsetAt(last.range.end);
}
