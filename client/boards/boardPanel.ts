import * as vscode from 'vscode';
import { toLocale } from '../../core/i18n/locale';
import type { BoardFromPage, BoardPage, BoardToPage } from '../../protocol/boards';
import { renderBoardHtml } from './boardHtml';

/**
 * The webview panel every board view lives in (leaderboard, compare): one panel per view type, the page script
 * dist/boardsView.js, and the page's messages handed to the view's controller. The controller owns the data;
 * the panel only posts pages and passes sort, filter, open and refresh on.
 */
export interface BoardController {
  page(): Promise<BoardPage>;
  sort?(table: string, key: string): void;
  filter?(key: string, value: string): void;
  /** A row's path as the page sent it: the controller opens only files it knows. */
  open?(path: string): Promise<void>;
  /** Reads the files again. */
  refresh?(): Promise<void>;
}

function nonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export class BoardPanel {
  private static readonly open = new Map<string, BoardPanel>();
  private ready = false;
  /** The page last posted (what the command returns, for the e2e suite). */
  lastPage: BoardPage | undefined;

  private constructor(
    private readonly panel: vscode.WebviewPanel,
    private controller: BoardController,
    private readonly nonce: string,
  ) {
    panel.webview.onDidReceiveMessage((m: BoardFromPage) => void this.receive(m));
  }

  /** Shows the view of this type (reusing its panel) with `controller`'s page. */
  static async show(context: vscode.ExtensionContext, viewType: string, title: string, controller: BoardController): Promise<BoardPanel> {
    let view = BoardPanel.open.get(viewType);
    if (view) {
      view.controller = controller;
      view.panel.title = title;
      view.panel.reveal();
    } else {
      const dist = vscode.Uri.joinPath(context.extensionUri, 'dist');
      const panel = vscode.window.createWebviewPanel(viewType, title, vscode.ViewColumn.Active, { enableScripts: true, localResourceRoots: [dist] });
      const pageNonce = nonce();
      panel.webview.html = renderBoardHtml({
        nonce: pageNonce,
        cspSource: panel.webview.cspSource,
        scriptUri: panel.webview.asWebviewUri(vscode.Uri.joinPath(dist, 'boardsView.js')).toString(),
        lang: toLocale(vscode.env.language),
        title,
      });
      view = new BoardPanel(panel, controller, pageNonce);
      BoardPanel.open.set(viewType, view);
      const shown = view;
      panel.onDidDispose(() => BoardPanel.open.get(viewType) === shown && BoardPanel.open.delete(viewType));
    }
    await view.post();
    return view;
  }

  private async post(): Promise<void> {
    this.lastPage = await this.controller.page();
    if (this.ready) await this.panel.webview.postMessage({ type: 'show', page: this.shown(this.lastPage) } satisfies BoardToPage);
  }

  /** The page as the webview gets it: each chart's own style sheet carries the page's nonce (the CSP allows no other). */
  private shown(page: BoardPage): BoardPage {
    return page.charts ? { ...page, charts: page.charts.map((c) => ({ ...c, svg: withStyleNonce(c.svg, this.nonce) })) } : page;
  }

  /** Saves a chart of the page shown as a standalone SVG, where the user says, through workspace.fs (both builds). */
  private async exportSvg(id: string): Promise<void> {
    const chart = this.lastPage?.charts?.find((c) => c.id === id);
    if (!chart) return;
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const target = await vscode.window.showSaveDialog({
      ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, chart.fileName) } : {}),
      filters: { SVG: ['svg'] },
      title: vscode.l10n.t('Export the chart as SVG'),
    });
    if (!target) return;
    await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(chart.svg));
    void vscode.window.showInformationMessage(vscode.l10n.t('Chart saved to {0}.', vscode.workspace.asRelativePath(target, false)));
  }

  private async receive(message: BoardFromPage): Promise<void> {
    switch (message.type) {
      case 'ready':
        this.ready = true;
        if (this.lastPage) await this.panel.webview.postMessage({ type: 'show', page: this.shown(this.lastPage) } satisfies BoardToPage);
        return;
      case 'sort':
        this.controller.sort?.(String(message.table), String(message.key));
        return this.post();
      case 'filter':
        this.controller.filter?.(String(message.key), String(message.value));
        return this.post();
      case 'open':
        return this.controller.open?.(String(message.path));
      case 'refresh':
        await this.controller.refresh?.();
        return this.post();
      case 'exportSvg':
        return this.exportSvg(String(message.id));
    }
  }
}

/** A chart's SVG with its `<style>` elements given the page's nonce (the exported file keeps none). */
export function withStyleNonce(svg: string, nonce: string): string {
  return svg.replace(/<style>/g, `<style nonce="${nonce}">`);
}

/** What a board command returns: each table's rows as text (the e2e suite reads the first rows from it). */
export function shownTables(page: BoardPage | undefined): { id: string; rows: string[][] }[] {
  return page?.tables.map((t) => ({ id: t.id, rows: t.rows.map((r) => r.cells.map((c) => c.text)) })) ?? [];
}
