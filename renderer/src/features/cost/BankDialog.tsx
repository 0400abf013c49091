import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { GenericDialog } from '../../components/GenericDialog';
import { useMoney } from '../../components/money';

export interface BankTransfer {
  instructions: string;
  orderNo: string;
  amount: string;
  currency: string;
}

/** What to send by bank transfer: the operator's instructions, the amount and the order number as reference. */
export function BankDialog({ transfer, onClose }: { transfer: BankTransfer | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { money } = useMoney();
  return (
    <GenericDialog open={!!transfer} title={t('cost.bank.title')} onClose={onClose} onConfirm={onClose} closeOnly>
      {transfer && (
        <Stack sx={{ gap: 1.5 }} data-testid="bank-dialog">
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{transfer.instructions}</Typography>
          <Typography>
            {t('cost.bank.amount')}: <b>{money(transfer.amount, transfer.currency)}</b>
          </Typography>
          <Typography>
            {t('cost.bank.reference')}: <b data-testid="bank-reference">{transfer.orderNo}</b>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('cost.bank.hint')}
          </Typography>
        </Stack>
      )}
    </GenericDialog>
  );
}
