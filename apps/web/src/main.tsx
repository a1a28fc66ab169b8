import './app/antdRender';
import './locale/i18n';
import './app/theme.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { boot } from './app/boot';
import { Providers } from './app/Providers';
import { createAppRouter } from './app/router';

boot();
const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
