import 'i18next';
import type zhCN from '@app/locale/zh-CN.json';

// Keys are typed from the source catalog: a missing key is a compile error.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof zhCN };
  }
}
