// A flag that turns on only after its condition has held for a delay, and off at once: keeps
// short waits from flashing a loading state.
import { useEffect, useState } from "react";

export function useDelayedFlag(condition: boolean, delayMs: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!condition) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [condition, delayMs]);
  return condition && shown;
}
