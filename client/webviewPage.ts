/**
 * What every webview page of ours shares in its head: one content security policy (nothing loads but our own
 * bundle and styles, each by the page's nonce) and the escaping of what goes into an attribute.
 */

/** The policy of a page whose script and styles carry `nonce`; `images` and `fonts` from the extension's own files. */
export function webviewCsp(nonce: string, cspSource: string, allow: { images?: boolean; fonts?: boolean } = {}): string {
  return (
    `default-src 'none'; style-src ${cspSource} 'nonce-${nonce}'; script-src 'nonce-${nonce}';` +
    (allow.images ? ` img-src ${cspSource};` : '') +
    (allow.fonts ? ` font-src ${cspSource};` : '')
  );
}

/** Text safe inside a double-quoted attribute or an element (a single quote stays: our attributes are double-quoted). */
export const escapeAttr = (s: string) => s.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
