import ExtensionIcon from '@mui/icons-material/Extension';
import Avatar from '@mui/material/Avatar';

/** An extension's own icon (a data: URL from its manifest), or a puzzle piece when it has none. */
export function ExtensionAvatar({ icon, size = 32, className }: { icon: string; size?: number; className?: string }) {
  return (
    <Avatar
      variant="rounded"
      src={icon || undefined}
      alt=""
      className={className}
      sx={{
        width: size,
        height: size,
        bgcolor: icon ? 'transparent' : 'action.selected',
        color: 'text.secondary',
        flexShrink: 0,
        '& img': { objectFit: 'contain' },
      }}
    >
      <ExtensionIcon sx={{ fontSize: size * 0.65 }} />
    </Avatar>
  );
}
