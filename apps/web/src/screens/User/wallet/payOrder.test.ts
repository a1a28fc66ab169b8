import { describe, expect, it } from 'vitest';
import { orderedProviders } from './payOrder';

describe('pay methods per language', () => {
  it('puts cards first in English and the sandbox last in both', () => {
    expect(orderedProviders(['sandbox', 'stripe'], 'en')).toEqual(['stripe', 'sandbox']);
    expect(orderedProviders(['sandbox', 'stripe'], 'zh-CN')).toEqual(['stripe', 'sandbox']);
    expect(orderedProviders(['sandbox'], 'en')).toEqual(['sandbox']);
    expect(orderedProviders([], 'zh-CN')).toEqual([]);
  });
});
