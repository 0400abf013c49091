import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { usePermission } from '../../components/PermissionGate';
import { AccountSection } from './AccountSection';
import { BasicSection } from './BasicSection';
import { CookieSection } from './CookieSection';
import { ExtensionsSection } from './ExtensionsSection';
import { FingerprintSection } from './FingerprintSection';
import { FormFooter, LeaveDialog } from './FormFooter';
import { ProxySection } from './ProxySection';
import { QuantityField } from './QuantityField';
import { SummaryPanel } from './SummaryPanel';
import { useFormErrorText } from './use-error-text';
import { useFingerprintActions } from './use-fingerprint-actions';
import { useFormFields } from './use-form-fields';
import { useFormSource } from './use-form-source';
import { useLeaveGuard } from './use-leave-guard';
import { useQuantity } from './use-quantity';
import { useSaveProfile } from './use-save-profile';

const LIST_PATH = '/browser';

/**
 * Create or edit a browser profile (/browser/create, /browser/edit/:id): basic data, the
 * account, the proxy (with a live check), the full fingerprint with a readable summary,
 * cookies, and the uploaded extensions it loads. The shared schemas check it here; the server
 * checks again and its field errors show at their fields.
 */
export default function BrowserFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const id = params.id !== undefined ? Number(params.id) : undefined;
  const editing = id !== undefined;
  const badId = editing && !(Number.isInteger(id) && id > 0);
  const allowed = usePermission([editing ? 'browser:update' : 'browser:create']);

  const fields = useFormFields(id);
  const { values, set, err, loading } = fields;
  const source = useFormSource(id, allowed && !badId, !loading, fields.reset);
  const fp = useFingerprintActions(fields);
  const quantity = useQuantity(values.name);
  const os = values.browserFingerPrint?.os;
  const constraints = os
    ? { os, ...(fp.versionPref === 'auto' ? {} : { minVersion: fp.versionPref, maxVersion: fp.versionPref }) }
    : null;
  const saving = useSaveProfile(id, fields, { quantity, constraints }, () => guard.allow(() => navigate(LIST_PATH)));
  const errorText = useFormErrorText();
  const { fpEdited, submitted } = fields;
  const nameError = quantity.nameTooLong ? errorText('nameNumberedTooLong') : undefined;
  // Memoized: the basic section re-renders only when its own fields change.
  const quantitySlot = useMemo(
    () =>
      editing
        ? undefined
        : {
            field: <QuantityField q={quantity} fpEdited={fpEdited} showErrors={submitted} />,
            nameNote: quantity.range ? t('browserForm.quantity.names', quantity.range) : undefined,
            nameError,
          },
    [editing, quantity, fpEdited, submitted, nameError, t],
  );
  const guard = useLeaveGuard(fields.dirty && !saving.saving);
  const cancel = () => navigate(LIST_PATH);

  const title = editing ? t('browserForm.editTitle') : t('browserForm.createTitle');
  if (!allowed || badId)
    return (
      <Box sx={{ maxWidth: 720 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mb: 2 }}>
          {title}
        </Typography>
        <Alert severity="warning">{badId ? t('browserForm.notFound') : t('browserForm.noPermission')}</Alert>
      </Box>
    );

  return (
    <Box sx={{ maxWidth: 1280, pb: 10 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 2 }}>
        <IconButton onClick={cancel} aria-label={t('browserForm.back')} edge="start">
          <ArrowBack />
        </IconButton>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600, minWidth: 0 }} noWrap>
          {title}
          {source.serial !== null && (
            <Typography component="span" color="text.secondary" sx={{ ml: 1, fontSize: '0.8em' }}>
              #{source.serial}
            </Typography>
          )}
        </Typography>
      </Stack>
      {source.loadError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={cancel}>
              {t('browserForm.back')}
            </Button>
          }
        >
          {source.loadError}
        </Alert>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 300px' },
            alignItems: 'start',
          }}
        >
          <Box sx={{ order: { xs: 1, md: 2 }, position: { md: 'sticky' }, top: { md: 16 } }}>
            <SummaryPanel
              name={values.name}
              fp={values.browserFingerPrint}
              proxy={values.proxy}
              busy={fp.busy}
              onNewFingerprint={() =>
                values.browserFingerPrint && fp.newFingerprint(values.browserFingerPrint.os, fp.versionPref)
              }
            />
          </Box>
          <Stack
            sx={{ gap: 2, order: { xs: 2, md: 1 }, minWidth: 0 }}
            component="form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void saving.save();
            }}
          >
            {saving.formError && (
              <Alert severity="error" data-form-error="true" tabIndex={-1}>
                {saving.formError}
              </Alert>
            )}
            {loading ? (
              <Paper variant="outlined" sx={{ p: 3 }}>
                <Skeleton variant="rounded" height={56} sx={{ mb: 2 }} />
                <Skeleton variant="rounded" height={56} sx={{ mb: 2 }} />
                <Skeleton variant="rounded" height={120} />
              </Paper>
            ) : (
              <>
                <BasicSection values={values} set={set} err={err} groups={source.groups} quantity={quantitySlot} />
                <AccountSection values={values} set={set} err={err} />
                <ProxySection
                  value={values.proxy}
                  onChange={fields.setProxy}
                  showErrors={fields.submitted}
                  errors={fields.proxyServerErrors}
                />
                <FingerprintSection
                  fp={values.browserFingerPrint}
                  setFp={fields.setFp}
                  err={err}
                  versionPref={fp.versionPref}
                  onConstraints={fp.newFingerprint}
                  onNewMac={fp.newMac}
                  busy={fp.busy}
                />
                <CookieSection values={values} set={set} err={err} storedCount={source.storedCookies} />
                <ExtensionsSection values={values} set={set} err={err} />
              </>
            )}
            <FormFooter
              dirty={fields.dirty}
              saving={saving.saving}
              loading={loading}
              onCancel={cancel}
              saveText={
                !editing && quantity.count > 1 ? t('browserForm.quantity.create', { count: quantity.count }) : undefined
              }
            />
          </Stack>
        </Box>
      )}
      <LeaveDialog open={guard.asking} onStay={guard.stay} onLeave={guard.leave} />
    </Box>
  );
}
