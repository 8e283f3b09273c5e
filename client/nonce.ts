/** A fresh nonce for a webview's content security policy: 16 random bytes as hex, from Web Crypto (Node 20 and browsers alike). */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
