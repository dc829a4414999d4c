import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createRouter } from './app/router';
// Emoji in one look everywhere (Windows has no flags, older phones miss new emoji): the font is served by us, cut
// by Unicode ranges so a browser downloads only the slices a page shows.
import '@fontsource/noto-color-emoji';
import './index.css';
import { initTheme } from './lib/theme';

initTheme();

function App() {
  const [router] = useState(createRouter);
  return <RouterProvider router={router} />;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <App />
    </AppProviders>
  </StrictMode>,
);
