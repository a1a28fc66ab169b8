import type { Lang } from '../../locale/i18n';

/** Query-key factories, one per resource; invalidate by the `all` prefix. */
export const userKeys = {
  all: ['user'] as const,
  info: () => ['user', 'info'] as const,
};

export const messageKeys = {
  all: ['message'] as const,
  notices: () => ['message', 'notices'] as const,
};

export const bulletinKeys = {
  all: ['bulletin'] as const,
  list: () => ['bulletin', 'list'] as const,
  detail: (id: number) => ['bulletin', 'detail', id] as const,
};

export const currencyKeys = { byLang: (lang: Lang) => ['currency', lang] as const };

/** This device's push state (permission and subscription): the browser's, not the server's. */
export const pushKeys = { device: ['push', 'device'] as const };
