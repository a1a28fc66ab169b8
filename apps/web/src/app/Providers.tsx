import { QueryClientProvider } from '@tanstack/react-query';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
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
  // Always the same tree (a provider appearing would remount the whole app, its room sessions with
  // it); zh-CN is antd-mobile's default, so the locale is passed only for another language.
  return (
    <ConfigProvider {...(locale ? { locale } : {})}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
