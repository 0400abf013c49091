import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { api } from '../../api/calls';
import { usePermission } from '../../components/PermissionGate';
import { SERVER_DEFAULT_GROUP_NAME } from './group-label';

/**
 * The id of the main account's default group (profile lists carry only the group's stored
 * name, a placeholder for the default group); null until known, or without group:list.
 */
export function useDefaultGroupId(enabled = true): number | null {
  const canList = usePermission(['group:list']);
  const [id, setId] = useState<number | null>(null);
  useEffect(() => {
    if (!enabled || !canList) return;
    let live = true;
    api.groupList(undefined, { noPrompt: true }).then(
      (groups) => live && setId(groups.find((g) => g.isDefault)?.id ?? null),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [enabled, canList]);
  return id;
}

/** A profile's group as the user reads it: the default group in the user's language until renamed. */
export const profileGroupLabel = (
  p: { groupId: number | null; groupName: string },
  defaultGroupId: number | null,
  t: TFunction,
): string =>
  p.groupId !== null && p.groupId === defaultGroupId && p.groupName === SERVER_DEFAULT_GROUP_NAME
    ? t('groups.defaultName')
    : p.groupName;
