/** Where resuming keeps the cut last line of a journal (a name or a path): not `.jsonl`, so never read as a journal. */
export function setAsideName(journal: string): string {
  return `${journal}.set-aside`;
}
