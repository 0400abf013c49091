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

/** Marks the extra history entry that catches the browser's Back while the form is dirty. */
const MARK = 'facetLeaveGuard';
const onSentinel = () => !!(window.history.state as Record<string, unknown> | null)?.[MARK];
/** The history index react-router keeps in each entry's state. */
const historyIdx = (state: unknown): number | undefined => {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : undefined;
};

/**
 * Holds back leaving the form while it has unsaved changes and asks first. The console uses a
 * BrowserRouter (no data router, so no useBlocker), so:
 * - in-app navigation (the form's own buttons, the menu): the router's navigator is wrapped;
 * - the browser's Back: a copy of the form's history entry (same URL, same router index, marked)
 *   is pushed on top while dirty. Back lands on the form's own entry, which the router shows as
 *   the same page (the form keeps its state), and the question is asked; staying pushes the copy
 *   again, leaving goes back once more. A navigation from the form replaces the copy, so the
 *   history holds no extra entry afterwards;
 * - closing or reloading the tab: the browser's own question (beforeunload).
 * Not covered: going back several entries at once (the history menu) leaves without asking.
 */
export function useLeaveGuard(dirty: boolean) {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const [pending, setPending] = useState<(() => void) | null>(null);
  const bypass = useRef(false);
  /** The user chose to leave by Back: the next history moves are not ours to stop. */
  const leaving = useRef(false);
  const rearm = useRef<() => void>(() => {});

  useEffect(() => {
    if (!dirty) return;
    leaving.current = false;
    const nav = navigator as unknown as PatchableNavigator;
    const { push, replace } = nav;
    // From the copy entry a push replaces it, so no stray entry stays behind.
    const forward = (args: unknown[]) => (onSentinel() ? replace : push).apply(nav, args);
    nav.push = (...args) => {
      if (bypass.current || ALWAYS_ALLOWED.test(targetPath(args[0]))) return forward(args);
      setPending(() => () => forward(args));
    };
    nav.replace = (...args) => {
      if (bypass.current || ALWAYS_ALLOWED.test(targetPath(args[0]))) return replace.apply(nav, args);
      setPending(() => () => replace.apply(nav, args));
    };

    const formIdx = historyIdx(window.history.state);
    const arm = () => {
      if (!onSentinel())
        window.history.pushState({ ...(window.history.state ?? {}), [MARK]: true }, '', window.location.href);
    };
    rearm.current = arm;
    arm();
    const onPop = () => {
      if (leaving.current || onSentinel()) return;
      // Further back than the form's own entry: the router has already left the form.
      if (formIdx === undefined || historyIdx(window.history.state) !== formIdx) return;
      setPending(() => () => {
        leaving.current = true;
        window.history.back();
      });
    };
    const onUnload = (e: BeforeUnloadEvent) => {
      if (leaving.current) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('popstate', onPop);
    window.addEventListener('beforeunload', onUnload);
    return () => {
      nav.push = push;
      nav.replace = replace;
      rearm.current = () => {};
      window.removeEventListener('popstate', onPop);
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
    stay: () => {
      setPending(null);
      // Back took the copy entry away: put it back for the next Back.
      rearm.current();
    },
    leave: () => {
      const go = pending;
      setPending(null);
      if (go) allow(go);
    },
    allow,
  };
}
