import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import { useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import { onAntdLocaleChange } from '../locale/languagePack';
import { queryClient } from '../state/queries/client';

type AntdLocale = ComponentProps<typeof ConfigProvider>['locale'];

/** Server state, antd-mobile's locale (switched with the app language). */
export function Providers({ children }: { children: ReactNode }) {
  const [locale, setLocale] = useState<AntdLocale | null>(null);
  useEffect(() => {
    onAntdLocaleChange((l) => setLocale(l ?? null));
    return () => onAntdLocaleChange(null);
  }, []);
  const content = <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  // zh-CN is antd-mobile's default: a provider is only needed for another language.
  return locale ? <ConfigProvider locale={locale}>{content}</ConfigProvider> : content;
}
