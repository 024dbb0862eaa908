import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { setNavigator } from './lib/navigation.ts';
import { routes } from './router/routes.tsx';
import { installDevtoolsBlocker } from './components/devtoolsBlocker.ts';
import { reportCaughtError } from './router/errors.ts';
import { App } from './App.tsx';
import './styles/global.css';
import './styles/shell.css';
import './styles/landing.css';

installDevtoolsBlocker(import.meta.env.PROD);

const router = createBrowserRouter(routes);
// Code outside React (the request layer after a 401, stores) routes through the same history.
setNavigator((to, options) => void router.navigate(to, options));

createRoot(document.getElementById('root')!, { onCaughtError: reportCaughtError }).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
