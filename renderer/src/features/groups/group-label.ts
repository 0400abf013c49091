import type { CallResult } from '@facet/shared';
import type { TFunction } from 'i18next';

type Group = CallResult<'groupList'>[number];

/** The server names the default group 'Default'; shown in the user's language until renamed. */
export const SERVER_DEFAULT_GROUP_NAME = 'Default';

/** A group as every screen names it: the default group is `groups.defaultName` until renamed. */
export const groupLabel = (g: Pick<Group, 'name' | 'isDefault'>, t: TFunction): string =>
  g.isDefault && g.name === SERVER_DEFAULT_GROUP_NAME ? t('groups.defaultName') : g.name;
