import { HeartFill } from 'antd-mobile-icons';
import { CoinIcon } from '../../../components/icons';

/** An amount on a ranking: coins spent (wealth) or charm received (a heart). */
export function RankValue({ kind, text }: { kind: 'wealth' | 'charm'; text: string }) {
  return (
    <span className={`rank-value rank-value--${kind}`}>
      {kind === 'wealth' ? <CoinIcon size={13} /> : <HeartFill />}
      <span>{text}</span>
    </span>
  );
}
