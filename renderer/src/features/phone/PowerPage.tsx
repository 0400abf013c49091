import type { CallResult } from '@facet/shared';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListHeader } from '../../components/list/ListHeader';
import { PermissionGate } from '../../components/PermissionGate';
import type { PhonePower } from '../../queries/phones';
import { BankDialog } from '../cost/BankDialog';
import { usePaymentOutcome } from '../cost/payment-outcome';
import { BuyDialog } from './BuyDialog';
import { CreateDialog } from './CreateDialog';
import { PhoneBills } from './PhoneBills';
import { PowerRemind } from './PowerRemind';
import { PowerTable } from './PowerTable';
import { RenewDialog, RenewEnvDialog, type RenewTarget } from './RenewDialog';
import { TrialBanner } from './TrialBanner';

type Dialog =
  | { kind: 'buy' }
  | { kind: 'renew'; targets: RenewTarget[] }
  | { kind: 'renewEnv'; envId: number }
  | { kind: 'create'; power: PhonePower };

const targetOf = (x: PhonePower): RenewTarget => ({ ...x, label: x.envName ?? `#${x.id}` });

/** Computing power (/phone/power): what was bought and is in use, the power table, renewing, and the bills. */
export default function PowerPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'power' | 'bills'>('power');
  const [selected, setSelected] = useState<Map<number, PhonePower>>(new Map());
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const outcome = usePaymentOutcome();
  const paid = (r: CallResult<'phonePay'>) => {
    setDialog(null);
    setSelected(new Map());
    outcome.handle(r);
  };
  return (
    <Box sx={{ maxWidth: 1200 }}>
      <ListHeader
        title={t('phone.power.title')}
        subtitle={t('phone.power.subtitle')}
        actions={
          <PermissionGate codes={['billing:pay']}>
            <Button variant="contained" startIcon={<AddShoppingCartIcon />} onClick={() => setDialog({ kind: 'buy' })}>
              {t('phone.buy.button')}
            </Button>
          </PermissionGate>
        }
      />
      <TrialBanner />
      <PowerRemind onRenew={(envId) => setDialog({ kind: 'renewEnv', envId })} />
      <Tabs value={tab} onChange={(_, v) => setTab(v)} sx={{ mb: 1 }}>
        <Tab value="power" label={t('phone.power.tab')} data-testid="tab-power" />
        <Tab value="bills" label={t('phone.bills.tab')} data-testid="tab-bills" />
      </Tabs>
      <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
        {tab === 'power' ? (
          <>
            <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 1 }}>
              <PermissionGate codes={['billing:pay']}>
                <Button
                  variant="outlined"
                  disabled={!selected.size}
                  onClick={() => setDialog({ kind: 'renew', targets: [...selected.values()].map(targetOf) })}
                  data-testid="power-renew-selected"
                >
                  {t('phone.power.renewSelected', { count: selected.size })}
                </Button>
              </PermissionGate>
            </Stack>
            <PowerTable
              selected={selected}
              onSelected={setSelected}
              onCreate={(power) => setDialog({ kind: 'create', power })}
              onRenew={(powers) => setDialog({ kind: 'renew', targets: powers.map(targetOf) })}
            />
          </>
        ) : (
          <PhoneBills />
        )}
      </Paper>
      {dialog?.kind === 'buy' && <BuyDialog onClose={() => setDialog(null)} onDone={paid} />}
      {dialog?.kind === 'renew' && (
        <RenewDialog targets={dialog.targets} onClose={() => setDialog(null)} onDone={paid} />
      )}
      {dialog?.kind === 'renewEnv' && (
        <RenewEnvDialog envId={dialog.envId} onClose={() => setDialog(null)} onDone={paid} />
      )}
      {dialog?.kind === 'create' && <CreateDialog power={dialog.power} onClose={() => setDialog(null)} />}
      <BankDialog transfer={outcome.bank} onClose={outcome.closeBank} />
    </Box>
  );
}
