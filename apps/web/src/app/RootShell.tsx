import { useEffect } from 'react';
import { Outlet, useNavigation, useRevalidator } from 'react-router';
import { Toaster } from '../lib/Toaster';
import { richTextHydrated } from '../lib/server-rich';
import { RouteEffects } from './RouteEffects';
import s from './RootShell.module.css';

/** Above both layouts (public and admin): route effects, the progress bar and the notices. */
export function RootShell() {
  const navigation = useNavigation();
  // A language switch re-runs the loaders (revalidation) without a navigation: same progress bar.
  const revalidator = useRevalidator();
  // Marks the page interactive: a server-rendered page's buttons work only after hydration (the browser
  // journeys wait for this before they click).
  useEffect(() => {
    document.documentElement.dataset.hydrated = '1';
    // rich text rendered from now on is the browser's to sanitise (lib/server-rich.ts)
    richTextHydrated();
  }, []);
  return (
    <>
      <RouteEffects />
      {navigation.state !== 'idle' || revalidator.state !== 'idle' ? <div className={s.progress} aria-hidden="true" /> : null}
      <Outlet />
      <Toaster />
    </>
  );
}
