import type { Notice } from '@facet/shared';
import PushPinIcon from '@mui/icons-material/PushPin';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../components/Markdown';
import { cstToZone } from '../../lib/format';
import { useUserStore } from '../../stores/user';

/** One notice: its title and time; opening it shows the text and marks it read. */
export function NoticeItem({ notice, onOpen }: { notice: Notice; onOpen: (n: Notice) => void }) {
  const { t } = useTranslation();
  const zone = useUserStore((s) => s.timezone);
  return (
    <Accordion
      disableGutters
      variant="outlined"
      onChange={(_, open) => open && !notice.read && onOpen(notice)}
      data-testid={`notice-${notice.id}`}
      data-read={notice.read}
    >
      <AccordionSummary aria-controls={`notice-${notice.id}-body`} id={`notice-${notice.id}-head`}>
        <Stack sx={{ minWidth: 0, gap: 0.5 }}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            {notice.pinned && <PushPinIcon fontSize="small" color="primary" titleAccess={t('notices.pinned')} />}
            <Typography sx={{ fontWeight: notice.read ? 400 : 700, overflowWrap: 'anywhere' }}>
              {notice.title}
            </Typography>
            {!notice.read && <Chip size="small" color="error" label={t('notices.unread')} />}
          </Stack>
          <Typography variant="caption" color="text.secondary">
            {cstToZone(notice.publishedTime, zone)}
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails id={`notice-${notice.id}-body`}>
        <Markdown text={notice.content} testId={`notice-${notice.id}-content`} />
      </AccordionDetails>
    </Accordion>
  );
}
