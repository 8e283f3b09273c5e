/**
 * The corpus table's model and session, bundled on their own (dist/lazyTable.js) and loaded when a table first
 * opens: they carry the cell rules with the schema lookup, which activation has no use for.
 */
export { keepsIndices, TableSession } from './session';
