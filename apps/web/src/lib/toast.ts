/**
 * One place every non-React module shows a toast through (the API client, the hall client).
 * antd-mobile's Toast (with its animation library, ~25 KiB gzip) loads on the first toast, not at launch.
 */
export function showToast(content: string, icon?: 'success' | 'fail' | 'loading'): void {
  void import('antd-mobile/es/components/toast').then(({ default: Toast }) => Toast.show({ content, icon, duration: 2500 }));
}
