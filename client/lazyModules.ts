import type * as Spreadsheet from './corpus/lazySpreadsheet';
import type * as Table from './corpusTable/lazyTable';
import type * as Boards from './boards/lazyBoards';

/**
 * The bundles a command or view loads on first use (dist/lazySpreadsheet.js, dist/lazyTable.js, dist/lazyBoards.js), so activation
 * parses less. On the desktop Node requires them (the build keeps `./lazy*.js` imports as requires of the sibling
 * bundle); the browser entry loads the same files its own way (`browserExtension.ts`), so the package carries
 * them once for both builds.
 */
export interface LazyModules {
  spreadsheet(): Promise<typeof Spreadsheet>;
  table(): Promise<typeof Table>;
  boards(): Promise<typeof Boards>;
}

let modules: LazyModules = {
  spreadsheet: () => import('./corpus/lazySpreadsheet.js'),
  table: () => import('./corpusTable/lazyTable.js'),
  boards: () => import('./boards/lazyBoards.js'),
};

export function lazyModules(): LazyModules {
  return modules;
}

/** The browser entry's loader, set once at activation. */
export function setLazyModules(loader: LazyModules): void {
  modules = loader;
}
