/**
 * Tenancy and permissions in one place: who acts (Scope), which rows they may see
 * (visibleProfiles, visibleGroups), the id checks built on those, and the permission checks.
 * Modules ask here, never another module's service, who may see what.
 */
export { requireCodes, requirePermission } from './permissions.js';
export {
  LIVE,
  requireProfileIds,
  requireSubAccounts,
  requireVisibleGroup,
  requireVisibleGroups,
  stateCondition,
  visibleGroupIds,
} from './require.js';
export {
  inScope,
  logActor,
  mainAccountOf,
  type Scope,
  scopeOf,
  visibleGroups,
  visiblePhones,
  visibleProfiles,
} from './scope.js';
