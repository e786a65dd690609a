// What the shell must know of the screen inside it: whether it holds unsaved changes, so that
// Logout can ask first, and a way to let the screen's own leave warning stand down.
import { createContext, type ReactNode, useContext, useMemo, useRef } from "react";

type LeaveGuardRegistry = {
  /** The current screen's answer to "are there unsaved changes?" */
  dirty: { current: boolean };
  /** Set just before a deliberate departure (logout), so no second warning shows. */
  leaving: { current: boolean };
};

const LeaveGuardContext = createContext<LeaveGuardRegistry | null>(null);

export function LeaveGuardProvider({ children }: { children: ReactNode }) {
  const dirty = useRef(false);
  const leaving = useRef(false);
  const value = useMemo(() => ({ dirty, leaving }), []);
  return <LeaveGuardContext.Provider value={value}>{children}</LeaveGuardContext.Provider>;
}

/** The registry when the screen sits inside the shell; a private one otherwise. */
export function useLeaveGuardRegistry(): LeaveGuardRegistry {
  const shared = useContext(LeaveGuardContext);
  const own = useRef<LeaveGuardRegistry | null>(null);
  own.current ??= { dirty: { current: false }, leaving: { current: false } };
  return shared ?? own.current;
}
