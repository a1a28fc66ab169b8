import type { MoneyChange, Notice } from '@app/contract';
import i18next from 'i18next';
import en from '@app/locale/en.json';
import zhCN from '@app/locale/zh-CN.json';
import { beforeAll, describe, expect, it } from 'vitest';
import { giftName, noticeText, pickName, recordText } from './serverText';

const t = i18next.getFixedT('en');
const tz = i18next.getFixedT('zh-CN');
const gifts = [{ gift_id: 2, name: '玫瑰', names: { en: 'Rose' } }];
const rec = (type: MoneyChange['type'], params: MoneyChange['params'], remark = ''): MoneyChange => ({
  id: 1,
  type,
  account: 'coin',
  amount: 1,
  balance: 1,
  remark,
  params,
  ref: '',
  created_at: '2026-11-26T00:00:00.000Z',
});
const notice = (kind: Notice['kind'], params: Record<string, string> = {}): Notice => ({
  id: 1,
  type: 'account',
  kind,
  params,
  title: '主播申请已通过',
  content: '恭喜',
  is_read: false,
  created_at: '2026-11-26T00:00:00.000Z',
});
const HAN = /\p{Script=Han}/u;

beforeAll(async () => {
  await i18next.init({ resources: { 'zh-CN': { translation: zhCN }, en: { translation: en } }, lng: 'en', interpolation: { escapeValue: false } });
});

describe('server-owned texts in the reader language', () => {
  it('picks a name by language, falling back to the zh-CN one', () => {
    expect(pickName({ name: '唱歌', names: { en: 'Singing' } }, 'en')).toBe('Singing');
    expect(pickName({ name: '唱歌', names: { en: 'Singing' } }, 'zh-CN')).toBe('唱歌');
    expect(pickName({ name: '新分类', names: {} }, 'en')).toBe('新分类');
    expect(giftName(gifts, 2, '玫瑰', 'en')).toBe('Rose');
    expect(giftName(gifts, 9, '玫瑰', 'en')).toBe('Rose');
    expect(giftName(gifts, 9, '已下架', 'en')).toBe('已下架');
  });

  it('renders wallet records from their type and parameters', () => {
    expect(recordText(rec('recharge_bonus', { coins: 680 }, '680金币 赠送'), t, gifts, 'en')).toBe('Bonus on 680 coins');
    expect(recordText(rec('recharge_bonus', { coins: 680 }, '680金币 赠送'), tz, gifts, 'zh-CN')).toBe('680金币 赠送');
    expect(recordText(rec('check_in', { day: 1 }, '签到第1天'), t, gifts, 'en')).toBe('Check-in, day 1');
    expect(recordText(rec('gift', { gift_id: 2, gift: '玫瑰', count: 3 }), t, gifts, 'en')).toBe('Rose ×3');
    expect(recordText(rec('withdraw_freeze', { platform: 'alipay', account: '138****0000' }), t, gifts, 'en')).toBe('To Alipay 138****0000');
    expect(recordText(rec('adjust', { reason: 'demo' }), t, gifts, 'en')).toBe('Demo coins');
    // A row without parameters shows its zh-CN remark to zh-CN readers only.
    expect(recordText(rec('check_in', {}, '签到第1天'), t, gifts, 'en')).toBe('');
    expect(recordText(rec('check_in', {}, '签到第1天'), tz, gifts, 'zh-CN')).toBe('签到第1天');
  });

  it('renders notices from their kind; an operator notice stays as written', () => {
    const ok = noticeText(notice('anchor_approved'), t);
    expect(HAN.test(ok.title + ok.content)).toBe(false);
    expect(noticeText(notice('anchor_rejected', { reason: 'ID unclear' }), t).content).toContain('ID unclear');
    expect(noticeText(notice('banned', { scope: 'chat', reason: 'spam', until: '2026-11-27T00:00:00.000Z' }), t).title).toBe('You were muted');
    expect(noticeText(notice('content_removed', { target: 'comment', action: 'deleted' }), t).title).toBe('Your comment was deleted');
    expect(noticeText(notice(''), t)).toEqual({ title: '主播申请已通过', content: '恭喜' });
  });
});
