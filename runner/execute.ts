import { executeRunWith } from './run/execute';
import type { RunDeps, RunPlan, RunResult } from './run/plan';
import { nodeRunStorage } from './nodeStorage';

export {
  RunPlanError,
  type CancelledItem,
  type RunDeps,
  type RunFile,
  type RunModel,
  type RunPlan,
  type RunResult,
  type SkippedItem,
  type SkipReason,
} from './run/plan';
export { corpusSetup } from './run/units';
export { executeRunWith } from './run/execute';

/** Runs a plan on the local disk (the CLI and desktop VS Code): `run/execute.ts`'s run with `nodeRunStorage`. */
export function executeRun(plan: RunPlan, deps: RunDeps): Promise<RunResult> {
  return executeRunWith(plan, deps, nodeRunStorage);
}
