import en from '@app/locale/serverMessages.en.json';
import { describe, expect, it } from 'vitest';
import { compile, translate } from './serverMessage';

const table = compile(en);

describe('server messages in English', () => {
  it('translates a fixed message', () => {
    expect(translate(table, '回放不存在或不可见')).toBe('Replay not found or not visible');
  });

  it('fills the variable parts, in the order English puts them', () => {
    expect(translate(table, '房间密码错误，还可尝试3次')).toBe('Wrong room password, 3 tries left');
    expect(translate(table, 'VIP3及以上才能赠送火箭')).toBe('火箭 can only be sent by VIP3 and above');
  });

  it('translates a variable part that is itself a message', () => {
    expect(translate(table, '该提现已通过')).toBe('This withdrawal was already approved');
    expect(translate(table, '操作太频繁，请稍后再试（30秒后重试）')).toBe('Too many requests, please try again later (retry in 30 s)');
  });

  it('keeps the field of a field error', () => {
    expect(translate(table, 'amount: 金额太大')).toBe('amount: The amount is too large');
    expect(translate(table, 'file: 视频无法处理')).toBe('file: the video cannot be processed');
  });

  it('leaves what it does not know to the caller', () => {
    expect(translate(table, '一条没有译文的消息')).toBeUndefined();
    expect(translate(table, 'title: Too small: expected string to have >=1 characters')).toBeUndefined();
  });
});
