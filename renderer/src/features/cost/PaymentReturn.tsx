import Alert from '@mui/material/Alert';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrderList, useUnpaidOrders } from '../../queries/billing';
import { useUserStore } from '../../stores/user';

/** How often, and how many times, the order is read again while the card payment is confirmed. */
const POLL_MS = 3000;
const POLLS = 5;

/**
 * Back from Stripe (`/cost?order=<no>`): the order's state, read again a few times, since the
 * payment is confirmed by Stripe's call to the server, which may come after the user.
 */
export function PaymentReturn({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation();
  const [polls, setPolls] = useState(0);
  const poll = polls < POLLS ? POLL_MS : false;
  const unpaid = useUnpaidOrders(poll);
  const list = useOrderList({ page: 1, pageSize: 50 }, poll);
  const order = list.data?.list.find((o) => o.no === orderNo) ?? unpaid.data?.find((o) => o.no === orderNo);
  const paid = order?.status === 'paid';
  const updatedAt = list.dataUpdatedAt;
  useEffect(() => {
    if (updatedAt) setPolls((n) => n + 1);
  }, [updatedAt]);
  useEffect(() => {
    if (paid) {
      setPolls(POLLS);
      void useUserStore
        .getState()
        .fetchUserInfo()
        .catch(() => undefined);
    }
  }, [paid]);

  if (!list.data) return null;
  const state = paid ? 'paid' : !order ? 'unknown' : order.status === 'created' ? 'waiting' : 'failed';
  const severity = paid ? 'success' : state === 'waiting' ? 'info' : 'warning';
  return (
    <Alert severity={severity} sx={{ mb: 2 }} data-testid="payment-return">
      {t(`cost.return.${state}`, { no: orderNo })}
    </Alert>
  );
}
