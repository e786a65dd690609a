// True once React has hydrated in the browser; false during server rendering and hydration, so
// server HTML can show a no-JavaScript fallback that JavaScript then enhances.
import { useSyncExternalStore } from "react";

function subscribe() {
  return () => {};
}

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
