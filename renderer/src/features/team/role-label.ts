import { MEMBER_ROLE_ID } from '@facet/shared';
import type { TFunction } from 'i18next';

/** The shared system role has a stored English id-like name; people read it in their language. */
export const roleLabel = (t: TFunction, roleId: string, name: string) =>
  roleId === MEMBER_ROLE_ID ? t('team.roles.member') : name;
