import { Toast } from 'antd-mobile';

/** One place every non-React module shows a toast through (the API client, the hall client). */
export function showToast(content: string, icon?: 'success' | 'fail' | 'loading'): void {
  Toast.show({ content, icon, duration: 2500 });
}
