import type { TFunction } from 'i18next';
import { usePermission } from '../../components/PermissionGate';
import { useGroupList } from '../../queries/groups';
import { SERVER_DEFAULT_GROUP_NAME } from './group-label';

/**
 * The id of the main account's default group (profile lists carry only the group's stored
 * name, a placeholder for the default group); null until known, or without group:list.
 */
export function useDefaultGroupId(enabled = true): number | null {
  const canList = usePermission(['group:list']);
  const groups = useGroupList({ enabled: enabled && canList, quiet: true });
  if (!enabled || !canList) return null;
  return groups.data?.find((g) => g.isDefault)?.id ?? null;
}

/** A profile's group as the user reads it: the default group in the user's language until renamed. */
export const profileGroupLabel = (
  p: { groupId: number | null; groupName: string },
  defaultGroupId: number | null,
  t: TFunction,
): string =>
  // No group name: the profile sits in the default group (the server fills it in on the next write).
  !p.groupName || (p.groupId !== null && p.groupId === defaultGroupId && p.groupName === SERVER_DEFAULT_GROUP_NAME)
    ? t('groups.defaultName')
    : p.groupName;
