import './app/theme.css';
import './screens/Index/launch.css';

// zod without its JIT: the app's Content-Security-Policy has no 'unsafe-eval', and zod's probe for
// eval (a caught `new Function`) would still be reported as a violation. zod reads this object when
// it loads (`globalThis.__zod_globalConfig`), so no zod code is needed here, before the first paint.
(globalThis as { __zod_globalConfig?: { jitless: boolean } }).__zod_globalConfig = { jitless: true };

/*
 * index.html paints the launch view from its own markup and inline styles; the scripts behind it
 * (fetched meanwhile, the HTML preloads them) run only once that first frame is on screen, so the
 * first paint waits for no script, and their work comes after it in tasks of its own.
 */
function start(): void {
  import('./app/launch').catch((err: unknown) => {
    // Preloaded and precached, so rare: tried again a few seconds later.
    console.error('[boot]', err);
    setTimeout(start, 3_000);
  });
}

function afterFirstPaint(run: () => void): void {
  let ran = false;
  const once = () => {
    if (!ran) {
      ran = true;
      run();
    }
  };
  // A frame's callbacks run before it is painted; a task queued from them runs after.
  const logo = document.querySelector<HTMLImageElement>('.launch__logo');
  void (logo ? logo.decode() : Promise.resolve()).catch(() => undefined).then(() => requestAnimationFrame(() => setTimeout(once, 0)));
  // A page opened in the background paints no frame until shown: it starts anyway.
  if (document.visibilityState === 'hidden') setTimeout(once, 0);
}

afterFirstPaint(start);
