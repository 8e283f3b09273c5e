/**
 * Settings globs (`**`, `*`, `?`, literals) matched against a forward-slash path. The glob is read as a small
 * automaton and run over the path once, keeping the set of live positions (Thompson's construction): time is
 * path length × glob length whatever the pattern, where a backtracking regular expression takes exponential
 * time on `*a*a*a*a*a*a*a*a*b`. A glob matches the whole path or a tail of it that starts after a `/`.
 */

type Token =
  | { kind: 'char'; code: number }
  /** `?`: one character other than `/`. */
  | { kind: 'one' }
  /** `*`: any run of characters other than `/`. */
  | { kind: 'star' }
  /** `**` not followed by `/`: anything at all. */
  | { kind: 'any' }
  /** `**\/`: zero or more whole folders. */
  | { kind: 'folders' };

const SLASH = 47;

function tokenize(glob: string): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      if (glob[i + 2] === '/') {
        tokens.push({ kind: 'folders' });
        i += 2;
      } else {
        tokens.push({ kind: 'any' });
        i += 1;
      }
    } else if (c === '*') {
      tokens.push({ kind: 'star' });
    } else if (c === '?') tokens.push({ kind: 'one' });
    else tokens.push({ kind: 'char', code: glob.charCodeAt(i) });
  }
  return tokens;
}

export type GlobMatcher = (path: string) => boolean;

export function compileGlob(glob: string): GlobMatcher {
  const tokens = tokenize(glob);
  const n = tokens.length;
  // Star-like tokens may match nothing: a live state there is also live at the next one.
  const close = (states: Uint8Array): void => {
    for (let s = 0; s < n; s++) {
      if (!states[s]) continue;
      const kind = tokens[s].kind;
      if (kind === 'star' || kind === 'any' || kind === 'folders') states[s + 1] = 1;
    }
  };
  return (path: string) => {
    // `current[s]`: the match has reached token s. `inside[s]`: it is within the folders of a `**\/` at s,
    // which must end with a `/` before token s + 1 (reaching s itself may also skip them: zero folders).
    let current = new Uint8Array(n + 1);
    let next = new Uint8Array(n + 1);
    let inside = new Uint8Array(n + 1);
    let insideNext = new Uint8Array(n + 1);
    current[0] = 1;
    close(current);
    // Past the last `/` no new match can start: with no live state left, the answer is known.
    const lastSlash = path.lastIndexOf('/');
    for (let i = 0; i < path.length; i++) {
      const code = path.charCodeAt(i);
      next.fill(0);
      insideNext.fill(0);
      let live = false;
      for (let s = 0; s < n; s++) {
        const token = tokens[s];
        if (token.kind === 'folders' && (current[s] || inside[s])) {
          insideNext[s] = 1;
          if (code === SLASH) next[s + 1] = 1;
          continue;
        }
        if (!current[s]) continue;
        switch (token.kind) {
          case 'char':
            if (token.code === code) next[s + 1] = 1;
            break;
          case 'one':
            if (code !== SLASH) next[s + 1] = 1;
            break;
          case 'star':
            if (code !== SLASH) next[s] = 1;
            break;
          case 'any':
            next[s] = 1;
            break;
        }
      }
      // A match may also start right after any `/`.
      if (code === SLASH) next[0] = 1;
      close(next);
      for (let s = 0; s <= n && !live; s++) live = next[s] === 1 || insideNext[s] === 1;
      [current, next] = [next, current];
      [inside, insideNext] = [insideNext, inside];
      if (!live && i >= lastSlash) return false;
    }
    return current[n] === 1;
  };
}
