import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { BrowserRouter, useNavigate } from 'react-router-dom';
import { type ClientBridge, connectLocalClient, isElectronBridge, useBridge, useBridgeStore } from '../bridge';
import { Notices } from '../components/Notices';
import { connectUpdateFlow } from '../components/upgrade/update-flow';
import { SiteScripts } from '../features/notices/SiteScripts';
import { connectRpaTaskError } from '../features/rpa/task-error';
import { CloseQuestion } from '../features/settings/CloseQuestion';
import { isMobileDevice } from '../lib/device';
import { usePhoneClientSync } from '../queries/phone-client';
import { queryClient } from '../queries/query-client';
import { useSoftUrl } from '../queries/releases';
import { useClientStore } from '../stores/client';
import { useNoticeStore } from '../stores/notice';
import { connectRedirectToAuth, useUserStore } from '../stores/user';
import { AppRoutes } from './AppRoutes';
import { ChunkErrorBoundary } from './ChunkErrorBoundary';
import { lazyChunk } from './lazy-chunk';
import { setNavigator } from './navigation';
import { RouteGuard } from './RouteGuard';
import { makeTheme } from './theme';

const UpgradeDialog = lazyChunk<{ bridge: ClientBridge }>(() =>
  import('../components/upgrade/UpgradeDialog').then((m) => ({ default: m.UpgradeDialog })),
);

/**
 * A rare dialog whose code is fetched the first time it opens (16011 balance, 16030 a plan's
 * quota, 16050 verification required), then stays mounted so it can close with its animation.
 */
function LazyDialogHost({ open, children }: { open: boolean; children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (open) setWanted(true);
  }, [open]);
  return wanted ? <Suspense fallback={null}>{children}</Suspense> : null;
}

const InsufficientBalanceDialog = lazyChunk(() => import('../components/InsufficientBalanceDialog'));
const PlanLimitDialog = lazyChunk(() => import('../components/PlanLimitDialog'));
const IdentityRequiredDialog = lazyChunk(() => import('../features/identity/IdentityRequiredDialog'));

function RareDialogs() {
  const balance = useNoticeStore((s) => s.insufficientBalanceOpen);
  const planLimit = useNoticeStore((s) => s.planLimitText !== null);
  const identity = useNoticeStore((s) => s.identityRequired !== null);
  return (
    <>
      <LazyDialogHost open={balance}>
        <InsufficientBalanceDialog />
      </LazyDialogHost>
      <LazyDialogHost open={planLimit}>
        <PlanLimitDialog />
      </LazyDialogHost>
      <LazyDialogHost open={identity}>
        <IdentityRequiredDialog />
      </LazyDialogHost>
    </>
  );
}

/** Lets the HTTP client and stores navigate inside the router. */
function NavigatorBinder() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((to, opts) => navigate(to, opts)), [navigate]);
  return null;
}

/** Keeps openedPhones (the client store) from the client while signed in. */
function PhoneClientSync() {
  usePhoneClientSync(useUserStore((s) => !!s.token));
  return null;
}

function SoftUrlSync() {
  useSoftUrl(useBridge()?.platform);
  return null;
}

function useMobileTracking() {
  useEffect(() => {
    const update = () => useClientStore.getState().set({ isMobile: isMobileDevice() });
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
}

/**
 * Finds the desktop client (Electron's preload, else the local API) and hands it the session
 * again after each login; in Electron the update events drive the upgrade dialog from the start,
 * so an offer sent before the dialog's code loaded is not lost.
 */
function useClientConnection(bridge: ClientBridge | null) {
  const token = useUserStore((s) => s.token);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new session is handed to the client again.
  useEffect(() => {
    void connectLocalClient();
  }, [token]);
  // A client started after the console loaded is found when the user comes back to the page.
  useEffect(() => {
    const retry = () => {
      if (useBridgeStore.getState().status.state === 'unreachable') void connectLocalClient();
    };
    window.addEventListener('focus', retry);
    return () => window.removeEventListener('focus', retry);
  }, []);
  useEffect(() => {
    if (!isElectronBridge(bridge)) return;
    return connectUpdateFlow(bridge);
  }, [bridge]);
  // A failed RPA run on this machine (the desktop app, or the client the console talks to).
  useEffect(() => (bridge ? connectRpaTaskError(bridge) : undefined), [bridge]);
  // The desktop client's session was refused by the server: sign in again, as on a session loss here.
  useEffect(() => (bridge ? connectRedirectToAuth(bridge) : undefined), [bridge]);
}

export function App() {
  const dark = useClientStore((s) => s.themeDark);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const theme = useMemo(() => makeTheme(dark, reducedMotion), [dark, reducedMotion]);
  const bridge = useBridge();
  useMobileTracking();
  useClientConnection(bridge);
  useEffect(() => {
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  }, [dark]);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        <BrowserRouter>
          <NavigatorBinder />
          <PhoneClientSync />
          <SoftUrlSync />
          <SiteScripts />
          <ChunkErrorBoundary>
            <RouteGuard>
              <AppRoutes />
            </RouteGuard>
          </ChunkErrorBoundary>
          <Notices />
          <RareDialogs />
          {isElectronBridge(bridge) && (
            <>
              <Suspense fallback={null}>
                <UpgradeDialog bridge={bridge} />
              </Suspense>
              <CloseQuestion bridge={bridge} />
            </>
          )}
        </BrowserRouter>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
