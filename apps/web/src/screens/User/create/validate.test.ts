import { describe, expect, it } from 'vitest';
import { checkApply, checkCreate } from './validate';

const good = { real_name: '张三', id_card: '11010519491231002X', mobile: '13800000001', introduction: '唱歌' };

describe('checkApply', () => {
  it('accepts a valid application (lower-case x too)', () => {
    expect(checkApply(good)).toBeNull();
    expect(checkApply({ ...good, id_card: '11010519491231002x' })).toBeNull();
  });
  it.each([
    [{ real_name: '张' }, 'create.realNameInvalid'],
    [{ real_name: 'Zhang3' }, 'create.realNameInvalid'],
    [{ id_card: '110105194912310021' }, 'create.idCardInvalid'],
    [{ id_card: '11010519491331002X' }, 'create.idCardInvalid'],
    [{ mobile: '12800000001' }, 'create.mobileInvalid'],
    [{ introduction: '   ' }, 'create.introRequired'],
    [{ introduction: 'x'.repeat(141) }, 'create.introRequired'],
  ])('refuses %o', (patch, problem) => {
    expect(checkApply({ ...good, ...patch })).toBe(problem);
  });
});

describe('checkCreate', () => {
  const ok = { title: '晚安电台', category_id: 1, locked: false, password: '' };
  it('needs a title, a category, and a 6–16 character password for a locked room', () => {
    expect(checkCreate(ok)).toBeNull();
    expect(checkCreate({ ...ok, title: '  ' })).toBe('create.titleRequired');
    expect(checkCreate({ ...ok, title: 'x'.repeat(31) })).toBe('create.titleRequired');
    expect(checkCreate({ ...ok, category_id: null })).toBe('create.categoryRequired');
    expect(checkCreate({ ...ok, locked: true, password: 'abc' })).toBe('create.passwordInvalid');
    expect(checkCreate({ ...ok, locked: true, password: 'abc12' })).toBe('create.passwordInvalid');
    expect(checkCreate({ ...ok, locked: true, password: 'ab-cd1' })).toBe('create.passwordInvalid');
    expect(checkCreate({ ...ok, locked: true, password: 'abc123' })).toBeNull();
    expect(checkCreate({ ...ok, locked: true, password: 'abcd1234' })).toBeNull();
  });
});
