import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { settled } from './browser.js';

/* The room's bottom bar and its ⋯ sheet, for the specs that check it fits a phone or go through it. */

/** What the room's bottom bar shows now: the chat input's width, its placeholder's and the room it has, the round buttons and the bar's right edge. */
export function roomBar(page: Page) {
  return page.locator('.room-bottom').evaluate((bar) => {
    const field = bar.querySelector<HTMLInputElement>('input[name=chat]')!;
    const style = getComputedStyle(field);
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const inner = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return {
      input: bar.querySelector('.room-input')!.getBoundingClientRect().width,
      placeholder: field.placeholder,
      placeholderWidth: ctx.measureText(field.placeholder).width,
      fieldWidth: inner,
      buttons: [...bar.querySelectorAll<HTMLElement>(':scope > button, :scope > .adm-badge-wrapper > button')].map((b) => b.dataset.testid ?? ''),
      right: Math.max(...[...bar.querySelectorAll('button')].map((b) => b.getBoundingClientRect().right)),
      viewport: window.innerWidth,
    };
  });
}

/** The bar fits a phone: every button on screen, the input at least `minInput` px wide (45 % of 375), its placeholder whole. */
export async function assertBarFits(page: Page, what: string, minInput = 168): Promise<Awaited<ReturnType<typeof roomBar>>> {
  const bar = await roomBar(page);
  assert.ok(bar.right <= bar.viewport, `${what}: the last button ends at ${bar.right} px, past the ${bar.viewport} px screen`);
  assert.ok(bar.input >= minInput, `${what}: the chat input is ${bar.input} px wide (${bar.buttons.join(', ')} beside it)`);
  assert.ok(bar.placeholderWidth <= bar.fieldWidth, `${what}: “${bar.placeholder}” (${bar.placeholderWidth} px) is cut in a ${bar.fieldWidth} px field`);
  return bar;
}

/** Opens the bar's ⋯ and waits for its sheet to stand still. */
export async function openMore(page: Page): Promise<void> {
  await page.getByTestId('more-button').click();
  await settled(page.getByTestId('room-more'));
}

/** Opens ⋯ and, from it, the danmaku settings. */
export async function openDanmakuSettings(page: Page): Promise<void> {
  await openMore(page);
  await page.getByTestId('danmaku-button').click();
  await settled(page.locator('.dm-sheet'));
}

/** Closes the bottom sheet on top (a tap on its mask, above the sheet). */
export async function closeSheet(page: Page): Promise<void> {
  await page
    .locator('.adm-mask:visible')
    .last()
    .click({ position: { x: 180, y: 100 } });
}
