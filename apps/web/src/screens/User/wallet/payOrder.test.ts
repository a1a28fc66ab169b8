import { describe, expect, it } from 'vitest';
import { orderedProviders } from './payOrder';

describe('pay methods per language', () => {
  it('puts cards first in English and the sandbox last in both', () => {
    expect(orderedProviders(['sandbox', 'stripe'], 'en')).toEqual(['stripe', 'sandbox']);
    expect(orderedProviders(['sandbox', 'stripe'], 'zh-CN')).toEqual(['stripe', 'sandbox']);
    expect(orderedProviders(['sandbox'], 'en')).toEqual(['sandbox']);
    expect(orderedProviders([], 'zh-CN')).toEqual([]);
  });

  it('puts Alipay (and WeChat Pay beside it) first in Chinese, after cards in English', () => {
    expect(orderedProviders(['sandbox', 'stripe', 'alipay'], 'zh-CN')).toEqual(['alipay', 'stripe', 'sandbox']);
    expect(orderedProviders(['sandbox', 'stripe', 'alipay'], 'en')).toEqual(['stripe', 'alipay', 'sandbox']);
    expect(orderedProviders(['alipay', 'sandbox'], 'en')).toEqual(['alipay', 'sandbox']);
    // A method this client has no row for keeps the server's order, after the known ones.
    const withNew = ['paypal', 'sandbox', 'alipay'] as unknown as Parameters<typeof orderedProviders>[0];
    expect(orderedProviders(withNew, 'zh-CN')).toEqual(['alipay', 'sandbox', 'paypal']);
  });
});
