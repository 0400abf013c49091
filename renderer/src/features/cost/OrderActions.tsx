import type { CallResult } from '@facet/shared';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GenericDialog } from '../../components/GenericDialog';
import { useBillingSummary, useCancelOrder, usePayOrder } from '../../queries/billing';
import { notifySuccess } from '../../stores/notice';
import { BankDialog } from './BankDialog';
import { type Channel, ChannelPicker } from './ChannelPicker';
import { stripeReturnUrl, usePaymentOutcome } from './payment-outcome';

export type Order = CallResult<'retrieveUnpaidOrders'>[number];

/** An unpaid order's actions: resume it (by the same or another channel) or cancel it. */
export function OrderActions({ order }: { order: Order }) {
  const { t } = useTranslation();
  const [resuming, setResuming] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [channel, setChannel] = useState<Channel | ''>(order.channel);
  const pay = usePayOrder();
  const cancel = useCancelOrder();
  const outcome = usePaymentOutcome();
  const summary = useBillingSummary(resuming);
  const withWallet = order.kind !== 'recharge';

  const resume = async () => {
    if (!channel) return;
    try {
      outcome.handle(await pay.mutateAsync({ id: order.id, channel, returnUrl: stripeReturnUrl() }));
      setResuming(false);
    } catch {
      // The transport showed the refusal (16011 opens the balance dialog).
    }
  };
  const doCancel = async () => {
    try {
      await cancel.mutateAsync({ id: order.id });
      notifySuccess(t('cost.orders.cancelled', { no: order.no }));
      setCancelling(false);
    } catch {
      // The transport showed the refusal.
    }
  };

  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      sx={{ gap: 0.5, justifyContent: 'flex-end', alignItems: 'flex-end', '& > button': { whiteSpace: 'nowrap' } }}
    >
      <Button size="small" onClick={() => setResuming(true)} data-testid={`order-resume-${order.no}`}>
        {t('cost.orders.resume')}
      </Button>
      <Button size="small" color="error" onClick={() => setCancelling(true)} data-testid={`order-cancel-${order.no}`}>
        {t('cost.orders.cancel')}
      </Button>
      <GenericDialog
        open={resuming}
        title={t('cost.orders.resumeTitle', { no: order.no })}
        onClose={() => setResuming(false)}
        onConfirm={resume}
        confirmText={t('cost.pay.confirm')}
        loading={pay.isPending}
        confirmDisabled={!channel || (!withWallet && channel === 'wallet')}
        dirty={false}
      >
        <ChannelPicker
          value={!withWallet && channel === 'wallet' ? '' : channel}
          onChange={setChannel}
          withWallet={withWallet}
          balance={summary.data?.balance}
        />
      </GenericDialog>
      <GenericDialog
        open={cancelling}
        title={t('cost.orders.cancelTitle')}
        onClose={() => setCancelling(false)}
        onConfirm={doCancel}
        confirmText={t('cost.orders.cancel')}
        loading={cancel.isPending}
      >
        <Typography>{t('cost.orders.cancelConfirm', { no: order.no })}</Typography>
      </GenericDialog>
      <BankDialog transfer={outcome.bank} onClose={outcome.closeBank} />
    </Stack>
  );
}
