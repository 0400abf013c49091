import type { CallResult } from '@facet/shared';
import type { Phone } from '../../queries/phones';
import { MoveToGroupDialog } from '../phone-groups/MoveToGroupDialog';
import { AdbDialog } from './AdbDialog';
import { BatchProxyDialog, DataDialog, RemarkDialog } from './BatchDialogs';
import { BuyDialog } from './BuyDialog';
import { ChangePowerDialog } from './ChangePowerDialog';
import { BindingDialog, DeleteDialog, NewMachineDialog } from './ConfirmDialogs';
import { EditDialog } from './EditDialog';
import { IpCheckDialog } from './IpCheckDialog';
import { RenewDialog, type RenewTarget } from './RenewDialog';
import { RestrictDialog } from './RestrictDialog';
import { ShareDialog } from './ShareDialog';

/** The dialog the environment list shows: one environment's, the selection's, or buying. */
export type PhoneDialog =
  | { kind: 'edit' | 'newMachine' | 'restrict' | 'binding' | 'adb' | 'ipCheck' | 'changePower'; phone: Phone }
  | { kind: 'share' | 'delete' | 'remark' | 'proxy' | 'data' | 'renew' | 'move'; phones: Phone[] }
  | { kind: 'buy' };

export const renewTargetOf = (p: Phone): RenewTarget => ({
  id: p.powerId,
  region: p.region,
  androidVersion: p.androidVersion,
  trial: p.trial,
  packageName: p.packageName,
  label: p.name,
});

export function PhoneDialogs(p: {
  dialog: PhoneDialog | null;
  onClose: () => void;
  onDeleted: () => void;
  onPaid: (r: CallResult<'phonePay'>) => void;
}) {
  const d = p.dialog;
  if (!d) return null;
  const close = p.onClose;
  const paid = (r: CallResult<'phonePay'>) => {
    close();
    p.onPaid(r);
  };
  switch (d.kind) {
    case 'edit':
      return <EditDialog phone={d.phone} onClose={close} />;
    case 'newMachine':
      return <NewMachineDialog phone={d.phone} onClose={close} />;
    case 'restrict':
      return <RestrictDialog phone={d.phone} onClose={close} />;
    case 'binding':
      return <BindingDialog phone={d.phone} onClose={close} />;
    case 'adb':
      return <AdbDialog phone={d.phone} onClose={close} />;
    case 'ipCheck':
      return <IpCheckDialog phone={d.phone} onClose={close} />;
    case 'changePower':
      return <ChangePowerDialog phone={d.phone} onClose={close} />;
    case 'share':
      return <ShareDialog phones={d.phones} onClose={close} />;
    case 'delete':
      return <DeleteDialog phones={d.phones} onClose={close} onDone={p.onDeleted} />;
    case 'remark':
      return <RemarkDialog phones={d.phones} onClose={close} />;
    case 'proxy':
      return <BatchProxyDialog phones={d.phones} onClose={close} />;
    case 'data':
      return <DataDialog phones={d.phones} onClose={close} />;
    case 'move':
      return <MoveToGroupDialog phones={d.phones} onClose={close} />;
    case 'renew':
      return <RenewDialog targets={d.phones.map(renewTargetOf)} onClose={close} onDone={paid} />;
    case 'buy':
      return <BuyDialog onClose={close} onDone={paid} />;
  }
}
