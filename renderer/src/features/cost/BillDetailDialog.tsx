import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { GenericDialog } from '../../components/GenericDialog';
import { useMoney } from '../../components/money';
import { PageLoader } from '../../components/PageLoader';
import { cstToZone } from '../../lib/format';
import { usePayRecordDetail } from '../../queries/billing';
import { useUserStore } from '../../stores/user';
import { amountCell } from './table-sx';

/** One record: what it was, its order, and every ledger entry it made. */
export function BillDetailDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { money } = useMoney();
  const zone = useUserStore((s) => s.timezone);
  const detail = usePayRecordDetail(id);
  const d = detail.data;
  return (
    <GenericDialog
      open={id !== null}
      title={t('cost.bills.detailTitle')}
      onClose={onClose}
      onConfirm={onClose}
      closeOnly
    >
      {!d ? (
        <PageLoader />
      ) : (
        <Stack sx={{ gap: 1 }} data-testid="bill-detail">
          <Typography>
            {t(`cost.recordType.${d.type}`)} · {money(d.amount)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {cstToZone(d.createdTime, zone)}
            {d.orderNo && ` · ${t('cost.orders.no')} ${d.orderNo}`}
          </Typography>
          {d.memo && d.memo !== d.orderNo && <Typography variant="body2">{d.memo}</Typography>}
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('cost.bills.account')}</TableCell>
                <TableCell align="right">{t('cost.orders.amount')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {d.entries.map((e, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id and never move.
                <TableRow key={i}>
                  <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{e.account}</TableCell>
                  <TableCell align="right" sx={amountCell}>
                    {money(e.amount)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Stack>
      )}
    </GenericDialog>
  );
}
