import type { CallResult } from '@facet/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../stores/notice';
import type { BankTransfer } from './BankDialog';

type Outcome = CallResult<'orderCreate'>;

/** Where Stripe sends the user back: the Recharge screen, which shows the order's state. */
export const stripeReturnUrl = () => `${window.location.origin}/cost`;

/**
 * What follows a placed or resumed order: Stripe goes to its checkout page, a bank transfer shows
 * its instructions, a wallet payment or a scheduled change is done and said so.
 */
export function usePaymentOutcome() {
  const { t } = useTranslation();
  const [bank, setBank] = useState<BankTransfer | null>(null);
  const handle = (r: Outcome) => {
    if (r.checkoutUrl) {
      window.location.assign(r.checkoutUrl);
      return;
    }
    // An operator who wrote no instructions still gets the amount and the reference shown.
    if (r.bankInstructions !== null && r.order) {
      setBank({
        instructions: r.bankInstructions,
        orderNo: r.order.no,
        amount: r.order.amount,
        currency: r.order.currency,
      });
      return;
    }
    notifySuccess(r.scheduled ? t('cost.pay.scheduledDone') : t('cost.pay.paid'));
  };
  return { handle, bank, closeBank: () => setBank(null) };
}
