import PhonelinkOffIcon from '@mui/icons-material/PhonelinkOff';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useBridge } from '../../bridge';
import { useCloseAllCloudPhones } from '../../queries/phone-client';
import { useClientStore } from '../../stores/client';
import { notifySuccess } from '../../stores/notice';

/** §4: closes every cloud phone open in this client (at the server, its group control, locally); shown with a client. */
export function CloseAllPhonesButton() {
  const { t } = useTranslation();
  const bridge = useBridge();
  const count = useClientStore((s) => s.openedPhones.size);
  const closeAll = useCloseAllCloudPhones();
  if (!bridge) return null;
  return (
    <Button
      variant="outlined"
      color="error"
      startIcon={<PhonelinkOffIcon />}
      disabled={!count}
      loading={closeAll.isPending}
      onClick={() =>
        closeAll.mutate(undefined, { onSuccess: () => notifySuccess(t('phoneView.closeAll.done', { count })) })
      }
      data-testid="phone-close-all"
    >
      {t('phoneView.closeAll.button', { count })}
    </Button>
  );
}
