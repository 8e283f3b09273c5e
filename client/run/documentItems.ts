import * as path from 'node:path';
import * as vscode from 'vscode';
import { classifyFile, type Classification, type FileKind } from '../../core/document/classify';
import { JsonDocument } from '../../core/document/jsonDocument';
import { runnableItems } from '../../core/run/items';
import type { RunnableItem } from '../../core/run/types';
import { ItemHashes } from './itemHashes';
import { isJsonDocument } from '../jsonDocument';
import { readServerSettings } from '../settings';

export interface DocumentItems {
  kind: FileKind;
  /** The tests file's stem (`translation`): the harness's category and fallback-id prefix. */
  category: string;
  items: RunnableItem[];
  /** The parsed document, for callers that need values (secret segments). */
  doc: JsonDocument;
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

/** Runnable items of a text (a document or a file on disk): tests or corpus entries, with their spans. */
export function itemsOfText(uri: vscode.Uri, text: string): DocumentItems {
  const doc = new JsonDocument(text);
  const category = path.basename(uri.path).replace(/\.json$/i, '');
  const classification = classificationOf(uri, doc.value);
  const kind = classification.kind;
  const items = kind === 'ewebench-tests' || kind === 'rosetta-corpus' ? runnableItems(doc, category, classification) : [];
  return { kind, category, items, doc, hashOf: (item) => item.hash };
}

/**
 * Runnable items per document version, computed once with core's `runnableItems` and shared by the CodeLens,
 * the Test Explorer and the run commands. Only the newest version of each open document is kept.
 */
export class DocumentItemsCache implements vscode.Disposable {
  private readonly cache = new Map<string, { version: number; value: DocumentItems; hashes: ItemHashes }>();
  private readonly subscription = vscode.workspace.onDidCloseTextDocument((d) => this.cache.delete(d.uri.toString()));

  get(document: vscode.TextDocument): DocumentItems | undefined {
    if (!isJsonDocument(document)) return undefined;
    const key = document.uri.toString();
    const hit = this.cache.get(key);
    if (hit && hit.version === document.version) return hit.value;
    const text = document.getText();
    const hashes = hit?.hashes ?? new ItemHashes();
    hashes.update(text);
    const value = { ...itemsOfText(document.uri, text), hashOf: (item: RunnableItem) => hashes.hashOf(item) };
    this.cache.set(key, { version: document.version, value, hashes });
    return value;
  }

  dispose(): void {
    this.subscription.dispose();
    this.cache.clear();
  }
}
