import type { MoneyChange, Names, Notice } from '@app/contract';
import { formatDateCN } from '@app/kit';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { isLang, SOURCE_LANG, type Lang } from './i18n';

/** A server-owned name in `lang`: its translation when the server has one, else the zh-CN `name`. */
export function pickName(item: { name: string; names?: Names | undefined }, lang: Lang): string {
  return lang === SOURCE_LANG ? item.name : item.names?.[lang] || item.name;
}

/** The reader's language and a picker of server-owned names in it. */
export function useLocalName(): (item: { name: string; names?: Names | undefined }) => string {
  const { i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : SOURCE_LANG;
  return useCallback((item) => pickName(item, lang), [lang]);
}

type GiftNames = readonly { gift_id: number; name: string; names?: Names }[];

/** A gift's name in `lang`, found in the catalogue by id (or by its zh-CN name); `fallback` for one since removed. */
export function giftName(gifts: GiftNames, id: number | undefined, fallback: string, lang: Lang): string {
  const g = gifts.find((x) => x.gift_id === id) ?? gifts.find((x) => x.name === fallback);
  return g ? pickName(g, lang) : fallback;
}

const str = (v: string | number | undefined): string => (v === undefined ? '' : String(v));
/** `v` when it is one of `options`, else the first option (an unknown value never shows a raw key). */
const oneOf = <T extends string>(options: readonly T[], v: unknown): T => options.find((o) => o === v) ?? options[0]!;
const PLATFORMS = ['bank', 'alipay', 'wechat'] as const;
const SCOPES = ['chat', 'post', 'login', 'live'] as const;
const TARGETS = ['post', 'comment', 'video'] as const;
const ACTIONS = ['hidden', 'deleted'] as const;

/**
 * The subtitle of a wallet record, rendered from its type and parameters in the reader's language.
 * A record without the parameters it needs shows its zh-CN remark to zh-CN readers only.
 */
export function recordText(c: MoneyChange, t: TFunction, gifts: GiftNames, lang: Lang): string {
  const p = c.params;
  const zh = lang === SOURCE_LANG ? c.remark : '';
  switch (c.type) {
    case 'check_in':
      return p.day !== undefined ? t('wallet.sub.check_in', { day: p.day }) : zh;
    case 'recharge':
    case 'recharge_bonus':
      return p.coins !== undefined ? t(`wallet.sub.${c.type}`, { coins: p.coins }) : zh;
    case 'gift':
    case 'gift_fee':
      return p.count !== undefined
        ? t('wallet.sub.gift', { gift: giftName(gifts, typeof p.gift_id === 'number' ? p.gift_id : undefined, str(p.gift), lang), count: p.count })
        : zh;
    case 'video_buy':
    case 'video_fee':
      return p.title !== undefined ? t('wallet.sub.video', { title: p.title }) : zh;
    case 'withdraw_freeze':
      return p.platform !== undefined
        ? t('wallet.sub.withdraw_freeze', { platform: t(`withdraw.platform.${oneOf(PLATFORMS, p.platform)}`), account: p.account })
        : zh;
    case 'withdraw_refund':
    case 'recharge_refund':
      return p.reason !== undefined ? t(`wallet.sub.${c.type}`, { reason: p.reason }) : zh;
    case 'envelope_send':
      return p.shares !== undefined ? t('wallet.sub.envelope_send', { shares: p.shares }) : zh;
    case 'envelope_grab':
    case 'envelope_refund':
    case 'luckybag_in':
    case 'luckybag_win':
    case 'luckybag_refund':
      return t(`wallet.sub.${c.type}`);
    case 'adjust':
      if (p.reason === 'demo') return t('wallet.sub.demoGrant');
      return p.reason !== undefined ? t('wallet.sub.adjust', { reason: p.reason }) : zh;
    case 'collect':
    case 'exchange':
    case 'exchange_fee':
    case 'withdraw_payout':
    case 'withdraw_fee':
      return t(`wallet.sub.${c.type}`);
    default:
      return zh;
  }
}

/** A notice's title and text in the reader's language: its template's, or the operator's own words. */
export function noticeText(n: Pick<Notice, 'kind' | 'params' | 'title' | 'content'>, t: TFunction): { title: string; content: string } {
  const p = n.params;
  switch (n.kind) {
    case '':
      return { title: n.title, content: n.content };
    case 'banned':
      return {
        title: t(`notices.banTitle.${oneOf(SCOPES, p.scope)}`),
        content: t('notices.banned.content', { reason: p.reason ?? '', until: p.until ? formatDateCN(p.until, 'YYYY-MM-DD HH:mm') : '' }),
      };
    case 'content_removed': {
      const v = { what: t(`notices.target.${oneOf(TARGETS, p.target)}`), action: t(`notices.action.${oneOf(ACTIONS, p.action)}`) };
      return { title: t('notices.content_removed.title', v), content: t('notices.content_removed.content', v) };
    }
    case 'lucky_bag_won': {
      const prize = p.gift ? t('notices.lucky_bag_won.gift', { gift: p.gift }) : t('notices.lucky_bag_won.coins', { coins: p.coins ?? '' });
      return { title: t('notices.lucky_bag_won.title'), content: t('notices.lucky_bag_won.content', { name: p.name ?? '', prize }) };
    }
    case 'live_preview':
      return {
        title: t('notices.live_preview.title', { name: p.name ?? '' }),
        content: t('notices.live_preview.content', { title: p.title ?? '', time: p.at ? formatDateCN(p.at, 'HH:mm') : '' }),
      };
    default:
      return {
        title: t(`notices.${n.kind}.title`, { name: p.name ?? '' }),
        content: t(`notices.${n.kind}.content`, { reason: p.reason ?? '', title: p.title ?? '', name: p.name ?? '' }),
      };
  }
}
