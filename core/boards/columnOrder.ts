/**
 * The order the page shows a table's columns in: the model names a row, so its column comes right after the
 * rank, where it is seen without scrolling sideways; the host's order otherwise (its rows keep every cell).
 */
export function shownColumns(keys: readonly string[]): number[] {
  const order = keys.map((_, i) => i);
  const model = keys.indexOf('model');
  const at = keys[0] === 'rank' ? 1 : 0;
  if (model < 0 || model === at) return order;
  order.splice(model, 1);
  order.splice(at, 0, model);
  return order;
}
