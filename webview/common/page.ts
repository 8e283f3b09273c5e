/**
 * What every page script shares: the VS Code webview API's type and how a page gets it, elements built from data
 * (text only through textContent, attributes only through setAttribute), and `{0}` templates.
 */

/** The webview API a page talks to its extension host through; `Out` is the page's message type. */
export interface VsCodeApi<Out, State = unknown> {
  postMessage(message: Out): void;
  getState(): State | undefined;
  setState(state: State): void;
}

declare function acquireVsCodeApi(): VsCodeApi<never, never>;

/** The page's API, once per page (VS Code allows one call); a page opened outside VS Code (a test) gets a silent one. */
export function vscodeApi<Out, State = unknown>(): VsCodeApi<Out, State> {
  if (typeof acquireVsCodeApi === 'function') return acquireVsCodeApi() as unknown as VsCodeApi<Out, State>;
  return { postMessage: () => undefined, getState: () => undefined, setState: () => undefined };
}

/** An element with attributes (an undefined value is left out) and, optionally, its text. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<Record<string, string>> = {}, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) if (v !== undefined) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** `{0}`, `{1}`… in a translated template replaced by the arguments (a missing one by nothing). */
export function format(template: string, ...args: (string | number)[]): string {
  return template.replace(/\{(\d+)\}/g, (_, i: string) => String(args[Number(i)] ?? ''));
}
