import { SpinLoading } from 'antd-mobile';

/** Spinner shown while a screen or its data loads; it fades in after 200 ms so fast loads never flash. */
export function PageLoading({ full = true }: { full?: boolean }) {
  return (
    <div className={full ? 'page-loading page-loading--full' : 'page-loading'} role="status" aria-live="polite">
      <SpinLoading color="primary" style={{ '--size': '32px' }} />
    </div>
  );
}
