import type { FingerprintCheck, ProfileSummary } from '@facet/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBridge } from '../../bridge';

/**
 * The client's built-in fingerprint check of one profile (docs/client.md, The fingerprint
 * checker), over the bridge: the client opens the profile when it is not open, probes it and
 * closes it again. It answers the report, or refuses with its own words (the mutation's error).
 */
function useCheckFingerprint() {
  const { t } = useTranslation();
  const bridge = useBridge();
  return useMutation<FingerprintCheck, Error, { id: number }>({
    mutationKey: ['checkFingerprint'],
    mutationFn: ({ id }) => {
      if (!bridge) throw new Error(t('browser.open.clientNeeded'));
      return bridge.checkFingerprint({ id });
    },
  });
}

/**
 * The grid's "Check fingerprint": which row the dialog is about and the check's state. The
 * profile is opened and closed by the client, so the rows are refreshed when the check ends.
 */
export function useFingerprintCheckDialog(onSettled: () => void) {
  const [row, setRow] = useState<ProfileSummary | null>(null);
  const check = useCheckFingerprint();
  const run = (r: ProfileSummary) => {
    check.reset();
    check.mutate({ id: r.id }, { onSettled });
  };
  return {
    start: (r: ProfileSummary) => {
      setRow(r);
      run(r);
    },
    dialog: {
      name: row?.name ?? null,
      running: check.isPending,
      report: check.data ?? null,
      error: check.error ? check.error.message : null,
      onAgain: () => row && run(row),
      onClose: () => {
        setRow(null);
        check.reset();
      },
    },
  };
}
