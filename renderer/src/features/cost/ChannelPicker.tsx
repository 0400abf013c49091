import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../components/money';
import { type PayChannel, usePayChannels } from '../../queries/billing';

export type Channel = PayChannel;

/** The channels the operator switched on; the wallet (not for a recharge) shows the balance. */
export function ChannelPicker(p: {
  value: Channel | '';
  onChange: (c: Channel) => void;
  withWallet: boolean;
  balance?: string | undefined;
}) {
  const { t } = useTranslation();
  const { money } = useMoney();
  const channels = usePayChannels();
  const ids = (channels.data ?? []).map((c) => c.id).filter((id) => p.withWallet || id !== 'wallet');
  return (
    <FormControl>
      <FormLabel id="cost-channel">{t('cost.pay.channel')}</FormLabel>
      <RadioGroup
        aria-labelledby="cost-channel"
        value={p.value}
        onChange={(e) => p.onChange(e.target.value as Channel)}
        sx={{ flexDirection: 'row', columnGap: 2 }}
      >
        {ids.map((id) => (
          <FormControlLabel
            key={id}
            value={id}
            control={<Radio size="small" />}
            data-testid={`channel-${id}`}
            label={
              id === 'wallet' && p.balance !== undefined
                ? t('cost.channel.walletWith', { balance: money(p.balance) })
                : t(`cost.channel.${id}`)
            }
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/** The first channel on offer, for a form's start. */
export function useDefaultChannel(withWallet: boolean): Channel | '' {
  const channels = usePayChannels();
  return (channels.data ?? []).map((c) => c.id).find((id) => withWallet || id !== 'wallet') ?? '';
}
