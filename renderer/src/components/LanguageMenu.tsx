import { LANGUAGES, type Language } from '@facet/shared';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { LANGUAGE_NAMES } from '../i18n/language';

/** The list of the 16 languages; its own chunk, loaded when the switch is first opened. */
export default function LanguageMenu(p: {
  anchor: HTMLElement | null;
  current: Language;
  onClose: () => void;
  onChoose: (lng: Language) => void;
}) {
  return (
    <Menu anchorEl={p.anchor} open={!!p.anchor} onClose={p.onClose}>
      {LANGUAGES.map((lng) => (
        <MenuItem key={lng} selected={lng === p.current} onClick={() => p.onChoose(lng)} data-lang={lng} lang={lng}>
          {LANGUAGE_NAMES[lng]}
        </MenuItem>
      ))}
    </Menu>
  );
}
