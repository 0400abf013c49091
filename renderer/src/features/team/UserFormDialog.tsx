import {
  MEMBER_ROLE_ID,
  type Role,
  type SubAccount,
  strongPasswordRule,
  subAccountUsernameRule,
  teamCalls,
} from '@facet/shared';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckedTextField } from '../../components/form/FormFields';
import { checkAll, useField } from '../../components/form/use-field';
import { GenericDialog } from '../../components/GenericDialog';
import { usePermission } from '../../components/PermissionGate';
import {
  useCreateSubAccount,
  useSetUserShares,
  useUpdateSubAccount,
  useUsernameCheck,
  useUserShares,
} from '../../queries/team';
import { notifySuccess } from '../../stores/notice';
import { PasswordWithGenerator } from './PasswordGenerator';
import { roleLabel } from './role-label';
import { SharePicker, type UserShares } from './SharePicker';

const remarkRule = teamCalls.sysUsersUpdate.body.shape.remark.unwrap();
type Availability = 'checking' | 'available' | 'taken' | null;
const NO_SHARES: UserShares = { groupIds: [], profileIds: [] };
const sameIds = (a: number[], b: number[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();
const sameShares = (a: UserShares, b: UserShares) =>
  sameIds(a.groupIds, b.groupIds) && sameIds(a.profileIds, b.profileIds);

/** The username's live check against the server (free and valid), after the shared username rule passes. */
function useAvailability(username: string, enabled: boolean): Availability {
  const valid = enabled && subAccountUsernameRule.safeParse(username).success;
  // The name asked about: the one typed, after a pause.
  const [asked, setAsked] = useState<string | null>(null);
  useEffect(() => {
    if (!valid) return setAsked(null);
    const timer = setTimeout(() => setAsked(username), 350);
    return () => clearTimeout(timer);
  }, [username, valid]);
  const check = useUsernameCheck(asked ?? '', valid && asked === username);
  if (!valid) return null;
  if (asked !== username || check.isFetching) return 'checking';
  if (!check.data) return check.isError ? null : 'checking';
  return check.data.available ? 'available' : 'taken';
}

export interface UserFormDialogProps {
  open: boolean;
  /** The sub-account to edit; none: create one. */
  user: SubAccount | null;
  roles: Role[];
  onClose: () => void;
  onSaved: () => void;
}

/** Create a sub-account (username, password, role, remark) or edit one (role, remark); both assign shares. */
export function UserFormDialog(p: UserFormDialogProps) {
  const { t } = useTranslation();
  const editing = p.user !== null;
  const username = useField(subAccountUsernameRule);
  const password = useField(strongPasswordRule);
  const remark = useField(remarkRule);
  const [roleId, setRoleId] = useState<string>(MEMBER_ROLE_ID);
  const [shares, setShares] = useState<UserShares>(NO_SHARES);
  const createUser = useCreateSubAccount();
  const updateUser = useUpdateSubAccount();
  const setUserShares = useSetUserShares();
  const busy = createUser.isPending || updateUser.isPending || setUserShares.isPending;
  // The pickers list groups and profiles; shares are read with user:list and written with the create/update codes.
  const canShare = usePermission(['group:list', 'browser:list']);
  const [loadedShares, setLoadedShares] = useState<UserShares>(NO_SHARES);
  const availability = useAvailability(username.value, p.open && !editing);

  const { open, user } = p;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fields are reset when the dialog opens, not on each keystroke.
  useEffect(() => {
    if (!open) return;
    for (const f of [username, password, remark]) f.reset();
    setRoleId(user?.roleId ?? MEMBER_ROLE_ID);
    remark.setValue(user?.remark ?? '');
  }, [open, user, canShare]);

  // The shares as the server has them now (not a cached answer from an earlier opening).
  const sharesRead = useUserShares(user?.id ?? null, open && canShare);
  const freshShares = sharesRead.data && !sharesRead.isFetching ? sharesRead.data : undefined;
  useEffect(() => {
    if (!open || !freshShares) return;
    setShares(freshShares);
    setLoadedShares(freshShares);
  }, [open, freshShares]);

  const save = async () => {
    const fields = editing ? [remark] : [username, password, remark];
    if (!checkAll(...fields) || (!editing && availability === 'taken')) return;
    try {
      let saved: SubAccount;
      if (user) {
        saved = await updateUser.mutateAsync({
          id: user.id,
          // Only a changed role is sent: a manager may edit its own remark but never re-role itself.
          roleId: roleId !== user.roleId ? roleId : undefined,
          remark: remark.value,
        });
        if (canShare && !sameShares(shares, loadedShares))
          await setUserShares.mutateAsync({ userId: user.id, ...shares });
      } else {
        // Shares go with the creation: one transaction, no sub-account without its shares.
        saved = await createUser.mutateAsync({
          username: username.value,
          password: password.value,
          roleId,
          remark: remark.value,
          ...(canShare ? shares : NO_SHARES),
        });
      }
      notifySuccess(editing ? t('team.users.saved') : t('team.users.created', { name: saved.username }));
      p.onSaved();
    } catch {
      // The client showed the server's notice; the dialog stays open to fix the input.
    }
  };

  const usernameHelp =
    availability === 'taken'
      ? t('team.users.usernameTaken')
      : availability === 'available'
        ? t('team.users.usernameFree')
        : availability === 'checking'
          ? t('team.users.usernameChecking')
          : t('team.users.usernameHint');

  return (
    <GenericDialog
      open={p.open}
      title={editing ? t('team.users.editTitle', { name: user?.username }) : t('team.users.createTitle')}
      onClose={p.onClose}
      onConfirm={save}
      loading={busy}
      maxWidth="sm"
    >
      <Stack sx={{ gap: 2, pt: 1 }} data-testid="user-form">
        {editing ? (
          <TextField label={t('team.users.username')} value={user?.username ?? ''} disabled />
        ) : (
          <>
            <TextField
              label={t('team.users.username')}
              name="sub-username"
              autoComplete="off"
              {...username.bind}
              error={!!username.error || availability === 'taken'}
              helperText={username.error ? t(`validation.${username.error}`) : usernameHelp}
              slotProps={{ htmlInput: { 'data-testid': 'sub-username' } }}
            />
            <PasswordWithGenerator field={password} label={t('login.password')} />
          </>
        )}
        <TextField
          select
          label={t('team.users.role')}
          value={p.roles.some((r) => r.id === roleId) ? roleId : ''}
          onChange={(e) => setRoleId(e.target.value)}
          data-testid="user-role"
          helperText={t('team.users.roleHint')}
        >
          {p.roles.map((r) => (
            <MenuItem key={r.id} value={r.id}>
              {r.system ? t('team.roles.systemName', { name: roleLabel(t, r.id, r.name) }) : r.name}
            </MenuItem>
          ))}
        </TextField>
        <CheckedTextField field={remark} label={t('team.users.remark')} name="remark" />
        {canShare && <SharePicker value={shares} onChange={setShares} />}
      </Stack>
    </GenericDialog>
  );
}
