// Warns before leaving a screen with unsaved changes: the browser's own prompt when the page is
// closed or reloaded, and a confirmation for links inside the site. The admin shell reads the
// same flag, so its Logout asks first too.
import { useEffect, useRef } from "react";
import { type Location, useBlocker } from "react-router";
import { useLeaveGuardRegistry } from "~/capabilities/workspace/shell/leave-guard";

export const leaveMessage = "You have unsaved changes. Leave this screen without saving them?";

export function useLeaveGuard(dirty: boolean): void {
  const registry = useLeaveGuardRegistry();
  registry.dirty.current = dirty;
  useEffect(() => {
    const { dirty: flag } = registry;
    return () => {
      flag.current = false;
    };
  }, [registry]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (registry.leaving.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty, registry]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !registry.leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );
  // One question per blocked navigation, even if the screen renders again before the answer lands.
  const askedFor = useRef<Location | null>(null);
  useEffect(() => {
    if (blocker.state !== "blocked") {
      askedFor.current = null;
      return;
    }
    if (askedFor.current === blocker.location) return;
    askedFor.current = blocker.location;
    if (window.confirm(leaveMessage)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
}
