// Warns before leaving the editor with unsaved changes: the browser's own prompt when the page is
// closed or reloaded, and a confirmation for links inside the site.
import { useEffect, useRef } from "react";
import { useBlocker } from "react-router";

export const leaveMessage = "You have unsaved changes. Leave the editor without saving them?";

/** Returns a function to call before a deliberate departure (after logout, for instance). */
export function useLeaveGuard(dirty: boolean): () => void {
  const leaving = useRef(false);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(leaveMessage)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  return () => {
    leaving.current = true;
  };
}
