import { useTranslation } from 'react-i18next';

/**
 * Spinner shown while a screen or its data loads; it fades in after 200 ms so fast loads never flash.
 * Drawn in CSS (antd-mobile's SpinLoading animates with react-spring, which would weigh on the launch).
 */
export function PageLoading({ full = true }: { full?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={full ? 'page-loading page-loading--full' : 'page-loading'} role="status" aria-live="polite">
      <span className="page-loading__ring" aria-label={t('launch.loading')} />
    </div>
  );
}
