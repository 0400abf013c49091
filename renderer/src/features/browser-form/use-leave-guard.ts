import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { UNSAFE_NavigationContext } from 'react-router-dom';

type Go = (...args: unknown[]) => void;
interface PatchableNavigator {
  push: Go;
  replace: Go;
}

/** Paths a session loss or a refusal sends the user to: never held back by a form. */
const ALWAYS_ALLOWED = /^\/(login|403)\b/;
const targetPath = (to: unknown) =>
  typeof to === 'string' ? to : ((to as { pathname?: string } | undefined)?.pathname ?? '');

/**
 * Holds back in-app navigation while the form has unsaved changes and asks first; the tab's
 * close or reload gets the browser's own question. The console uses a BrowserRouter (no data
 * router, so no useBlocker): the router's navigator is wrapped while the form is dirty.
 */
export function useLeaveGuard(dirty: boolean) {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const [pending, setPending] = useState<(() => void) | null>(null);
  const bypass = useRef(false);

  useEffect(() => {
    if (!dirty) return;
    const nav = navigator as unknown as PatchableNavigator;
    const { push, replace } = nav;
    const wrap =
      (go: Go): Go =>
      (...args) => {
        if (bypass.current || ALWAYS_ALLOWED.test(targetPath(args[0]))) return go.apply(nav, args);
        setPending(() => () => go.apply(nav, args));
      };
    nav.push = wrap(push);
    nav.replace = wrap(replace);
    const onUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onUnload);
    return () => {
      nav.push = push;
      nav.replace = replace;
      window.removeEventListener('beforeunload', onUnload);
    };
  }, [dirty, navigator]);

  /** Runs a navigation the form itself wants (after saving). */
  const allow = useCallback((go: () => void) => {
    bypass.current = true;
    try {
      go();
    } finally {
      bypass.current = false;
    }
  }, []);

  return {
    asking: pending !== null,
    stay: () => setPending(null),
    leave: () => {
      const go = pending;
      setPending(null);
      if (go) allow(go);
    },
    allow,
  };
}
