import type { CallResult } from '@facet/shared';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../components/form/use-field-errors';
import { GenericDialog } from '../../components/GenericDialog';
import { useMoney } from '../../components/money';
import { useCancelOrder, useConfirmTransfer, useRefundOrder } from '../../queries/billing-admin';
import { notifySuccess } from '../../stores/notice';
import { ReasonDialog } from './ReasonDialog';

export type AdminOrder = CallResult<'adminOrders'>['list'][number];

export interface OrderAction {
  kind: 'confirm' | 'cancel' | 'refund';
  order: AdminOrder;
}

/**
 * What the operator does to an order, each asked first: the transfer arrived (the amount and the
 * user shown, since it credits money), no transfer came (cancel), or money back (refund, with a reason).
 */
export function OrderActionDialogs({ action, onClose }: { action: OrderAction | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { money, base } = useMoney();
  const confirm = useConfirmTransfer();
  const cancel = useCancelOrder();
  const refund = useRefundOrder();
  const fields = useFieldErrors();
  const o = action?.order;
  const vars = o ? { no: o.no, user: o.username ?? '—', amount: money(o.amount, o.currency) } : {};
  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      notifySuccess(done);
      fields.reset();
      onClose();
    } catch (e) {
      fields.take(e);
    }
  };
  const close = () => {
    fields.reset();
    onClose();
  };

  return (
    <>
      <GenericDialog
        open={action?.kind === 'confirm'}
        title={t('billingAdmin.orders.confirmTitle')}
        confirmText={t('billingAdmin.orders.confirm')}
        loading={confirm.isPending}
        onClose={close}
        onConfirm={() => run(() => confirm.mutateAsync({ id: o!.id }), t('billingAdmin.orders.confirmed', vars))}
      >
        <Typography variant="body2" data-testid="confirm-transfer-text">
          {t('billingAdmin.orders.confirmText', vars)}
        </Typography>
        {o && o.currency !== base && base && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('billingAdmin.orders.creditsBase', { amount: money(o.totalBase) })}
          </Typography>
        )}
      </GenericDialog>
      <GenericDialog
        open={action?.kind === 'cancel'}
        title={t('billingAdmin.orders.cancelTitle')}
        confirmText={t('billingAdmin.orders.cancel')}
        loading={cancel.isPending}
        onClose={close}
        onConfirm={() => run(() => cancel.mutateAsync({ id: o!.id }), t('billingAdmin.orders.cancelled', vars))}
      >
        <Typography variant="body2">{t('billingAdmin.orders.cancelText', vars)}</Typography>
      </GenericDialog>
      <ReasonDialog
        open={action?.kind === 'refund'}
        title={t('billingAdmin.orders.refundTitle')}
        message={t('billingAdmin.orders.refundText', vars)}
        confirmText={t('billingAdmin.orders.refund')}
        loading={refund.isPending}
        error={fields.errors.reason}
        onClose={close}
        onConfirm={(reason) =>
          run(() => refund.mutateAsync({ id: o!.id, reason }), t('billingAdmin.orders.refunded', vars))
        }
      />
    </>
  );
}
