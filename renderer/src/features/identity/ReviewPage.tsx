import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListHeader } from '../../components/list/ListHeader';
import { type ListColumn, ListTable } from '../../components/list/ListTable';
import { phoneSummary, tableWidth, wide } from '../../components/list/responsive-columns';
import { useAdminIdentityList, useMarkPaymentSent, useReviewIdentity } from '../../queries/identity';
import { notifySuccess } from '../../stores/notice';
import { DocumentDialog, RejectDialog, type ReviewRow } from './ReviewDialogs';
import { StatusChip } from './StatusCard';

const FILTERS = ['pending', 'inProgress', 'rejected', 'approved', 'all'] as const;
type Filter = (typeof FILTERS)[number];

/** Operator → Identity reviews: the queue, each submission's documents, approve or reject with a reason. */
export default function ReviewPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>('pending');
  // Zero-based, as the paging footer counts.
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const list = useAdminIdentityList({ ...(filter === 'all' ? {} : { status: filter }), page: page + 1, pageSize });
  const review = useReviewIdentity();
  const paid = useMarkPaymentSent();
  const [rejecting, setRejecting] = useState<ReviewRow | null>(null);
  const [doc, setDoc] = useState<ReviewRow['documents'][number] | null>(null);
  const who = (r: ReviewRow) => (
    <Box sx={{ minWidth: 0 }}>
      <strong>{r.username}</strong> <StatusChip status={r.status} />
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {r.kind === 'enterprise' ? `${r.companyName} · ${r.creditCode}` : ''}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {t(`identity.kind.${r.kind}`)}: {r.realName} · {r.idNumber}
      </Typography>
      {r.reason && (
        <Typography variant="caption" color="error">
          {t('identity.rejectedReason', { reason: r.reason })}
        </Typography>
      )}
    </Box>
  );
  const docs = (r: ReviewRow) => (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
      {r.documents.map((d) => (
        <Chip
          key={d.id}
          size="small"
          variant="outlined"
          clickable
          label={t(`identity.documents.${d.kind}`)}
          onClick={() => setDoc(d)}
          data-testid={`identity-doc-${d.id}`}
        />
      ))}
    </Stack>
  );
  const payment = (r: ReviewRow) =>
    r.kind !== 'enterprise' ? null : r.paymentStatus === 'requested' ? (
      <Stack sx={{ gap: 0.5, alignItems: 'flex-start' }}>
        <Typography variant="body2" data-testid={`identity-amount-${r.id}`}>
          {t('identity.admin.sendAmount', { amount: r.paymentAmount, bank: r.bankName, account: r.bankAccount })}
        </Typography>
        <Button
          size="small"
          variant="outlined"
          disabled={paid.isPending}
          onClick={() =>
            void paid.mutateAsync({ id: r.id }).then(
              () => notifySuccess(t('identity.admin.marked')),
              () => undefined,
            )
          }
        >
          {t('identity.admin.markSent')}
        </Button>
      </Stack>
    ) : (
      <Typography variant="body2" color="text.secondary">
        {t(`identity.admin.paymentStatus.${r.paymentStatus}`)} · {t(`identity.admin.signing.${r.signingStatus}`)}
      </Typography>
    );
  const actions = (r: ReviewRow) =>
    r.status === 'pending' ? (
      <Stack direction="row" sx={{ gap: 1, justifyContent: 'flex-end' }}>
        <Button
          size="small"
          variant="contained"
          color="success"
          disabled={review.isPending}
          data-testid={`identity-approve-${r.id}`}
          onClick={() =>
            void review.mutateAsync({ id: r.id, approve: true }).then(
              () => notifySuccess(t('identity.admin.approved')),
              () => undefined,
            )
          }
        >
          {t('identity.admin.approve')}
        </Button>
        <Button size="small" color="error" onClick={() => setRejecting(r)} data-testid={`identity-reject-${r.id}`}>
          {t('identity.admin.reject')}
        </Button>
      </Stack>
    ) : null;
  const columns: ListColumn<ReviewRow>[] = [
    phoneSummary(t('identity.admin.account'), (r) => (
      <Stack sx={{ gap: 1 }}>
        {who(r)}
        {docs(r)}
        {payment(r)}
        {actions(r)}
      </Stack>
    )),
    wide({ key: 'who', label: t('identity.admin.account'), render: who }),
    wide({ key: 'docs', label: t('identity.admin.documents'), render: docs }),
    wide({ key: 'payment', label: t('identity.admin.payment'), render: payment }),
    wide({ key: 'actions', label: t('identity.admin.actions'), align: 'right', render: actions }),
  ];
  return (
    <Box sx={{ maxWidth: 1200 }}>
      <ListHeader title={t('identity.menu.review')} subtitle={t('identity.admin.subtitle')} />
      <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
        <Tabs
          value={filter}
          onChange={(_, v: Filter) => {
            setFilter(v);
            setPage(0);
          }}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {FILTERS.map((f) => (
            <Tab key={f} value={f} label={t(`identity.admin.filter.${f}`)} />
          ))}
        </Tabs>
        <ListTable
          testId="identity-review"
          rowTestId={(r) => `identity-row-${r.id}`}
          tableSx={tableWidth(900)}
          columns={columns}
          rows={list.data?.list ?? []}
          loading={list.isFetching}
          loaded={!!list.data}
          error={list.isError ? { text: t('identity.admin.loadFailed'), onRetry: () => void list.refetch() } : null}
          empty={t('identity.admin.empty')}
          paging={{
            total: list.data?.total ?? 0,
            page,
            pageSize,
            onPageChange: setPage,
            onPageSizeChange: (n) => {
              setPageSize(n);
              setPage(0);
            },
          }}
        />
      </Paper>
      <RejectDialog row={rejecting} onClose={() => setRejecting(null)} />
      <DocumentDialog doc={doc} onClose={() => setDoc(null)} />
    </Box>
  );
}
