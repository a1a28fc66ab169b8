import './antdRender';
import { startTransition, StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { boot } from './boot';
import { Providers } from './Providers';
import { createAppRouter } from './router';

/**
 * The app behind the first screen: starts what runs outside React, then mounts the router in `root`.
 * The mount is a transition: React renders the tree in slices of a few milliseconds, yielding to
 * the browser between them, while the launch view stays on screen (no long task on a slow phone).
 */
export function startApp(root: Root): void {
  boot();
  const router = createAppRouter();
  startTransition(() => {
    root.render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  });
}
