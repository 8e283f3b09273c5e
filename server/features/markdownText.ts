/**
 * The hover's Markdown as plain text, for clients that asked for `plaintext` (`hover.contentFormat`): what the
 * server writes in Markdown is emphasis, inline code, tables and rules, so those marks are dropped, a table's rows
 * become lines of cells and its alignment row goes. Linear in the text.
 */
export function markdownToPlainText(markdown: string): string {
  const lines: string[] = [];
  for (const line of markdown.split('\n')) {
    const trimmed = line.trim();
    // A rule between sections, or a table's alignment row (`|---|---:|`).
    if (/^-{3,}$/.test(trimmed) || /^\|(?:\s*:?-+:?\s*\|)+$/.test(trimmed)) {
      if (/^-{3,}$/.test(trimmed)) lines.push('');
      continue;
    }
    let text = line;
    if (trimmed.startsWith('|') && trimmed.endsWith('|') && trimmed.length > 1) {
      text = trimmed
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim())
        .filter((cell) => cell !== '')
        .join('  ');
    }
    lines.push(unmark(text));
  }
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Emphasis (`**`, `__`) and code marks (`` ` ``) dropped, backslash escapes undone. */
function unmark(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\' && i + 1 < text.length && /[\\`*_{}[\]()#+\-.!|]/.test(text[i + 1])) {
      out += text[++i];
    } else if ((c === '*' || c === '_') && text[i + 1] === c) {
      i++;
    } else if (c === '`') {
      continue;
    } else {
      out += c;
    }
  }
  return out;
}
