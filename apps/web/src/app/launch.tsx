import '../locale/i18n';
import { createRoot } from 'react-dom/client';
import { LaunchView } from '../screens/Index/LaunchView';
import { BootRetry } from './BootRetry';
import { reloadFailedStyles } from './reloadFailedStyles';

/*
 * React takes over index.html's launch shell with the same view in the active language (the launch
 * budget, decision "launch budget"); the router, server state, the session and the screens load as
 * one parallel fetch behind it. A failed load (offline on a first visit) says so and tries again by itself.
 */
const root = createRoot(document.getElementById('root')!);
root.render(<LaunchView />);

function load(): void {
  reloadFailedStyles();
  import('./start').then(
    ({ startApp }) => startApp(root),
    (err: unknown) => {
      console.error('[boot]', err);
      root.render(
        <LaunchView>
          <BootRetry onRetry={load} />
        </LaunchView>,
      );
    },
  );
}
load();
