import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhoneBills } from '../../queries/phones';
import { OrderTable } from '../cost/OrderTable';

/** The account's cloud-phone orders: buying and renewing, paid or waiting. */
export function PhoneBills() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const bills = usePhoneBills({ page: page + 1, pageSize });
  return (
    <OrderTable
      testId="phone-bills"
      rows={bills.data?.list ?? []}
      loading={bills.isFetching}
      loaded={!!bills.data}
      error={bills.isError ? { text: t('phone.loadFailed'), onRetry: () => void bills.refetch() } : null}
      empty={t('phone.bills.empty')}
      paging={{ total: bills.data?.total ?? 0, page, pageSize, onPageChange: setPage, onPageSizeChange: setPageSize }}
    />
  );
}
