/**
 * The order the page shows a table's columns in: the model names a row, so its column comes right after the
 * rank, where it is seen without scrolling sideways, in a ranked table; the host's order otherwise (its rows keep
 * every cell).
 */
export function shownColumns(keys: readonly string[]): number[] {
  const order = keys.map((_, i) => i);
  const model = keys.indexOf('model');
  // Ranked tables only (the leaderboards): the others (a matrix's cells, compared items) keep their order.
  if (keys[0] !== 'rank' || model <= 1) return order;
  order.splice(model, 1);
  order.splice(1, 0, model);
  return order;
}
