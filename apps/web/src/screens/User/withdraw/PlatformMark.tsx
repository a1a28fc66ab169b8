import type { WithdrawPlatformKind } from '@app/contract';
import { AlipayCircleFill, BankcardOutline } from 'antd-mobile-icons';
import { WechatIcon } from '../../../components/icons';

/** The logo tile of a withdrawal platform. */
export function PlatformMark({ platform, small = false }: { platform: WithdrawPlatformKind; small?: boolean }) {
  return (
    <span className={`plat-mark plat-mark--${platform} ${small ? 'plat-mark--sm' : ''}`}>
      {platform === 'bank' ? <BankcardOutline /> : platform === 'alipay' ? <AlipayCircleFill /> : <WechatIcon />}
    </span>
  );
}
